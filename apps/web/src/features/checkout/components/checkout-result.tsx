import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useSearchParams } from 'react-router';
import type { MessageKey } from '../../../i18n/i18n';
import { paths } from '../../../lib/route-paths';
import { OrderSummary, useOrderQuery } from '../../orders';

/**
 * /checkout/complete?order={id}: the order bought, and where to go next. An order whose payment
 * the provider accepted but whose webhook has not arrived yet is still pending: the page says
 * it is being confirmed rather than that it failed. Without an order to show (no `?order=`, or
 * one that did not load) it claims nothing was paid and points to the orders list.
 */
export function CheckoutComplete() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const orderId = search.get('order');
  const { data: order, isLoading } = useOrderQuery(orderId ?? '', { skip: !orderId });
  return (
    <Stack spacing={3} sx={{ maxWidth: 640 }}>
      {isLoading ? (
        <CircularProgress size={24} aria-label={t('checkout.loading')} />
      ) : !order ? (
        <Typography data-testid="checkout-complete-no-order">
          {t('checkout.complete.noOrder')}
        </Typography>
      ) : order.status === 'pending' ? (
        <Alert severity="info" data-testid="checkout-complete-pending">
          {t('checkout.complete.pending')}
        </Alert>
      ) : (
        <Typography data-testid="checkout-complete-lead">{t('checkout.complete.lead')}</Typography>
      )}
      {order && <OrderSummary order={order} />}
      <Stack direction="row" spacing={2}>
        <Button component={RouterLink} to={paths.orders} variant="contained">
          {t('checkout.complete.orders')}
        </Button>
        <Button component={RouterLink} to={paths.classes} variant="outlined">
          {t('checkout.complete.classes')}
        </Button>
      </Stack>
    </Stack>
  );
}

const REASONS: Record<string, MessageKey> = {
  expired: 'checkout.failed.expired',
  canceled: 'checkout.failed.canceled',
  failed: 'checkout.failed.failed',
};

/** /checkout/failed?reason=…: why the order was not paid, and the way back to the cart. */
export function CheckoutFailed() {
  const { t } = useTranslation();
  const [search] = useSearchParams();
  const reason = REASONS[search.get('reason') ?? ''] ?? 'checkout.failed.other';
  return (
    <Stack spacing={3} sx={{ maxWidth: 640, alignItems: 'flex-start' }}>
      <Alert severity="warning" data-testid="checkout-failed-reason">
        {t(reason)}
      </Alert>
      <Button component={RouterLink} to={paths.cart} variant="contained">
        {t('checkout.backToCart')}
      </Button>
    </Stack>
  );
}
