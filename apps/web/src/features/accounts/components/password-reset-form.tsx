import { PASSWORD_MIN_LENGTH, type TokenErrorReason } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppDispatch } from '../../../app/hooks';
import { paths } from '../../../app/route-paths';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { handleError } from '../../../lib/api-client';
import { snackbarShown } from '../../ui/ui-slice';
import { checkPasswordReset, linkFailureReason, resetPassword } from '../accounts-api';
import { signInWithToken } from '../accounts-session';
import { serverFieldMessages } from '../../../components/form/server-messages';
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
  const { values, field, handleSubmit, setServerErrors, submitting } = useForm(
    { password: '' },
    { password: { required: true } },
  );

  useEffect(() => {
    let current = true;
    setState({ phase: 'checking' });
    checkPasswordReset(token).then(
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
  }, [token]);

  const submit = handleSubmit(async ({ password }) => {
    if (password.length < PASSWORD_MIN_LENGTH) {
      setServerErrors({
        password: t('register.messages.passwordTooShort', { minLength: PASSWORD_MIN_LENGTH }),
      });
      return;
    }
    let jwt: string;
    try {
      jwt = await resetPassword(token, password);
    } catch (error) {
      const reason = linkFailureReason(error);
      if (reason) {
        setState({ phase: 'refused', reason });
        return;
      }
      const { byField, other } = serverFieldMessages(error, ['password'], t);
      if (byField.password) setServerErrors(byField);
      else if (other.length > 0) setServerErrors({ password: other.join(' ') });
      else handleError(error);
      return;
    }
    await dispatch(signInWithToken(jwt));
    dispatch(snackbarShown({ content: t('passwordReset.token.done'), type: 'success' }));
    navigate(paths.home, { replace: true });
  });

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
