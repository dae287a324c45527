import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { GuardianInvitation } from '../../features/family';

/**
 * /guardian_invitation/{token}: a family's invitation to be its second guardian. Public, because
 * the invitee may not be signed in yet (they sign in or register, then come back here).
 */
export function Component() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <section>
      <PageTitle title={t('guardians.accept.title')} />
      <GuardianInvitation key={token} token={token} />
    </section>
  );
}
