import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { FamilyLedger } from '../../features/ledger';
import { OrdersPage } from '../../features/orders';
import { FamilyPasses } from '../../features/passes';
import { MyWaitlist } from '../../features/waitlist';

export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.orders')} />
      <MyWaitlist />
      <OrdersPage />
      <FamilyPasses />
      <FamilyLedger />
    </section>
  );
}
