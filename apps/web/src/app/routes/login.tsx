import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { LoginForm, selectUser, type UnconfirmedNotice } from '../../features/session';
import { loadFeatureStrings } from '../../i18n/i18n';
import { paths } from '../../lib/route-paths';
import { useAppSelector } from '../../lib/store-hooks';

/** The accounts feature's notice for an unconfirmed account, with the page strings it uses. */
async function loadUnconfirmedNotice(): Promise<UnconfirmedNotice> {
  const [accounts] = await Promise.all([import('../../features/accounts'), loadFeatureStrings()]);
  return accounts.UnconfirmedNotice;
}

/** /login: signed-in users have nothing to do here and go to the start page. */
export function Component() {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  if (user) return <Navigate to={paths.home} replace />;
  return (
    <section>
      <PageTitle title={t('login.title')} />
      <LoginForm loadUnconfirmedNotice={loadUnconfirmedNotice} />
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
