import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { DeleteAccountSection, DownloadDataSection } from '../../features/account-data';
import {
  AvatarSection,
  ClassRemindersSection,
  EmailChangeForm,
  PasswordChangeForm,
  ProfileForm,
} from '../../features/accounts';
import { AccountAgreements } from '../../features/agreements';
import { SavedCards } from '../../features/billing';
import { FamilyGuardians, FamilyMembers } from '../../features/family';
import { selectUser } from '../../features/session';
import { paths } from '../../lib/route-paths';
import { useAppSelector } from '../../lib/store-hooks';

/**
 * /account_settings: profile, picture, family members, agreements, class reminders, e-mail and
 * password of the signed-in user.
 * A mailed e-mail change link of the form `?email_token=` is handed to its own page.
 */
export function Component() {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const [search] = useSearchParams();
  const emailToken = search.get('email_token');
  if (emailToken) return <Navigate to={paths.accountSettingsEmail(emailToken)} replace />;
  // The route guard lets only signed-in users here.
  if (!user) return null;
  return (
    <section>
      <PageTitle title={t('pages.accountSettings')} />
      <Stack spacing={3}>
        <ProfileForm key={`profile-${user.id}`} user={user} />
        <AvatarSection user={user} />
        <FamilyMembers user={user} />
        {user.role === 'student' && <FamilyGuardians />}
        <AccountAgreements />
        {/* Cards autopay of monthly tuition charges (decision 075); the family's, shared. */}
        {user.role === 'student' && <SavedCards />}
        <ClassRemindersSection key={`reminders-${user.id}`} user={user} />
        <EmailChangeForm key={`email-${user.email}`} user={user} />
        <PasswordChangeForm user={user} />
        {/* A family's data is theirs (docs/product.md#your-data); staff accounts are the school's. */}
        {user.role === 'student' && <DownloadDataSection user={user} />}
        {user.role === 'student' && <DeleteAccountSection user={user} />}
      </Stack>
    </section>
  );
}
