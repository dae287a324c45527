import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe } from '@stripe/stripe-js';
import { type FormEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPaymentScript } from '../../../lib/payment-script';
import type { SetupFormProps } from './fake-setup-form';

/**
 * Saving a card with Stripe Elements (card numbers never reach this server), as checkout pays:
 * Stripe.js confirms the setup intent, then the page stores the card it saved.
 */
export function StripeSetupForm(props: SetupFormProps) {
  const { t } = useTranslation();
  const key = props.setup.publishable_key;
  const [stripe, setStripe] = useState<Stripe | null | 'failed'>(null);
  useEffect(() => {
    let current = true;
    if (!key) return;
    loadPaymentScript().then(
      (StripeJs) => current && setStripe(StripeJs(key)),
      () => current && setStripe('failed'),
    );
    return () => {
      current = false;
    };
  }, [key]);
  if (!key || stripe === 'failed') {
    return (
      <Alert severity="error" role="alert">
        {t('checkout.payment.scriptFailed')}
      </Alert>
    );
  }
  if (!stripe) return <CircularProgress size={24} aria-label={t('checkout.payment.loading')} />;
  return (
    <Elements stripe={stripe} options={{ locale: 'en' }}>
      <CardSetup {...props} />
    </Elements>
  );
}

function CardSetup({ setup, onSaved }: SetupFormProps) {
  const { t } = useTranslation();
  const stripe = useStripe();
  const elements = useElements();
  const labelId = useId();
  const [declined, setDeclined] = useState<string | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const card = elements?.getElement(CardElement);
    if (!stripe || !card) return;
    setSubmitting(true);
    setDeclined(null);
    try {
      const result = await stripe.confirmCardSetup(setup.client_secret, {
        payment_method: { card },
      });
      if (result.error) setDeclined(result.error.message ?? t('checkout.payment.declined'));
      else onSaved();
    } finally {
      setSubmitting(false);
    }
  };
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="stripe-setup-form">
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        {declined && (
          <Alert severity="error" role="alert">
            {declined}
          </Alert>
        )}
        <FormLabel id={labelId}>{t('checkout.payment.card')}</FormLabel>
        <Box
          role="group"
          aria-labelledby={labelId}
          sx={{ border: 1, borderColor: 'divider', borderRadius: 1, p: 1.5 }}
        >
          <CardElement options={{ hidePostalCode: true }} />
        </Box>
        <Box>
          <Button type="submit" variant="contained" disabled={!stripe || submitting}>
            {t('billing.cards.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
