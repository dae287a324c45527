import { cardExpired, parseCardExpiry } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TextInput } from '../../../components/form/text-input';
import { useForm } from '../../../components/form/use-form';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf, zonedDate } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { intentIdOf, useConfirmFakePaymentMutation } from '../checkout-api';
import type { PaymentFormProps } from './payment-form-props';

const digits = (value: string) => value.replace(/[\s-]/g, '');

/**
 * The fake provider's card form (docs/product.md#checkout-and-orders): number, expiry and CVC like
 * a real one, with the test cards named. Only the number reaches the server, which answers like
 * Stripe's test cards (4242… accepted, …0002 declined, …9995 insufficient funds). An expiry before
 * the current month in the user's zone is refused here, as Stripe refuses it; the server is told
 * the expiry too and refuses a month that has ended everywhere.
 */
export function FakeCardForm({ payment, amount, onSucceeded, onRefused }: PaymentFormProps) {
  const { t } = useTranslation();
  const [declined, setDeclined] = useState<string | null>(null);
  const [confirm] = useConfirmFakePaymentMutation();
  const zone = timeZoneOf(useAppSelector(selectUser));
  const { field, handleSubmit, submitting, formMessages } = useForm(
    { card_number: '', expiry: '', cvc: '' },
    {
      card_number: { required: true, check: (v) => /^\d{12,19}$/.test(digits(v)) },
      expiry: { required: true, check: (v) => parseCardExpiry(v) !== null },
      cvc: { required: true, check: (v) => /^\d{3,4}$/.test(v) },
    },
    {
      check: ({ expiry }) => {
        const parsed = parseCardExpiry(expiry);
        return parsed && cardExpired(parsed, zonedDate(Date.now(), zone))
          ? { expiry: 'checkout.payment.expired' }
          : {};
      },
    },
  );

  const submit = handleSubmit(
    async ({ card_number, expiry }) => {
      setDeclined(null);
      const parsed = parseCardExpiry(expiry);
      const result = await confirm({
        intentId: intentIdOf(payment.client_secret),
        body: {
          card_number: digits(card_number),
          client_secret: payment.client_secret,
          ...(parsed ? { exp_month: parsed.month, exp_year: parsed.year } : {}),
        },
      }).unwrap();
      if (result.status === 'succeeded') {
        onSucceeded();
        return;
      }
      const message = result.error?.message ?? t('checkout.payment.declined');
      setDeclined(message);
      onRefused?.();
    },
    {
      label: t('checkout.payment.failed'),
      // An expired or canceled order's intent is refused too: the page finds out which.
      onFailure: () => {
        onRefused?.();
        return false;
      },
    },
  );

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="fake-card-form">
      <Stack spacing={1} sx={{ maxWidth: 420 }}>
        <Typography variant="body2" data-testid="fake-card-hint">
          {t('checkout.payment.testCards')}
        </Typography>
        {declined && (
          <Alert severity="error" role="alert" data-testid="payment-declined">
            {declined}
          </Alert>
        )}
        {formMessages.length > 0 && <Alert severity="error">{formMessages.join(' ')}</Alert>}
        <TextInput
          {...field('card_number')}
          label={t('checkout.payment.cardNumber')}
          autoComplete="cc-number"
          inputMode="numeric"
          testId="card-number"
        />
        <Stack direction="row" spacing={2}>
          <TextInput
            {...field('expiry')}
            label={t('checkout.payment.expiry')}
            autoComplete="cc-exp"
            testId="card-expiry"
          />
          <TextInput
            {...field('cvc')}
            label={t('checkout.payment.cvc')}
            autoComplete="cc-csc"
            inputMode="numeric"
            testId="card-cvc"
          />
        </Stack>
        <Box>
          <Button type="submit" variant="contained" disabled={submitting} data-testid="pay-submit">
            {t('checkout.payment.pay', { amount })}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
