import type { User } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { handleError } from '../../../lib/api-client';
import { changeEmail } from '../accounts-api';
import { serverFieldMessages } from '../../../components/form/server-messages';
import { SettingsSection } from './settings-section';

const FIELDS = ['email', 'current_password'] as const;

/**
 * Changing the e-mail address: the new address gets a confirmation link, and nothing changes
 * until it is opened (the current password proves it is the owner asking).
 */
export function EmailChangeForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const [otherErrors, setOtherErrors] = useState<string[]>([]);
  const { field, handleSubmit, setServerErrors, submitting } = useForm(
    { email: '', current_password: '' },
    { email: { required: true, email: true }, current_password: { required: true } },
  );
  const submit = handleSubmit(async ({ email, current_password }) => {
    setPending(null);
    setOtherErrors([]);
    try {
      setPending(await changeEmail(user.id, { email: email.trim(), current_password }));
    } catch (error) {
      const { byField, other } = serverFieldMessages(error, FIELDS, t);
      setServerErrors(byField);
      setOtherErrors(other);
      if (Object.keys(byField).length === 0 && other.length === 0) handleError(error);
    }
  });
  return (
    <SettingsSection title={t('accountSettings.email.title')} testId="email-section">
      <Stack spacing={1} sx={{ maxWidth: 480 }}>
        <Typography data-testid="email-current">
          {t('accountSettings.email.current', { email: user.email })}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} data-testid="email-form">
          {otherErrors.length > 0 && <Alert severity="error">{otherErrors.join(' ')}</Alert>}
          <TextInput
            {...field('email')}
            type="email"
            label={t('accountSettings.email.newEmail')}
            autoComplete="email"
            testId="email-new"
          />
          <TextInput
            {...field('current_password')}
            type="password"
            label={t('accountSettings.email.currentPassword')}
            autoComplete="current-password"
            testId="email-password"
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={submitting}
              data-testid="email-submit"
            >
              {t('accountSettings.email.submit')}
            </Button>
          </Box>
        </Box>
        <Box role="status">
          {pending && (
            <Alert severity="info" data-testid="email-pending">
              {t('accountSettings.email.pending', { email: pending })}
            </Alert>
          )}
        </Box>
      </Stack>
    </SettingsSection>
  );
}
