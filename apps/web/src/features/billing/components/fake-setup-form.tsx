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
import { useConfirmFakeSetupMutation } from '../billing-api';

const digits = (value: string) => value.replace(/[\s-]/g, '');

export type SetupFormProps = {
  setup: { setup_intent_id: string; client_secret: string; publishable_key: string | null };
  /** The provider saved the card: the page stores it. */
  onSaved: () => void;
};

/**
 * The fake provider's card form for saving a card (docs/decisions/075-monthly-tuition-and-billing-runs.md),
 * like checkout's: 4242… saves, …0002 is declined, …0341 saves but every charge to it fails.
 */
export function FakeSetupForm({ setup, onSaved }: SetupFormProps) {
  const { t } = useTranslation();
  const [declined, setDeclined] = useState<string | null>(null);
  const [confirm] = useConfirmFakeSetupMutation();
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
        setupIntentId: setup.setup_intent_id,
        body: {
          card_number: digits(card_number),
          client_secret: setup.client_secret,
          ...(parsed ? { exp_month: parsed.month, exp_year: parsed.year } : {}),
        },
      }).unwrap();
      if (result.status === 'succeeded') onSaved();
      else setDeclined(result.error?.message ?? t('checkout.payment.declined'));
    },
    { label: t('billing.cards.saveFailed') },
  );
  return (
    <Box component="form" noValidate onSubmit={submit} data-testid="fake-setup-form">
      <Stack spacing={1} sx={{ maxWidth: 420 }}>
        <Typography variant="body2">{t('billing.cards.testCards')}</Typography>
        {declined && (
          <Alert severity="error" role="alert" data-testid="card-declined">
            {declined}
          </Alert>
        )}
        {formMessages.length > 0 && <Alert severity="error">{formMessages.join(' ')}</Alert>}
        <TextInput
          {...field('card_number')}
          label={t('checkout.payment.cardNumber')}
          autoComplete="cc-number"
          inputMode="numeric"
          testId="setup-card-number"
        />
        <Stack direction="row" spacing={2}>
          <TextInput
            {...field('expiry')}
            label={t('checkout.payment.expiry')}
            autoComplete="cc-exp"
            testId="setup-card-expiry"
          />
          <TextInput
            {...field('cvc')}
            label={t('checkout.payment.cvc')}
            autoComplete="cc-csc"
            inputMode="numeric"
            testId="setup-card-cvc"
          />
        </Stack>
        <Box>
          <Button type="submit" variant="contained" disabled={submitting} data-testid="save-card">
            {t('billing.cards.save')}
          </Button>
        </Box>
      </Stack>
    </Box>
  );
}
