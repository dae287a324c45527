import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { ManageKlassGroups } from '../../features/classes';

/** /manage_classes (admin): the programmes. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.manageClasses')} />
      <ManageKlassGroups />
    </section>
  );
}
