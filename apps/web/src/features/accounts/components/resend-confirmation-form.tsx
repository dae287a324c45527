import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { useResendConfirmationMutation } from '../accounts-api';

/**
 * "Send a new link" on the check-your-mail page: the address (prefilled when known) and a button.
 * The answer is the same for every address, and so is what this says.
 */
export function ResendConfirmationForm({ email }: { email: string }) {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [resendConfirmation] = useResendConfirmationMutation();
  const { field, handleSubmit, submitting, formMessages } = useForm(
    { email },
    { email: { required: true, email: true } },
  );
  const submit = handleSubmit(async (values) => {
    const address = values.email.trim();
    setSentTo(null);
    await resendConfirmation(address).unwrap();
    setSentTo(address);
  });
  return (
    <Box component="form" noValidate onSubmit={submit} sx={{ maxWidth: 400 }}>
      <Stack spacing={1}>
        <FormErrorAlert messages={formMessages} />
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
