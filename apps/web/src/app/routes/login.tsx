import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Navigate, Link as RouterLink, useSearchParams } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { LoginForm, selectUser, type UnconfirmedNotice } from '../../features/session';
import { loadFeatureStrings } from '../../i18n/i18n';
import { paths, resumeAfterSignIn } from '../../lib/route-paths';
import { useAppSelector } from '../../lib/store-hooks';
import { HydrateLater } from '../hydration-steps';

/** The accounts feature's notice for an unconfirmed account, with the page strings it uses. */
async function loadUnconfirmedNotice(): Promise<UnconfirmedNotice> {
  const [accounts] = await Promise.all([import('../../features/accounts'), loadFeatureStrings()]);
  return accounts.UnconfirmedNotice;
}

/**
 * /login: signed-in users have nothing to do here and go to the start page, or back where
 * `?redirect=` says (checkout sends a guest here with its own path, and resumes after sign-in;
 * signing up instead carries the same path through the mailed confirmation link).
 */
export function Component() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const user = useAppSelector(selectUser);
  const resume = resumeAfterSignIn(search.get('redirect'));
  if (user) return <Navigate to={resume ?? paths.home} replace />;
  // Prerendered for a guest: the page is taken over in a task of its own (app/hydration-steps.tsx).
  return (
    <HydrateLater part="page">
      <section>
        <PageTitle title={t('login.title')} />
        <LoginForm loadUnconfirmedNotice={loadUnconfirmedNotice} stayOnPage={resume !== null} />
        <Stack spacing={1} sx={{ mt: 3 }}>
          <Link component={RouterLink} to={paths.passwordReset}>
            {t('login.forgotPassword')}
          </Link>
          <Typography>
            {t('login.noAccount')}{' '}
            <Link
              component={RouterLink}
              to={
                resume
                  ? `${paths.register}?${new URLSearchParams({ redirect: resume })}`
                  : paths.register
              }
            >
              {t('login.signUp')}
            </Link>
          </Typography>
        </Stack>
      </section>
    </HydrateLater>
  );
}
