import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { ManagePlans } from '../../features/classes';

/** /manage_plans (admin): the plans that price schedules. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.managePlans')} />
      <ManagePlans />
    </section>
  );
}
