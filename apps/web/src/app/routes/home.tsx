import { PUBLIC_CLASS_LINKS, PUBLIC_CLASSES_LINK, PUBLIC_SITE, type Role } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { selectSessionStatus, selectUser } from '../../features/session';
import { clientConfig } from '../../lib/client-config';
import { paths } from '../../lib/route-paths';
import { useAppSelector } from '../../lib/store-hooks';
import { HydrateLater } from '../hydration-steps';
import { linkedEntries, myMenu } from '../shell/menu-data';

const OFFERS = [
  { key: 'kids', href: PUBLIC_CLASS_LINKS.observationalDrawing.href },
  { key: 'adults', href: PUBLIC_CLASS_LINKS.figureDrawing.href },
  { key: 'allAges', href: PUBLIC_CLASS_LINKS.drawingLab.href },
  { key: 'gallery', href: PUBLIC_SITE.studentGallery },
] as const;

/** The visitor's welcome: what the school offers, and the ways in. */
function GuestHome() {
  const { t } = useTranslation();
  return (
    <Box data-testid="home-guest">
      <PageTitle title={t('home.guest.title', { school: clientConfig().schoolName })} />
      <Typography sx={{ fontSize: 18, mb: 3, maxWidth: 720 }}>{t('home.guest.lead')}</Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 4 }}>
        <Button component={RouterLink} to={paths.bookClass} variant="contained" size="large">
          {t('home.guest.bookClass')}
        </Button>
        <Button
          component={RouterLink}
          to={paths.register}
          variant="outlined"
          size="large"
          color="inherit"
        >
          {t('home.guest.signUp')}
        </Button>
        <Button component={RouterLink} to={paths.login} size="large" color="inherit">
          {t('home.guest.login')}
        </Button>
      </Stack>
      <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
        {t('home.guest.offerTitle')}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0, mb: 3 }}>
        {OFFERS.map(({ key, href }) => (
          <Grid key={key} size={{ xs: 12, sm: 6 }} component="li">
            <Card variant="outlined" sx={{ height: '100%' }}>
              {/* The public site's pages live outside this app: a plain link. */}
              <CardActionArea href={href} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography>{t(`home.guest.offers.${key}`)}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
      <Link href={PUBLIC_CLASSES_LINK}>{t('home.guest.browseClasses')}</Link>
    </Box>
  );
}

/** The signed-in start page: a greeting and the role's destinations (later features add sections). */
function UserHome({ name, role }: { name: string; role: Role }) {
  const { t } = useTranslation();
  const shortcuts = linkedEntries(myMenu(role)).filter((entry) => entry.link !== paths.home);
  return (
    <Box data-testid="home-user">
      <PageTitle title={t('home.user.greeting', { name })} />
      <Typography sx={{ mb: 3 }}>{t('home.user.lead')}</Typography>
      <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
        {t('home.user.shortcuts')}
      </Typography>
      <Grid
        container
        spacing={2}
        component="ul"
        sx={{ listStyle: 'none', p: 0, m: 0 }}
        data-testid="home-shortcuts"
      >
        {shortcuts.map((entry) => (
          <Grid key={entry.id} size={{ xs: 12, sm: 6, md: 4 }} component="li">
            <Card variant="outlined">
              <CardActionArea component={RouterLink} to={entry.link}>
                <CardContent>
                  <Typography sx={{ fontWeight: 600 }}>{t(entry.title)}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Box>
  );
}

/** / and /home: a welcome for visitors, a personal start page for signed-in users. */
export function Component() {
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectUser);
  if (status !== 'loaded') return null;
  if (user) return <UserHome name={user.name} role={user.role} />;
  // The guest's welcome is prerendered: taken over in a task of its own (app/hydration-steps.tsx).
  return (
    <HydrateLater part="page">
      <GuestHome />
    </HydrateLater>
  );
}
