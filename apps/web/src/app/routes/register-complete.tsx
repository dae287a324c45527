import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { RegistrationComplete } from '../../features/accounts';

/** /register/complete/{token}: the welcome after confirming (`?redirect=` resumes elsewhere). */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  return (
    <section>
      <PageTitle title={t('pages.registerComplete')} />
      <RegistrationComplete redirect={search.get('redirect')} />
    </section>
  );
}
