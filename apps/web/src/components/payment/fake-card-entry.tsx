import { cardExpired, parseCardExpiry } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { zonedDate } from '../../lib/zoned-time';
import { TextInput } from '../form/text-input';
import { useForm } from '../form/use-form';

const digits = (value: string) => value.replace(/[\s-]/g, '');

/** What the fake provider is told of a card: its number, and its expiry when it parses. */
export type FakeCard = { card_number: string; exp_month?: number; exp_year?: number };

/** The fake provider's answer to a card: succeeded, or refused with its message. */
export type FakeCardOutcome = { status: string; error?: { message?: string } | null };

export type FakeCardEntryProps = {
  /** Sends the card to the fake provider (a payment's or a saved card's confirm). */
  confirm: (card: FakeCard) => Promise<FakeCardOutcome>;
  hint: string;
  submitLabel: string;
  /** The label of an error that is not a refusal (the provider could not be reached). */
  failureLabel: string;
  /** The form's test ids, which the end-to-end tests name. */
  testIds: {
    form: string;
    hint?: string;
    declined: string;
    number: string;
    expiry: string;
    cvc: string;
    submit: string;
  };
  /** The user's time zone, whose current month an expiry must not be before. */
  timeZone: string;
  onSucceeded: () => void;
  /** Told of a refusal, and of a failure (an expired order's intent is refused too). */
  onRefused?: () => void;
};

/**
 * The fake provider's card entry (docs/product.md#checkout-and-orders): number, expiry and CVC like
 * a real one, with the test cards named, for paying and for saving a card alike. Only the number
 * and expiry reach the server, which answers like Stripe's test cards. An expiry before the
 * current month in the user's zone is refused here, as Stripe refuses it.
 */
export function FakeCardEntry({
  confirm,
  hint,
  submitLabel,
  failureLabel,
  testIds,
  timeZone,
  onSucceeded,
  onRefused,
}: FakeCardEntryProps) {
  const { t } = useTranslation();
  const [declined, setDeclined] = useState<string | null>(null);
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
        return parsed && cardExpired(parsed, zonedDate(Date.now(), timeZone))
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
        card_number: digits(card_number),
        ...(parsed ? { exp_month: parsed.month, exp_year: parsed.year } : {}),
      });
      if (result.status === 'succeeded') {
        onSucceeded();
        return;
      }
      setDeclined(result.error?.message ?? t('checkout.payment.declined'));
      onRefused?.();
    },
    {
      label: failureLabel,
      onFailure: () => {
        onRefused?.();
        return false;
      },
    },
  );

  return (
    <Box component="form" noValidate onSubmit={submit} data-testid={testIds.form}>
      <Stack spacing={1} sx={{ maxWidth: 420 }}>
        <Typography variant="body2" data-testid={testIds.hint}>
          {hint}
        </Typography>
        {declined && (
          <Alert severity="error" role="alert" data-testid={testIds.declined}>
            {declined}
          </Alert>
        )}
        {formMessages.length > 0 && <Alert severity="error">{formMessages.join(' ')}</Alert>}
        <TextInput
          {...field('card_number')}
          label={t('checkout.payment.cardNumber')}
          autoComplete="cc-number"
          inputMode="numeric"
          testId={testIds.number}
        />
        <Stack direction="row" spacing={2}>
          <TextInput
            {...field('expiry')}
            label={t('checkout.payment.expiry')}
            autoComplete="cc-exp"
            testId={testIds.expiry}
          />
          <TextInput
            {...field('cvc')}
            label={t('checkout.payment.cvc')}
            autoComplete="cc-csc"
            inputMode="numeric"
            testId={testIds.cvc}
          />
        </Stack>
        <Box>
          <Button
            type="submit"
            variant="contained"
            disabled={submitting}
            data-testid={testIds.submit}
          >
            {submitLabel}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
