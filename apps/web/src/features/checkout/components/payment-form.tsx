import CircularProgress from '@mui/material/CircularProgress';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { FakeCardForm } from './fake-card-form';
import type { PaymentFormProps } from './payment-form-props';

// Stripe Elements is loaded only for a Stripe payment: the fake provider (development, tests)
// never downloads it.
const StripePayment = lazy(async () => ({
  default: (await import('./stripe-payment')).StripePayment,
}));

/**
 * The card form for an order's payment, whichever provider takes it: one interface
 * (`PaymentFormProps`), so the checkout page does not care (decision 029).
 */
export function PaymentForm(props: PaymentFormProps) {
  const { t } = useTranslation();
  if (props.payment.provider === 'fake') return <FakeCardForm {...props} />;
  return (
    <Suspense fallback={<CircularProgress size={24} aria-label={t('checkout.payment.loading')} />}>
      <StripePayment {...props} />
    </Suspense>
  );
}
