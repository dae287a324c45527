import { useTranslation } from 'react-i18next';
import { PageTitle } from '../../components/page-title';
import { PasswordResetRequestForm } from '../../features/accounts';

/** /password_reset/: asks for a reset link. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('pages.passwordReset')} />
      <PasswordResetRequestForm />
    </section>
  );
}
