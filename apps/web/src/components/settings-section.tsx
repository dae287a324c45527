import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import { type ReactNode, useId } from 'react';

/** One titled part of the account settings page (an h2 in a panel). */
export function SettingsSection({
  title,
  children,
  testId,
}: {
  title: string;
  children: ReactNode;
  testId?: string;
}) {
  const id = useId();
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby={id}
      data-testid={testId}
      sx={{ p: { xs: 2, sm: 3 }, maxWidth: 720 }}
    >
      <Typography id={id} variant="h2" sx={{ fontSize: 22, mb: 2 }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}
