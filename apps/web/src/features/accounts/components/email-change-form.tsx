import type { User } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { SettingsSection } from '../../../components/settings-section';
import { useChangeEmailMutation } from '../accounts-api';

/**
 * Changing the e-mail address: the new address gets a confirmation link, and nothing changes
 * until it is opened (the current password proves it is the owner asking).
 */
export function EmailChangeForm({ user }: { user: User }) {
  const { t } = useTranslation();
  const [pending, setPending] = useState<string | null>(null);
  const [changeEmail] = useChangeEmailMutation();
  const { field, handleSubmit, submitting, formMessages } = useForm(
    { email: '', current_password: '' },
    { email: { required: true, email: true }, current_password: { required: true } },
  );
  const submit = handleSubmit(async ({ email, current_password }) => {
    setPending(null);
    setPending(
      await changeEmail({
        userId: user.id,
        body: { email: email.trim(), current_password },
      }).unwrap(),
    );
  });
  return (
    <SettingsSection title={t('accountSettings.email.title')} testId="email-section">
      <Stack spacing={1} sx={{ maxWidth: 480 }}>
        <Typography data-testid="email-current">
          {t('accountSettings.email.current', { email: user.email })}
        </Typography>
        <Box component="form" noValidate onSubmit={submit} data-testid="email-form">
          <FormErrorAlert messages={formMessages} />
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
