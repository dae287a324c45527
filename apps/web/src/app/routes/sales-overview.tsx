import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { SalesOverviewPage } from '../../features/sales';

/** /sales_overview (admins): revenue, refunds and seats sold over a range of dates. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.salesOverview')} />
      <SalesOverviewPage />
    </section>
  );
}
