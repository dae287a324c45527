import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { handleError } from '../../../lib/api-client';
import { paths } from '../../../lib/route-paths';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { selectUser, setUser } from '../../session';
import { useApplyEmailChangeMutation } from '../accounts-api';
import { failureReason, linkFailureReason } from '../link-failure';
import { LinkProblem } from './link-problem';

type State =
  | { phase: 'ready' }
  | { phase: 'done'; email: string }
  | { phase: 'refused'; reason: 'invalid' | 'expired' | 'used' | 'taken' };

/**
 * Applies an e-mail change from the link mailed to the new address. It needs no session (the
 * link may be opened on another device); when the signed-in user is the one changed, the session
 * user takes the new address too.
 */
export function EmailChangeConfirm({ token }: { token: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [state, setState] = useState<State>({ phase: 'ready' });
  const [applying, setApplying] = useState(false);
  const [applyEmailChange] = useApplyEmailChangeMutation();

  const apply = async () => {
    setApplying(true);
    try {
      const updated = await applyEmailChange(token).unwrap();
      if (user && user.id === updated.id) dispatch(setUser(updated));
      setState({ phase: 'done', email: updated.email });
    } catch (error) {
      const reason = failureReason(error) === 'email_taken' ? 'taken' : linkFailureReason(error);
      if (reason) setState({ phase: 'refused', reason });
      else handleError(error);
    } finally {
      setApplying(false);
    }
  };

  const next = user ? (
    <Button component={RouterLink} to={paths.accountSettings} variant="outlined">
      {t('accountSettings.emailConfirm.toSettings')}
    </Button>
  ) : (
    <Button component={RouterLink} to={paths.login} variant="outlined">
      {t('accountSettings.emailConfirm.login')}
    </Button>
  );

  if (state.phase === 'refused') {
    return (
      <LinkProblem message={t(`accountSettings.emailConfirm.${state.reason}`)}>{next}</LinkProblem>
    );
  }
  if (state.phase === 'done') {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Alert severity="success" role="status" data-testid="email-change-done">
          {t('accountSettings.emailConfirm.done', { email: state.email })}
        </Alert>
        <Box>{next}</Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography>{t('accountSettings.emailConfirm.lead')}</Typography>
      <Box>
        <Button
          variant="contained"
          onClick={apply}
          disabled={applying}
          data-testid="email-change-apply"
        >
          {t('accountSettings.emailConfirm.submit')}
        </Button>
      </Box>
    </Stack>
  );
}
