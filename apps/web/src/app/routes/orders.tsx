import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { OrdersPage } from '../../features/orders';

export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.orders')} />
      <OrdersPage />
    </section>
  );
}
