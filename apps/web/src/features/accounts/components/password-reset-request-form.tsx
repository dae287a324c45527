import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../app/route-paths';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { handleError } from '../../../lib/api-client';
import { requestPasswordReset } from '../accounts-api';
import { serverFieldMessages } from '../../../components/form/server-messages';

/**
 * /password_reset/: asks for the address and always answers the same way, whether or not it has
 * an account (the server answers the same too), so the page cannot be used to find accounts.
 */
export function PasswordResetRequestForm() {
  const { t } = useTranslation();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const { field, handleSubmit, setServerErrors, submitting } = useForm(
    { email: '' },
    { email: { required: true, email: true } },
  );
  const submit = handleSubmit(async ({ email }) => {
    const address = email.trim();
    setSentTo(null);
    try {
      await requestPasswordReset(address);
      setSentTo(address);
    } catch (error) {
      const { byField } = serverFieldMessages(error, ['email'], t);
      if (byField.email) setServerErrors(byField);
      else handleError(error);
    }
  });
  return (
    <Stack spacing={2} sx={{ maxWidth: 480 }}>
      <Typography>{t('passwordReset.lead')}</Typography>
      <Box component="form" noValidate onSubmit={submit} data-testid="password-reset-request">
        <Stack spacing={1}>
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
