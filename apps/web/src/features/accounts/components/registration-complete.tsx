import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { MessageKey } from '../../../i18n/i18n';
import { paths } from '../../../lib/route-paths';
import { useAppSelector } from '../../../lib/store-hooks';
import { selectUser } from '../../session';
import { resumePath } from '../redirect';

const NEXT_STEPS: { text: MessageKey; action: MessageKey; to: string }[] = [
  {
    text: 'register.complete.family',
    action: 'register.complete.familyAction',
    to: paths.accountSettings,
  },
  { text: 'register.complete.book', action: 'register.complete.bookAction', to: paths.bookClass },
  {
    text: 'register.complete.gallery',
    action: 'register.complete.galleryAction',
    to: paths.gallery,
  },
];

/**
 * /register/complete/{token}: the welcome after confirmation. Where registration started
 * elsewhere (e.g. checkout), "continue where you left off" goes back there first.
 */
export function RegistrationComplete({ redirect }: { redirect: string | null }) {
  const { t } = useTranslation();
  const user = useAppSelector(selectUser);
  const resume = resumePath(redirect);
  return (
    <Stack spacing={3} data-testid="registration-complete">
      <Typography sx={{ fontSize: 18 }}>
        {user
          ? t('register.complete.lead', { name: user.name })
          : t('register.complete.leadNoName')}
      </Typography>
      {resume && (
        <div>
          <Button
            component={RouterLink}
            to={resume}
            variant="contained"
            size="large"
            data-testid="registration-continue"
          >
            {t('register.complete.continue')}
          </Button>
        </div>
      )}
      <section aria-labelledby="next-steps-title">
        <Typography id="next-steps-title" variant="h2" sx={{ fontSize: 22, mb: 2 }}>
          {t('register.complete.nextSteps')}
        </Typography>
        <Grid container spacing={2}>
          {NEXT_STEPS.map((step) => (
            <Grid key={step.to} size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" sx={{ height: '100%' }}>
                <CardContent>
                  <Typography sx={{ mb: 2 }}>{t(step.text)}</Typography>
                  <Button component={RouterLink} to={step.to} variant="outlined">
                    {t(step.action)}
                  </Button>
                </CardContent>
              </Card>
            </Grid>
          ))}
        </Grid>
      </section>
    </Stack>
  );
}
