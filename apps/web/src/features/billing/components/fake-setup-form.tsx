import { useTranslation } from 'react-i18next';
import { FakeCardEntry } from '../../../components/payment/fake-card-entry';
import { useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { useConfirmFakeSetupMutation } from '../billing-api';

export type SetupFormProps = {
  setup: { setup_intent_id: string; client_secret: string; publishable_key: string | null };
  /** The provider saved the card: the page stores it. */
  onSaved: () => void;
};

const TEST_IDS = {
  form: 'fake-setup-form',
  declined: 'card-declined',
  number: 'setup-card-number',
  expiry: 'setup-card-expiry',
  cvc: 'setup-card-cvc',
  submit: 'save-card',
};

/**
 * The fake provider's form saving a card (docs/decisions/075-monthly-tuition-and-billing-runs.md),
 * checkout's card entry: 4242… saves, …0002 is declined, …0341 saves but every charge to it fails.
 */
export function FakeSetupForm({ setup, onSaved }: SetupFormProps) {
  const { t } = useTranslation();
  const [confirm] = useConfirmFakeSetupMutation();
  const timeZone = timeZoneOf(useAppSelector(selectUser));
  return (
    <FakeCardEntry
      timeZone={timeZone}
      confirm={(card) =>
        confirm({
          setupIntentId: setup.setup_intent_id,
          body: { ...card, client_secret: setup.client_secret },
        }).unwrap()
      }
      hint={t('billing.cards.testCards')}
      submitLabel={t('billing.cards.save')}
      failureLabel={t('billing.cards.saveFailed')}
      testIds={TEST_IDS}
      onSucceeded={onSaved}
    />
  );
}
