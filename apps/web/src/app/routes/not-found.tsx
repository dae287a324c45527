import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../lib/route-paths';

/** Unknown paths and forbidden routes (docs/product.md#routes-and-screens and #error-handling). */
export function Component() {
  const { t } = useTranslation();
  return (
    <section data-testid="not-found">
      <PageTitle title={t('notFound.title')} />
      <Typography sx={{ mb: 2 }}>{t('notFound.body')}</Typography>
      <Link component={RouterLink} to={paths.home}>
        {t('notFound.backHome')}
      </Link>
    </section>
  );
}
