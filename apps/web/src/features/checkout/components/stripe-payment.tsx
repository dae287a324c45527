import Alert from '@mui/material/Alert';
import { useContext } from 'react';
import { useTranslation } from 'react-i18next';
import {
  InsideWrapper,
  StripeCardEntry,
  StripePaymentProvider,
} from '../../../components/payment/stripe-card-entry';
import type { PaymentFormProps } from './payment-form-props';

/** Thrown by a Stripe card form rendered outside `StripePaymentProvider` (docs/product.md#error-handling). */
export class PaymentWrapperError extends Error {
  override name = 'PaymentWrapperError';
  constructor(cause: unknown) {
    super('The card form must be inside the payment provider wrapper (Elements context)', {
      cause,
    });
  }
}

/**
 * The card form on Stripe Elements: `confirmCardPayment` with the order's client secret. Outside
 * `StripePaymentProvider` it throws a PaymentWrapperError (the route's error element shows it).
 */
export function StripeCardForm(props: PaymentFormProps) {
  if (!useContext(InsideWrapper)) {
    throw new PaymentWrapperError('StripeCardForm rendered outside StripePaymentProvider');
  }
  return <CardForm {...props} />;
}

function CardForm({ payment, amount, onSucceeded, onRefused }: PaymentFormProps) {
  const { t } = useTranslation();
  return (
    <StripeCardEntry
      confirm={(stripe, card) =>
        stripe.confirmCardPayment(payment.client_secret, { payment_method: { card } })
      }
      submitLabel={t('checkout.payment.pay', { amount })}
      testIds={{ form: 'stripe-card-form', declined: 'payment-declined', submit: 'pay-submit' }}
      onSucceeded={onSucceeded}
      onRefused={onRefused}
    />
  );
}

/** The provider and its card form together: what `PaymentForm` loads for `stripe`. */
export function StripePayment(props: PaymentFormProps) {
  const key = props.payment.publishable_key;
  const { t } = useTranslation();
  if (!key) {
    return (
      <Alert severity="error" role="alert" data-testid="payment-script-error">
        {t('checkout.payment.scriptMissing')}
      </Alert>
    );
  }
  return (
    <StripePaymentProvider publishableKey={key}>
      <StripeCardForm {...props} />
    </StripePaymentProvider>
  );
}
