import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { CheckoutComplete } from '../../features/checkout';

export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.checkoutComplete')} />
      <CheckoutComplete />
    </section>
  );
}
