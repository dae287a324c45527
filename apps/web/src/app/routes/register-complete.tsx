import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { RegistrationCompleteGate } from '../../features/accounts';

/** /register/complete/{token}: the welcome after confirming (`?redirect=` resumes elsewhere). */
export function Component() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  const [search] = useSearchParams();
  return (
    <section>
      <PageTitle title={t('pages.registerComplete')} />
      <RegistrationCompleteGate token={token} redirect={search.get('redirect')} />
    </section>
  );
}
