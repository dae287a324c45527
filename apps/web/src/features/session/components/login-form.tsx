import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { type ComponentType, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import type { MessageKey } from '../../../i18n/i18n';
import { type ApiError, errorSnackbarText, toApiError } from '../../../lib/api-client';
import { useAppDispatch } from '../../../lib/store-hooks';
import { signIn } from '../session-steps';

/** The notice shown beside the message for an account whose e-mail is not confirmed yet. */
export type UnconfirmedNotice = ComponentType<{ email: string }>;

type FormError = { key: MessageKey } | { text: string };

/** The form-level message for a failed sign-in that carries no field messages. */
export function signInFailure(error: ApiError): FormError {
  switch (error.status) {
    case 401:
      return { key: 'login.invalidCredentials' };
    case 403:
      // The server refuses an account whose e-mail is not confirmed yet (docs/product.md#error-handling).
      return { key: 'login.unconfirmed' };
    case 429:
      return { key: 'login.rateLimited' };
    default: {
      const text = error.status === 422 ? null : errorSnackbarText(error);
      return text ? { text } : { key: 'login.failed' };
    }
  }
}

/** Server field names may be nested (`auth.email`); the form's fields are the last segment. */
function formFields(fields: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, message] of Object.entries(fields)) {
    out[name.slice(name.lastIndexOf('.') + 1)] = message;
  }
  return out;
}

/**
 * E-mail and password; on success the signIn thunk lands the user on /, unless `stayOnPage` (the
 * page then sends the signed-in user on itself, e.g. back to checkout). The page that puts the form
 * together may pass `loadUnconfirmedNotice`: it is called only when a sign-in answers that the
 * account is unconfirmed (keeping the login page's first visit small), and before the error is
 * shown, so both appear together.
 */
export function LoginForm({
  loadUnconfirmedNotice,
  stayOnPage = false,
}: {
  loadUnconfirmedNotice?: () => Promise<UnconfirmedNotice>;
  stayOnPage?: boolean;
}) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [formError, setFormError] = useState<FormError | null>(null);
  const [Notice, setNotice] = useState<UnconfirmedNotice | null>(null);
  const { values, field, handleSubmit, showMessages, submitting } = useForm(
    { email: '', password: '' },
    { email: { required: true, email: true }, password: { required: true } },
  );

  const submit = handleSubmit(async ({ email, password }) => {
    setFormError(null);
    try {
      await dispatch(signIn({ email: email.trim(), password, redirect: !stayOnPage })).unwrap();
    } catch (rejected) {
      const error = toApiError(rejected);
      const fields = formFields(error.fields);
      if (Object.keys(fields).length > 0) {
        showMessages(fields);
        return;
      }
      const failure = signInFailure(error);
      if ('key' in failure && failure.key === 'login.unconfirmed') {
        // Without the notice (its chunk failed to load) the message alone still explains.
        const notice = await loadUnconfirmedNotice?.().catch(() => null);
        if (notice) setNotice(() => notice);
      }
      setFormError(failure);
    }
  });

  return (
    <Box
      component="form"
      noValidate
      onSubmit={submit}
      data-testid="login-form"
      sx={{ maxWidth: 400 }}
    >
      <Stack spacing={1}>
        {formError && (
          <Alert severity="error" data-testid="login-error">
            {'key' in formError ? t(formError.key) : formError.text}
          </Alert>
        )}
        {formError && 'key' in formError && formError.key === 'login.unconfirmed' && Notice && (
          <Notice email={values.email.trim()} />
        )}
        <TextInput
          {...field('email')}
          type="email"
          label={t('login.email')}
          autoComplete="email"
          testId="login-email"
        />
        <TextInput
          {...field('password')}
          type="password"
          label={t('login.password')}
          autoComplete="current-password"
          testId="login-password"
        />
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            data-testid="login-submit"
          >
            {t('login.submit')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
