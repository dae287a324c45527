import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { PasswordResetForm } from '../../features/accounts';

/** /password_reset/{token}: the mailed reset link. */
export function Component() {
  const { t } = useTranslation();
  const { token = '' } = useParams();
  return (
    <section>
      <PageTitle title={t('pages.passwordResetToken')} />
      <PasswordResetForm key={token} token={token} />
    </section>
  );
}
