import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { GuestCustomersPage } from '../../features/customers';

/** /customers/guest (admins): walk-in customers and the classes staff book for them. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.customersGuest')} />
      <GuestCustomersPage />
    </section>
  );
}
