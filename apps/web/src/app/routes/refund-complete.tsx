import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageTitle } from '../../components/page-title';
import { paths } from '../../lib/route-paths';

/**
 * /refund/complete: where the web goes once a refund request is sent (docs/architecture.md#refunds):
 * what happens next, and the way back to the orders, which show the request's state.
 */
export function Component() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ maxWidth: 640 }}>
      <PageTitle title={t('pages.refundComplete')} />
      <Typography>{t('refunds.completeIntro')}</Typography>
      <Typography>{t('refunds.completeNext')}</Typography>
      <Typography>{t('refunds.completeMoney')}</Typography>
      <div>
        <Button component={Link} to={paths.orders} variant="contained">
          {t('refunds.backToOrders')}
        </Button>
      </div>
    </Stack>
  );
}
