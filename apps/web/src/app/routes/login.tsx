import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { LoginForm, selectUser } from '../../features/session';
import { paths } from '../../lib/route-paths';
import { useAppSelector } from '../../lib/store-hooks';

/** /login: signed-in users have nothing to do here and go to the start page. */
export function Component() {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  if (user) return <Navigate to={paths.home} replace />;
  return (
    <section>
      <PageTitle title={t('login.title')} />
      <LoginForm />
      <Stack spacing={1} sx={{ mt: 3 }}>
        <Link component={RouterLink} to={paths.passwordReset}>
          {t('login.forgotPassword')}
        </Link>
        <Typography>
          {t('login.noAccount')}{' '}
          <Link component={RouterLink} to={paths.register}>
            {t('login.signUp')}
          </Link>
        </Typography>
      </Stack>
    </section>
  );
}
