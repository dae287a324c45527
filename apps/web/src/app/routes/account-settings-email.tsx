import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { EmailChangeConfirm } from '../../features/accounts';

/**
 * /account_settings/email/{token}: applies an e-mail change from the link mailed to the new
 * address. Public, because the link may be opened where nobody is signed in.
 */
export function Component() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <section>
      <PageTitle title={t('accountSettings.emailConfirm.title')} />
      <EmailChangeConfirm key={token} token={token} />
    </section>
  );
}
