import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { paths } from '../../../lib/route-paths';
import { useRequestPasswordResetMutation } from '../accounts-api';

/**
 * /password_reset/: asks for the address and always answers the same way, whether or not it has
 * an account (the server answers the same too), so the page cannot be used to find accounts.
 */
export function PasswordResetRequestForm() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const [requestPasswordReset] = useRequestPasswordResetMutation();
  const { field, handleSubmit, submitting, formMessages } = useForm(
    { email: '' },
    { email: { required: true, email: true } },
  );
  const submit = handleSubmit(async ({ email }) => {
    const address = email.trim();
    setSentTo(null);
    await requestPasswordReset(address).unwrap();
    setSentTo(address);
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <Typography>{t('passwordReset.lead')}</Typography>
      <Box component="form" noValidate onSubmit={submit} data-testid="password-reset-request">
        <Stack spacing={1}>
          <FormErrorAlert messages={formMessages} />
          <TextInput
            {...field('email')}
            type="email"
            label={t('passwordReset.email')}
            autoComplete="email"
            testId="password-reset-email"
          />
          <Box>
            <Button
              type="submit"
              variant="contained"
              disabled={submitting}
              data-testid="password-reset-submit"
            >
              {sentTo ? t('passwordReset.again') : t('passwordReset.submit')}
            </Button>
          </Box>
        </Stack>
      </Box>
      <Box role="status">
        {sentTo && (
          <Alert severity="success" data-testid="password-reset-sent">
            {t('passwordReset.sent', { email: sentTo })}
          </Alert>
        )}
      </Box>
      <Link component={RouterLink} to={paths.login}>
        {t('passwordReset.backToLogin')}
      </Link>
    </Stack>
  );
}
