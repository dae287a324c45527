import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ConfirmRegistration } from '../../features/accounts';

/** /register/{token}: the link mailed at registration. */
export function Component() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <section>
      <PageTitle title={t('pages.registerConfirm')} />
      <ConfirmRegistration key={token} token={token} />
    </section>
  );
}
