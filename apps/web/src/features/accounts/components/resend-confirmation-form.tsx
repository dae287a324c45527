import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { handleError } from '../../../lib/api-client';
import { resendConfirmation } from '../accounts-api';
import { serverFieldMessages } from '../../../components/form/server-messages';

/**
 * "Send a new link" on the check-your-mail page: the address (prefilled when known) and a button.
 * The answer is the same for every address, and so is what this says.
 */
export function ResendConfirmationForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, handleSubmit, setServerErrors, submitting } = useForm(
    { email },
    { email: { required: true, email: true } },
  );
  const submit = handleSubmit(async (values) => {
    const address = values.email.trim();
    setSentTo(null);
    try {
      await resendConfirmation(address);
      setSentTo(address);
    } catch (error) {
      const { byField } = serverFieldMessages(error, ['email'], t);
      if (byField.email) setServerErrors(byField);
      else handleError(error);
    }
  });
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 400 }}>
      <Stack spacing={1}>
        <TextInput
          {...field('email')}
          type="email"
          label={t('register.checkEmail.email')}
          autoComplete="email"
          testId="resend-email"
        />
        <Box>
          <Button
            type="submit"
            variant="outlined"
            disabled={submitting}
            data-testid="resend-submit"
          >
            {t('register.checkEmail.resend')}
          </Button>
        </Box>
        <Box role="status">
          {sentTo && (
            <Alert severity="success" data-testid="resend-done">
              {t('register.checkEmail.resent', { email: sentTo })}
            </Alert>
          )}
        </Box>
      </Stack>
    </Box>
  );
}
