import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { ManageOrders } from '../../features/order-management';

/** /manage_orders (admins): every order, its detail, cancelling, refunds and the CSV export. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.manageOrders')} />
      <ManageOrders />
    </section>
  );
}
