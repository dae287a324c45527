import { useTranslation } from 'react-i18next';
import { FakeCardEntry } from '../../../components/payment/fake-card-entry';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { intentIdOf, useConfirmFakePaymentMutation } from '../checkout-api';
import type { PaymentFormProps } from './payment-form-props';

const TEST_IDS = {
  form: 'fake-card-form',
  hint: 'fake-card-hint',
  declined: 'payment-declined',
  number: 'card-number',
  expiry: 'card-expiry',
  cvc: 'card-cvc',
  submit: 'pay-submit',
};

/**
 * The fake provider's form paying an order's intent (docs/product.md#checkout-and-orders): 4242…
 * accepted, …0002 declined, …9995 insufficient funds. The server is told the expiry too and
 * refuses a month that has ended everywhere.
 */
export function FakeCardForm({ payment, amount, onSucceeded, onRefused }: PaymentFormProps) {
  const { t } = useTranslation();
  const [confirm] = useConfirmFakePaymentMutation();
  const timeZone = timeZoneOf(useAppSelector(selectUser));
  return (
    <FakeCardEntry
      timeZone={timeZone}
      confirm={(card) =>
        confirm({
          intentId: intentIdOf(payment.client_secret),
          body: { ...card, client_secret: payment.client_secret },
        }).unwrap()
      }
      hint={t('checkout.payment.testCards')}
      submitLabel={t('checkout.payment.pay', { amount })}
      failureLabel={t('checkout.payment.failed')}
      testIds={TEST_IDS}
      onSucceeded={onSucceeded}
      onRefused={onRefused}
    />
  );
}
