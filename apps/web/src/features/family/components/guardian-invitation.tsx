import { GUARDIAN_REFUSALS, type GuardianRefusal } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { api } from '../../../lib/api';
import { handleError, toApiError } from '../../../lib/api-client';
import { loginRedirectingTo, paths } from '../../../lib/route-paths';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { loadSession, selectUser } from '../../session';
import { useAcceptGuardianInvitationMutation } from '../guardians-api';

type State =
  | { phase: 'ready' }
  | { phase: 'done'; family: string }
  | { phase: 'refused'; reason: GuardianRefusal };

const isRefusal = (reason: string | null): reason is GuardianRefusal =>
  (GUARDIAN_REFUSALS as readonly (string | null)[]).includes(reason);

/**
 * A second guardian's mailed invitation (docs/product.md#second-guardians): signed out, it says
 * to sign in (or register) with the invited address and comes back here; signed in, one button
 * accepts it, and the session then acts for the family.
 */
export function GuardianInvitation({ token }: { token: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const user = useAppSelector(selectUser);
  const [state, setState] = useState<State>({ phase: 'ready' });
  const [accept, { isLoading }] = useAcceptGuardianInvitationMutation();
  const here = paths.guardianInvitation(token);

  const run = async () => {
    try {
      const result = await accept({ token }).unwrap();
      // Every cached answer was this account's own (empty) family: start again as the family's.
      dispatch(api.util.resetApiState());
      await dispatch(loadSession());
      setState({ phase: 'done', family: result.family_name });
    } catch (error) {
      const { reason, status } = toApiError(error);
      if (isRefusal(reason)) setState({ phase: 'refused', reason });
      else if (status === 404) setState({ phase: 'refused', reason: 'invalid' });
      else handleError(error);
    }
  };

  if (state.phase === 'done') {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Alert severity="success" role="status" data-testid="guardian-accepted">
          {t('guardians.accept.done', { name: state.family })}
        </Alert>
        <Box>
          <Button component={RouterLink} to={paths.classes} variant="contained">
            {t('guardians.accept.toClasses')}
          </Button>
        </Box>
      </Stack>
    );
  }
  if (state.phase === 'refused') {
    return (
      <Alert severity="warning" data-testid="guardian-refused" sx={{ maxWidth: 560 }}>
        {t(`guardians.accept.refused.${state.reason}`)}
      </Alert>
    );
  }
  if (!user) {
    return (
      <Stack spacing={2} sx={{ maxWidth: 560 }}>
        <Typography>{t('guardians.accept.signInFirst')}</Typography>
        <Stack direction="row" spacing={2}>
          <Button component={RouterLink} to={loginRedirectingTo(here)} variant="contained">
            {t('guardians.accept.login')}
          </Button>
          <Button
            component={RouterLink}
            to={`${paths.register}?${new URLSearchParams({ redirect: here })}`}
            variant="outlined"
          >
            {t('guardians.accept.register')}
          </Button>
        </Stack>
      </Stack>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 560 }}>
      <Typography>{t('guardians.accept.lead', { email: user.email })}</Typography>
      <Box>
        <Button
          variant="contained"
          onClick={() => void run()}
          disabled={isLoading}
          data-testid="guardian-accept"
        >
          {t('guardians.accept.submit')}
        </Button>
      </Box>
    </Stack>
  );
}
