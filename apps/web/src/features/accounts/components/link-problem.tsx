import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../lib/route-paths';

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

/** A registration link that is not (or no longer) one: the way back is to sign up again. */
export function InvalidRegistrationLink() {
  const { t } = useTranslation();
  return (
    <LinkProblem message={t('register.confirm.invalid')}>
      <Button component={RouterLink} to={paths.register} variant="outlined">
        {t('register.confirm.registerAgain')}
      </Button>
    </LinkProblem>
  );
}
