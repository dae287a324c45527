import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { ManageCoupons } from '../../features/coupons';

/** /manage_coupons (teachers and admins): the coupons, their terms and their uses. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.manageCoupons')} />
      <ManageCoupons />
    </section>
  );
}
