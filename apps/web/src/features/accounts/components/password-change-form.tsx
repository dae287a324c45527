import { PASSWORD_MIN_LENGTH, type User } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { SettingsSection } from '../../../components/settings-section';
import { useAppDispatch } from '../../../lib/store-hooks';
import { useChangePasswordMutation } from '../accounts-api';
import { sessionTokenReplaced } from '../accounts-session';
import { PasswordStrengthHint } from './password-strength-hint';

function PasswordFields({ user, onChanged }: { user: User; onChanged: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [changePassword] = useChangePasswordMutation();
  const { values, field, handleSubmit, showMessages, submitting, formMessages } = useForm(
    { current_password: '', password: '' },
    { current_password: { required: true }, password: { required: true } },
  );
  const submit = handleSubmit(async ({ current_password, password }) => {
    if (password.length < PASSWORD_MIN_LENGTH) {
      showMessages({
        password: t('register.messages.passwordTooShort', { minLength: PASSWORD_MIN_LENGTH }),
      });
      return;
    }
    const jwt = await changePassword({
      userId: user.id,
      body: { current_password, password },
    }).unwrap();
    await dispatch(sessionTokenReplaced(jwt));
    onChanged();
  });
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="password-form">
      <FormErrorAlert messages={formMessages} />
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
