import { PASSWORD_MIN_LENGTH, type User } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppDispatch } from '../../../app/hooks';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { handleError } from '../../../lib/api-client';
import { changePassword } from '../accounts-api';
import { sessionTokenReplaced } from '../accounts-session';
import { serverFieldMessages } from '../../../components/form/server-messages';
import { PasswordStrengthHint } from './password-strength-hint';
import { SettingsSection } from './settings-section';

const FIELDS = ['current_password', 'password'] as const;

function PasswordFields({ user, onChanged }: { user: User; onChanged: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { values, field, handleSubmit, setServerErrors, submitting } = useForm(
    { current_password: '', password: '' },
    { current_password: { required: true }, password: { required: true } },
  );
  const submit = handleSubmit(async ({ current_password, password }) => {
    if (password.length < PASSWORD_MIN_LENGTH) {
      setServerErrors({
        password: t('register.messages.passwordTooShort', { minLength: PASSWORD_MIN_LENGTH }),
      });
      return;
    }
    setOtherErrors([]);
    try {
      const jwt = await changePassword(user.id, { current_password, password });
      await dispatch(sessionTokenReplaced(jwt));
      onChanged();
    } catch (error) {
      const { byField, other } = serverFieldMessages(error, FIELDS, t);
      setServerErrors(byField);
      setOtherErrors(other);
      if (Object.keys(byField).length === 0 && other.length === 0) handleError(error);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="password-form">
      {otherErrors.length > 0 && <Alert severity="error">{otherErrors.join(' ')}</Alert>}
      {/* Lets password managers file the new password under the right account. */}
      <input
        type="email"
        name="username"
        autoComplete="username"
        value={user.email}
        readOnly
        hidden
      />
      <TextInput
        {...field('current_password')}
        type="password"
        label={t('accountSettings.password.current')}
        autoComplete="current-password"
        testId="password-current"
      />
      <TextInput
        {...field('password')}
        type="password"
        label={t('accountSettings.password.newPassword')}
        autoComplete="new-password"
        testId="password-new"
      />
      <PasswordStrengthHint password={values.password} />
      <Box>
        <Button
          type="submit"
          variant="contained"
          disabled={submitting}
          data-testid="password-submit"
        >
          {t('accountSettings.password.submit')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * Changing the password: the current one is required; every other session is signed out and
 * this one continues with the fresh token the answer carries.
 */
export function PasswordChangeForm({ user }: { user: User }) {
  const { t } = useTranslation();
  // A new key after success empties the fields (the form keeps no password around).
  const [changes, setChanges] = useState(0);
  return (
    <SettingsSection title={t('accountSettings.password.title')} testId="password-section">
      <Stack spacing={1} sx={{ maxWidth: 480 }}>
        <PasswordFields key={changes} user={user} onChanged={() => setChanges((n) => n + 1)} />
        <Box role="status">
          {changes > 0 && (
            <Alert severity="success" data-testid="password-changed">
              {t('accountSettings.password.changed')}
            </Alert>
          )}
        </Box>
      </Stack>
    </SettingsSection>
  );
}
