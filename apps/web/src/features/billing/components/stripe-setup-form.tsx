import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import {
  StripeCardEntry,
  StripePaymentProvider,
} from '../../../components/payment/stripe-card-entry';
import type { SetupFormProps } from './fake-setup-form';

/**
 * Saving a card with Stripe Elements, as checkout pays: Stripe.js confirms the setup intent with
 * the card entered, then the page stores the card it saved.
 */
export function StripeSetupForm({ setup, onSaved }: SetupFormProps) {
  const { t } = useTranslation();
  const key = setup.publishable_key;
  if (!key) {
    return (
      <Alert severity="error" role="alert">
        {t('checkout.payment.scriptMissing')}
      </Alert>
    );
  }
  return (
    <StripePaymentProvider publishableKey={key}>
      <StripeCardEntry
        confirm={(stripe, card) =>
          stripe.confirmCardSetup(setup.client_secret, { payment_method: { card } })
        }
        submitLabel={t('billing.cards.save')}
        testIds={{ form: 'stripe-setup-form' }}
        onSucceeded={onSaved}
      />
    </StripePaymentProvider>
  );
}
