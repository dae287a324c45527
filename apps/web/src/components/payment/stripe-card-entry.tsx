import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import FormLabel from '@mui/material/FormLabel';
import Stack from '@mui/material/Stack';
import { CardElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeCardElement } from '@stripe/stripe-js';
import { createContext, type FormEvent, type ReactNode, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { loadPaymentScript, PaymentScriptError } from '../../lib/payment-script';

// Stripe Elements for paying an order and for saving a card alike (docs/product.md#checkout-and-orders,
// docs/decisions/075-monthly-tuition-and-billing-runs.md): card numbers never reach this server.

/** Set by `StripePaymentProvider` around its Elements: a card form outside it has no Stripe. */
export const InsideWrapper = createContext(false);

type Loaded =
  | { phase: 'loading' }
  | { phase: 'ready'; stripe: Stripe }
  | { phase: 'failed'; error: unknown };

/**
 * The card payment provider's context (docs/product.md#routes-and-screens: /checkout, locale en):
 * loads the provider's script (already on its way when a key is configured at start-up), makes
 * the client with the publishable key and wraps `children` in Elements. When the script fails to
 * load or loads without its global, it says so in place of the form.
 */
export function StripePaymentProvider({
  publishableKey,
  children,
}: {
  publishableKey: string;
  children: ReactNode;
}) {
  const { t } = useTranslation();
  const [loaded, setLoaded] = useState<Loaded>({ phase: 'loading' });

  useEffect(() => {
    let current = true;
    loadPaymentScript().then(
      (StripeJs) => current && setLoaded({ phase: 'ready', stripe: StripeJs(publishableKey) }),
      (error: unknown) => current && setLoaded({ phase: 'failed', error }),
    );
    return () => {
      current = false;
    };
  }, [publishableKey]);

  if (loaded.phase === 'failed') {
    const problem = loaded.error instanceof PaymentScriptError ? loaded.error.problem : null;
    return (
      <Alert severity="error" role="alert" data-testid="payment-script-error">
        {problem === 'not-available'
          ? t('checkout.payment.scriptMissing')
          : t('checkout.payment.scriptFailed')}
      </Alert>
    );
  }
  if (loaded.phase === 'loading') {
    return <CircularProgress size={24} aria-label={t('checkout.payment.loading')} />;
  }
  return (
    <Elements stripe={loaded.stripe} options={{ locale: 'en' }}>
      <InsideWrapper.Provider value={true}>{children}</InsideWrapper.Provider>
    </Elements>
  );
}

export type StripeCardEntryProps = {
  /** Confirms the intent with the card entered (a payment's, or a saved card's setup). */
  confirm: (
    stripe: Stripe,
    card: StripeCardElement,
  ) => Promise<{ error?: { message?: string } | undefined }>;
  submitLabel: string;
  /** The form's test ids, which the end-to-end tests name. */
  testIds: { form: string; declined?: string; submit?: string };
  onSucceeded: () => void;
  onRefused?: () => void;
};

/**
 * A card entered on Stripe Elements (card numbers never reach this server) and confirmed by
 * Stripe.js, for paying and for saving a card alike; inside `StripePaymentProvider`.
 */
export function StripeCardEntry({
  confirm,
  submitLabel,
  testIds,
  onSucceeded,
  onRefused,
}: StripeCardEntryProps) {
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
      const result = await confirm(stripe, card);
      if (result.error) {
        setDeclined(result.error.message ?? t('checkout.payment.declined'));
        onRefused?.();
      } else {
        onSucceeded();
      }
    } finally {
      setSubmitting(false);
    }
  };

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid={testIds.form}>
      <Stack spacing={2} sx={{ maxWidth: 420 }}>
        {declined && (
          <Alert severity="error" role="alert" data-testid={testIds.declined}>
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
          <Button
            type="submit"
            variant="contained"
            disabled={!stripe || submitting}
            data-testid={testIds.submit}
          >
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
