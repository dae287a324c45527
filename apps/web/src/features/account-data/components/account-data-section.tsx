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
import { handleError } from '../../../lib/api-client';
import {
  type ExportOutcome,
  useExportAccountDataMutation,
  useRequestAccountDeletionMutation,
} from '../account-data-api';

/** "Download my data": saved at once for most families, mailed as a link for large ones. */
export function DownloadDataSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const [exportData, { isLoading }] = useExportAccountDataMutation();
  const [outcome, setOutcome] = useState<ExportOutcome | null>(null);
  const start = async () => {
    setOutcome(null);
    try {
      const day = new Date().toISOString().slice(0, 10);
      setOutcome(await exportData({ filename: `atelier-data-${user.id}-${day}.zip` }).unwrap());
    } catch (error) {
      handleError(error, t('accountData.download.failed'));
    }
  };
  return (
    <SettingsSection title={t('accountData.download.title')} testId="data-download-section">
      <Stack spacing={2}>
        <Typography>{t('accountData.download.lead')}</Typography>
        <Box>
          <Button
            variant="outlined"
            onClick={start}
            disabled={isLoading}
            data-testid="data-download"
          >
            {t('accountData.download.submit')}
          </Button>
        </Box>
        <Box role="status">
          {outcome && (
            <Alert severity="success" data-testid={`data-download-${outcome}`}>
              {t(`accountData.download.${outcome}`, { email: user.email })}
            </Alert>
          )}
        </Box>
      </Stack>
    </SettingsSection>
  );
}

/**
 * "Delete my account": says what goes and what stays, asks for the password, and mails the link
 * that deletes (nothing is deleted until it is opened).
 */
export function DeleteAccountSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const [requestDeletion] = useRequestAccountDeletionMutation();
  const [mailed, setMailed] = useState(false);
  const { field, handleSubmit, submitting, formMessages } = useForm(
    { password: '' },
    { password: { required: true } },
  );
  const submit = handleSubmit(async ({ password }) => {
    await requestDeletion({ password }).unwrap();
    setMailed(true);
  });
  return (
    <SettingsSection title={t('accountData.delete.title')} testId="account-delete-section">
      <Stack spacing={2}>
        <Typography>{t('accountData.delete.deleted')}</Typography>
        <Typography>{t('accountData.delete.kept')}</Typography>
        <Typography>{t('accountData.delete.byMail')}</Typography>
        {mailed ? (
          <Alert severity="info" role="status" data-testid="account-delete-mailed">
            {t('accountData.delete.mailed', { email: user.email })}
          </Alert>
        ) : (
          <Box component="form" noValidate onSubmit={submit} data-testid="account-delete-form">
            <FormErrorAlert messages={formMessages} />
            <input
              type="email"
              name="username"
              autoComplete="username"
              value={user.email}
              readOnly
              hidden
            />
            <TextInput
              {...field('password')}
              type="password"
              label={t('accountData.delete.password')}
              autoComplete="current-password"
              testId="account-delete-password"
            />
            <Box>
              <Button
                type="submit"
                color="error"
                variant="contained"
                disabled={submitting}
                data-testid="account-delete-submit"
              >
                {t('accountData.delete.submit')}
              </Button>
            </Box>
          </Box>
        )}
      </Stack>
    </SettingsSection>
  );
}
