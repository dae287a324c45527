import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { UserGroupPage } from '../../features/user-groups';

/** /user_groups/{id} (teachers and admins): one user group, its members and the other groups. */
export function Component() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  return (
    <section>
      <PageTitle title={t('pages.userGroup')} />
      {/* Another group starts a fresh page (dialogs closed, its own members' pages). */}
      <UserGroupPage key={id} id={id} />
    </section>
  );
}
