import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SettingsSection } from '../../../components/settings-section';
import { handleError } from '../../../lib/api-client';
import {
  usePaymentMethodsQuery,
  useRemovePaymentMethodMutation,
  useSavePaymentMethodMutation,
} from '../billing-api';
import { FakeSetupForm, type SetupFormProps } from './fake-setup-form';

// Stripe Elements loads only when Stripe saves the card: the fake provider never downloads it.
const StripeSetupForm = lazy(async () => ({
  default: (await import('./stripe-setup-form')).StripeSetupForm,
}));

type Setup = SetupFormProps['setup'] & { provider: 'stripe' | 'fake' };

/**
 * "Saved cards" on /account_settings (docs/decisions/075-monthly-tuition-and-billing-runs.md):
 * the family's cards (second guardians share them), the default one autopay charges; add one
 * through the provider's card form, remove one.
 */
export function SavedCards() {
  const { t } = useTranslation();
  const { data: cards, isLoading } = usePaymentMethodsQuery();
  const [save, { isLoading: starting }] = useSavePaymentMethodMutation();
  const [remove] = useRemovePaymentMethodMutation();
  const [setup, setSetup] = useState<Setup | null>(null);

  const start = async () => {
    try {
      const result = await save({}).unwrap();
      if ('setup' in result) setSetup(result.setup);
    } catch (error) {
      handleError(error, t('billing.cards.saveFailed'));
    }
  };
  const finish = async () => {
    if (!setup) return;
    try {
      await save({ setup_intent_id: setup.setup_intent_id }).unwrap();
      setSetup(null);
    } catch (error) {
      handleError(error, t('billing.cards.saveFailed'));
    }
  };
  const removeCard = async (id: string) => {
    try {
      await remove(id).unwrap();
    } catch (error) {
      handleError(error, t('billing.cards.removeFailed'));
    }
  };

  return (
    <SettingsSection title={t('billing.cards.title')} testId="saved-cards">
      {isLoading ? (
        <CircularProgress size={24} aria-label={t('billing.cards.loading')} />
      ) : cards && cards.length > 0 ? (
        <List dense>
          {cards.map((card) => (
            <ListItem
              key={card.id}
              data-testid="saved-card"
              secondaryAction={
                <Button
                  size="small"
                  color="error"
                  onClick={() => void removeCard(card.id)}
                  aria-label={t('billing.cards.removeNamed', { last4: card.last4 })}
                >
                  {t('billing.cards.remove')}
                </Button>
              }
            >
              <ListItemText
                primary={
                  <>
                    {t('billing.cards.card', { brand: card.brand, last4: card.last4 })}{' '}
                    {card.default && <Chip size="small" label={t('billing.cards.default')} />}
                  </>
                }
                secondary={t('billing.cards.expires', {
                  month: String(card.exp_month).padStart(2, '0'),
                  year: card.exp_year,
                })}
              />
            </ListItem>
          ))}
        </List>
      ) : (
        <Typography>{t('billing.cards.none')}</Typography>
      )}
      <Stack spacing={2} sx={{ mt: 1 }}>
        {setup === null ? (
          <Button
            variant="outlined"
            onClick={() => void start()}
            disabled={starting}
            data-testid="add-card"
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('billing.cards.add')}
          </Button>
        ) : setup.provider === 'fake' ? (
          <FakeSetupForm setup={setup} onSaved={() => void finish()} />
        ) : (
          <Suspense
            fallback={<CircularProgress size={24} aria-label={t('checkout.payment.loading')} />}
          >
            <StripeSetupForm setup={setup} onSaved={() => void finish()} />
          </Suspense>
        )}
        {setup !== null && <Alert severity="info">{t('billing.cards.autopayNote')}</Alert>}
      </Stack>
    </SettingsSection>
  );
}
