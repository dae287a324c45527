import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../../components/page-title';
import type { MessageKey } from '../../../i18n/i18n';
import { paths } from '../../../lib/route-paths';

const SECTIONS: { to: string; title: MessageKey; description: MessageKey }[] = [
  { to: paths.sandboxDialog, title: 'sandbox.dialog', description: 'sandbox.dialogDescription' },
  { to: paths.sandboxForm, title: 'sandbox.form', description: 'sandbox.formDescription' },
  { to: paths.sandboxFile, title: 'sandbox.file', description: 'sandbox.fileDescription' },
  {
    to: paths.sandboxFileUpload,
    title: 'sandbox.fileUpload',
    description: 'sandbox.fileUploadDescription',
  },
];

/** /sandbox: the catalogue of the shared UI kit. */
export function Component() {
  const { t } = useTranslation();
  return (
    <section>
      <PageTitle title={t('sandbox.title')} />
      <Typography sx={{ mb: 3 }}>{t('sandbox.lead')}</Typography>
      <Typography variant="h2" component="h2" sx={{ mb: 2 }}>
        {t('sandbox.sections')}
      </Typography>
      <Grid container spacing={2} component="ul" sx={{ listStyle: 'none', p: 0, m: 0 }}>
        {SECTIONS.map((s) => (
          <Grid key={s.to} size={{ xs: 12, sm: 6 }} component="li">
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea component={RouterLink} to={s.to} sx={{ height: '100%' }}>
                <CardContent>
                  <Typography variant="h3" component="h3" sx={{ mb: 1 }}>
                    {t(s.title)}
                  </Typography>
                  <Typography variant="body2">{t(s.description)}</Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </section>
  );
}
