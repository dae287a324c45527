import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { ConfirmAccountDeletion } from '../../features/account-data';

/** /account_settings/delete/{token}: the mailed link that deletes a family's account. */
export function Component() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <section>
      <PageTitle title={t('pages.accountDeletion')} />
      <ConfirmAccountDeletion key={token} token={token} />
    </section>
  );
}
