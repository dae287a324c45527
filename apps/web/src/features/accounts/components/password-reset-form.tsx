import { PASSWORD_MIN_LENGTH, type TokenErrorReason } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { queryData } from '../../../lib/api';
import { handleError } from '../../../lib/api-client';
import { paths } from '../../../lib/route-paths';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { accountsApi, useResetPasswordMutation } from '../accounts-api';
import { signInWithToken } from '../accounts-session';
import { linkFailureReason } from '../link-failure';
import { LinkProblem } from './link-problem';
import { PasswordStrengthHint } from './password-strength-hint';

type State =
  | { phase: 'checking' }
  | { phase: 'valid'; email: string }
  | { phase: 'refused'; reason: TokenErrorReason }
  | { phase: 'failed' };

/** /password_reset/{token}: checks the link, sets the new password, signs in and lands on /. */
export function PasswordResetForm({ token }: { token: string }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [state, setState] = useState<State>({ phase: 'checking' });
  const [resetPassword] = useResetPasswordMutation();
  const { values, field, handleSubmit, showMessages, submitting, formMessages } = useForm(
    { password: '' },
    { password: { required: true } },
  );

  useEffect(() => {
    let current = true;
    setState({ phase: 'checking' });
    // Asked afresh on every visit (a link is used once) and not held: signing in clears the
    // store, and a held query would ask again about a link that is used by then.
    queryData(
      dispatch(
        accountsApi.endpoints.checkPasswordReset.initiate(token, {
          subscribe: false,
          forceRefetch: true,
        }),
      ),
    ).then(
      ({ email }) => current && setState({ phase: 'valid', email }),
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

  const submit = handleSubmit(
    async ({ password }) => {
      if (password.length < PASSWORD_MIN_LENGTH) {
        showMessages({
          password: t('register.messages.passwordTooShort', { minLength: PASSWORD_MIN_LENGTH }),
        });
        return;
      }
      const jwt = await resetPassword({ token, password }).unwrap();
      await dispatch(signInWithToken(jwt));
      dispatch(snackbarShown({ content: t('passwordReset.token.done'), type: 'success' }));
      navigate(paths.home, { replace: true });
    },
    {
      // The link may have expired or been used since it was checked: the page says so.
      onFailure: (error) => {
        const reason = linkFailureReason(error);
        if (reason) setState({ phase: 'refused', reason });
        return reason !== null;
      },
    },
  );

  if (state.phase === 'checking') {
    return (
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <CircularProgress size={24} aria-label={t('passwordReset.token.checking')} />
        <Typography>{t('passwordReset.token.checking')}</Typography>
      </Stack>
    );
  }
  if (state.phase === 'failed') return null;
  if (state.phase === 'refused') {
    const message = {
      invalid: t('passwordReset.token.invalid'),
      expired: t('passwordReset.token.expired'),
      used: t('passwordReset.token.used'),
    }[state.reason];
    return (
      <LinkProblem message={message}>
        <Button component={RouterLink} to={paths.passwordReset} variant="contained">
          {t('passwordReset.token.requestNew')}
        </Button>
      </LinkProblem>
    );
  }
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <Typography>{t('passwordReset.token.lead', { email: state.email })}</Typography>
      <Box component="form" noValidate onSubmit={submit} data-testid="password-reset-form">
        <FormErrorAlert messages={formMessages} />
        {/* Lets password managers file the new password under the right account. */}
        <input
          type="email"
          name="username"
          autoComplete="username"
          value={state.email}
          readOnly
          hidden
        />
        <TextInput
          {...field('password')}
          type="password"
          label={t('passwordReset.token.password')}
          autoComplete="new-password"
          testId="password-reset-password"
        />
        <PasswordStrengthHint password={values.password} />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            data-testid="password-reset-save"
          >
            {t('passwordReset.token.submit')}
          </Button>
        </Box>
      </Box>
    </Stack>
  );
}
