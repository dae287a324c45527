import type { Order } from '@atelier/contract';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatPlainDate } from '../../../lib/format-date';
import { orderMoney } from '../order-format';

/** The discount lines of an order: each coupon's by its code, then any left on the order itself. */
export function discountLines(
  order: Order,
): { key: string; code: string | null; amount: number }[] {
  const lines = order.items
    .filter((item) => item.discount > 0)
    .map((item) => ({ key: item.id, code: item.coupon?.code ?? null, amount: item.discount }));
  const onItems = lines.reduce((sum, line) => sum + line.amount, 0);
  if (order.discount > onItems) {
    lines.push({ key: 'order', code: null, amount: order.discount - onItems });
  }
  return lines;
}

function AmountRow({
  label,
  amount,
  strong = false,
  testId,
}: {
  label: string;
  amount: string;
  strong?: boolean;
  testId?: string;
}) {
  const weight = strong ? 700 : undefined;
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography sx={{ fontWeight: weight }}>{label}</Typography>
      <Typography sx={{ fontWeight: weight }} data-testid={testId}>
        {amount}
      </Typography>
    </Stack>
  );
}

/**
 * What an order bought, as it was when ordered (the items' snapshot): programme, schedule and
 * its dates, who attends, add-ons, and each item at its list price; then the subtotal, each
 * discount with its coupon code, and the total (docs/product.md#receipts). Checkout, the complete
 * page, the orders list and the receipt all show an order this way.
 */
export function OrderSummary({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const locale = i18n.language;
  const money = (cents: number) => orderMoney(order, cents, locale);
  const discounts = discountLines(order);
  return (
    <Stack spacing={1.5} data-testid="order-summary">
      {order.items.map((item) => (
        <Stack key={item.id} spacing={0.25} data-testid="order-item">
          <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
            <Typography sx={{ fontWeight: 600 }}>
              {item.kind === 'pass'
                ? item.pass.name
                : item.kind === 'trial'
                  ? t('orders.trialTitle', {
                      programme: item.trial.programme,
                      child: item.trial.child_name,
                      date: dateTimeFormat(locale, {
                        dateStyle: 'medium',
                        timeZone: item.trial.time_zone,
                      }).format(new Date(item.trial.starts_at)),
                    })
                  : item.klass_group.name}
            </Typography>
            <Typography
              aria-label={`${t('orders.listPrice')} ${money(item.subtotal)}`}
              data-testid="order-item-price"
            >
              {money(item.subtotal)}
            </Typography>
          </Stack>
          {item.kind === 'pass' ? (
            <Typography variant="body2" data-testid="order-item-pass">
              {t('orders.passLine', {
                visits: item.pass.visits,
                days: item.pass.validity_days,
              })}
            </Typography>
          ) : item.kind === 'trial' ? (
            <Typography variant="body2" data-testid="order-item-attendees">
              {t('orders.attendees', { names: item.trial.child_name })}
            </Typography>
          ) : (
            <>
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
            </>
          )}
          {item.kind !== 'pass' && item.kind !== 'trial' && item.addons.length > 0 && (
            <Typography variant="body2">
              {t('orders.addons', { names: item.addons.map((a) => a.name).join(', ') })}
            </Typography>
          )}
        </Stack>
      ))}
      <Divider />
      <Stack spacing={0.5}>
        <AmountRow
          label={t('orders.subtotal')}
          amount={money(order.subtotal)}
          testId="order-subtotal"
        />
        {discounts.map((line) => (
          <AmountRow
            key={line.key}
            label={
              line.code ? t('orders.couponDiscount', { code: line.code }) : t('orders.discount')
            }
            amount={`−${money(line.amount)}`}
            testId="order-discount"
          />
        ))}
        <AmountRow
          label={t('orders.total')}
          amount={money(order.total)}
          strong
          testId="order-total"
        />
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
