import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { RegisterForm } from '../../features/accounts';
import { selectUser } from '../../features/session';
import { paths } from '../../lib/route-paths';
import { useAppSelector } from '../../lib/store-hooks';

/** /register (`?redirect=/path` resumes there after the mailed link is confirmed). */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const user = useAppSelector(selectUser);
  if (user) return <Navigate to={paths.home} replace />;
  return (
    <section>
      <PageTitle title={t('pages.register')} />
      <Typography sx={{ mb: 2, maxWidth: 560 }}>{t('register.lead')}</Typography>
      <RegisterForm redirect={search.get('redirect')} />
      <Typography sx={{ mt: 3 }}>
        {t('register.haveAccount')}{' '}
        <Link component={RouterLink} to={paths.login}>
          {t('register.login')}
        </Link>
      </Typography>
    </section>
  );
}
