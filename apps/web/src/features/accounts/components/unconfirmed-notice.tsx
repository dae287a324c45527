import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../lib/api-client';
import { useResendConfirmationMutation } from '../accounts-api';

/**
 * Mounted by the login form when sign-in answers "unconfirmed" (403): offers to mail the
 * confirmation link again to the address just typed.
 */
export function UnconfirmedNotice({ email }: { email: string }) {
  const { t } = useTranslation();
  const [state, setState] = useState<'idle' | 'sending' | 'sent'>('idle');
  const [resendConfirmation] = useResendConfirmationMutation();
  const resend = async () => {
    setState('sending');
    try {
      await resendConfirmation(email).unwrap();
      setState('sent');
    } catch (error) {
      setState('idle');
      handleError(error);
    }
  };
  return (
    <Stack spacing={1} data-testid="login-unconfirmed">
      {state !== 'sent' && (
        <div>
          <Button
            variant="outlined"
            onClick={resend}
            disabled={state === 'sending'}
            data-testid="login-resend-confirmation"
          >
            {t('register.unconfirmed.resend')}
          </Button>
        </div>
      )}
      <div role="status">
        {state === 'sent' && (
          <Alert severity="success">{t('register.unconfirmed.resent', { email })}</Alert>
        )}
      </div>
    </Stack>
  );
}
