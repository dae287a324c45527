import type { Order } from '@atelier/contract';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { formatPlainDate } from '../../../lib/format-date';
import { orderMoney } from '../order-format';

/**
 * What an order bought, as it was when ordered (the items' snapshot): programme, schedule and
 * its dates, who attends, add-ons, coupon and prices, then the totals. Checkout, the complete
 * page, the orders list and the receipt all show an order this way.
 */
export function OrderSummary({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (cents: number) => orderMoney(order, cents, locale);
  return (
    <Stack spacing={1.5} data-testid="order-summary">
      {order.items.map((item) => (
        <Stack key={item.id} spacing={0.25} data-testid="order-item">
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography sx={{ fontWeight: 600 }}>{item.klass_group.name}</Typography>
            <Typography>{money(item.total)}</Typography>
          </Stack>
          <Typography variant="body2">
            {t('orders.schedule', {
              name: item.klass_group_schedule.name,
              start: formatPlainDate(item.klass_group_schedule.start_date, locale),
              end: formatPlainDate(item.klass_group_schedule.end_date, locale),
            })}
          </Typography>
          <Typography variant="body2" data-testid="order-item-attendees">
            {t('orders.attendees', {
              names: item.attendees.map((a) => a.name).join(', ') || '—',
            })}
          </Typography>
          {item.addons.length > 0 && (
            <Typography variant="body2">
              {t('orders.addons', { names: item.addons.map((a) => a.name).join(', ') })}
            </Typography>
          )}
          {item.coupon && item.discount > 0 && (
            <Typography variant="body2">
              {t('orders.coupon', { code: item.coupon.code, amount: money(item.discount) })}
            </Typography>
          )}
        </Stack>
      ))}
      <Divider />
      {order.discount > 0 && (
        <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
          <Typography>{t('orders.discount')}</Typography>
          <Typography>−{money(order.discount)}</Typography>
        </Stack>
      )}
      <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
        <Typography sx={{ fontWeight: 700 }}>{t('orders.total')}</Typography>
        <Typography sx={{ fontWeight: 700 }} data-testid="order-total">
          {money(order.total)}
        </Typography>
      </Stack>
      {order.credit_applied > 0 && (
        <>
          <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
            <Typography>{t('orders.accountCredit')}</Typography>
            <Typography data-testid="order-credit-applied">
              −{money(order.credit_applied)}
            </Typography>
          </Stack>
          {(order.status === 'pending' || order.amount_due > 0) && (
            <Stack direction="row" sx={{ justifyContent: 'space-between' }}>
              <Typography sx={{ fontWeight: 700 }}>
                {t(order.status === 'pending' ? 'orders.toPayByCard' : 'orders.paidByCard')}
              </Typography>
              <Typography sx={{ fontWeight: 700 }} data-testid="order-amount-due">
                {money(order.amount_due)}
              </Typography>
            </Stack>
          )}
        </>
      )}
    </Stack>
  );
}
