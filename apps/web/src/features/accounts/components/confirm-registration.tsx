import type { TokenErrorReason } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { queryData } from '../../../lib/api';
import { handleError } from '../../../lib/api-client';
import { paths } from '../../../lib/route-paths';
import { useAppDispatch } from '../../../lib/store-hooks';
import {
  accountsApi,
  type RegistrationLink,
  useConfirmUserTokenMutation,
  useResendConfirmationForTokenMutation,
} from '../accounts-api';
import { signInWithToken } from '../accounts-session';
import { linkFailureReason } from '../link-failure';
import { registrationConfirmedState } from '../registration-confirmed';
import { InvalidRegistrationLink, LinkProblem } from './link-problem';

type State =
  | { phase: 'checking' }
  | { phase: 'valid'; link: RegistrationLink }
  | { phase: 'refused'; reason: TokenErrorReason }
  | { phase: 'failed' };

/**
 * /register/{token}: checks the mailed link, then one click confirms the address and signs in
 * (a click rather than on load: mail scanners that open links must not use them up).
 */
export function ConfirmRegistration({ token }: { token: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ phase: 'checking' });
  const [confirming, setConfirming] = useState(false);
  const [resent, setResent] = useState(false);
  const [confirmUserToken] = useConfirmUserTokenMutation();
  const [resendConfirmationForToken] = useResendConfirmationForTokenMutation();

  useEffect(() => {
    let current = true;
    setState({ phase: 'checking' });
    // Asked afresh on every visit (a link is used once) and not held: confirming signs in and
    // clears the store, and a held query would ask again about a link that is used by then.
    queryData(
      dispatch(
        accountsApi.endpoints.checkUserToken.initiate(token, {
          subscribe: false,
          forceRefetch: true,
        }),
      ),
    ).then(
      (link) => current && setState({ phase: 'valid', link }),
      (error: unknown) => {
        if (!current) return;
        const reason = linkFailureReason(error);
        if (reason) setState({ phase: 'refused', reason });
        else {
          setState({ phase: 'failed' });
          handleError(error);
        }
      },
    );
    return () => {
      current = false;
    };
  }, [dispatch, token]);

  const confirm = async () => {
    setConfirming(true);
    try {
      const { jwt, redirect } = await confirmUserToken(token).unwrap();
      await dispatch(signInWithToken(jwt));
      const query = redirect ? `?${new URLSearchParams({ redirect })}` : '';
      navigate(`${paths.registerComplete(token)}${query}`, {
        replace: true,
        state: registrationConfirmedState(token),
      });
    } catch (error) {
      setConfirming(false);
      const reason = linkFailureReason(error);
      if (reason) setState({ phase: 'refused', reason });
      else handleError(error);
    }
  };

  const resend = async () => {
    try {
      await resendConfirmationForToken(token).unwrap();
      setResent(true);
    } catch (error) {
      const reason = linkFailureReason(error);
      // Confirmed meanwhile (in another tab): nothing to resend, logging in is what is left.
      if (reason === 'used') setState({ phase: 'refused', reason });
      else handleError(error);
    }
  };

  switch (state.phase) {
    case 'checking':
      return (
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <CircularProgress size={24} aria-label={t('register.confirm.checking')} />
          <Typography>{t('register.confirm.checking')}</Typography>
        </Stack>
      );
    case 'failed':
      return null;
    case 'refused':
      if (state.reason === 'used') {
        return (
          <LinkProblem message={t('register.confirm.used')}>
            <Button component={RouterLink} to={paths.login} variant="contained">
              {t('register.confirm.login')}
            </Button>
          </LinkProblem>
        );
      }
      if (state.reason === 'expired') {
        return (
          <LinkProblem message={t('register.confirm.expired')}>
            {resent ? (
              <Alert severity="success" role="status" data-testid="confirm-new-link-sent">
                {t('register.confirm.newLinkSent')}
              </Alert>
            ) : (
              <Button variant="contained" onClick={resend} data-testid="confirm-send-new-link">
                {t('register.confirm.sendNewLink')}
              </Button>
            )}
          </LinkProblem>
        );
      }
      return <InvalidRegistrationLink />;
    case 'valid':
      return (
        <Stack spacing={2} sx={{ maxWidth: 560 }}>
          <Typography data-testid="confirm-lead">
            {t('register.confirm.lead', { name: state.link.name, email: state.link.email })}
          </Typography>
          <Box>
            <Button
              variant="contained"
              onClick={confirm}
              disabled={confirming}
              data-testid="confirm-submit"
            >
              {t('register.confirm.submit')}
            </Button>
          </Box>
        </Stack>
      );
  }
}
