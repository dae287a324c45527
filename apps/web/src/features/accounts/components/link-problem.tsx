import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';

/** A mailed link that cannot be used: what happened, and what to do about it. */
export function LinkProblem({ message, children }: { message: string; children?: ReactNode }) {
  return (
    <Stack spacing={2} data-testid="link-problem" sx={{ maxWidth: 560 }}>
      <Alert severity="warning">{message}</Alert>
      {children && (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          {children}
        </Stack>
      )}
    </Stack>
  );
}
