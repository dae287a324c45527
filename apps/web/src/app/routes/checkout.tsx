import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { CheckoutPage } from '../../features/checkout';

export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.checkout')} />
      <CheckoutPage />
    </section>
  );
}
