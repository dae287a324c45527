import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { BalanceDue } from '../../features/billing';
import { PaymentForm } from '../../features/checkout';
import { FamilyLedger } from '../../features/ledger';
import { OrdersPage } from '../../features/orders';
import { FamilyPasses } from '../../features/passes';
import { MyWaitlist } from '../../features/waitlist';

export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.orders')} />
      {/* Monthly tuition left unpaid, and "Pay balance" (decision 075). */}
      <BalanceDue cardForm={(props) => <PaymentForm {...props} />} />
      <MyWaitlist />
      <OrdersPage />
      <FamilyPasses />
      <FamilyLedger />
    </section>
  );
}
