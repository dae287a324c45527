import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { CustomersPage } from '../../features/customers';

/** /customers (admins): account holders, their family, orders, enrollments and lifetime value. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.customers')} />
      <CustomersPage />
    </section>
  );
}
