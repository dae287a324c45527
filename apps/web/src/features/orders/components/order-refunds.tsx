import type { Order, OrderRefunds } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { orderMoney } from '../order-format';

/**
 * An order's refund requests and refunds as the family sees them (docs/architecture.md#refunds):
 * what has been refunded, what is on its way, and what became of each request.
 */
export function OrderRefundsState({
  order,
  refunds,
  dateTime,
}: {
  order: Order;
  refunds: OrderRefunds;
  dateTime: (iso: string) => string;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number) => orderMoney(order, cents, i18n.language);
  if (refunds.refund_requests.length === 0 && refunds.refunds.length === 0) return null;
  return (
    <Stack spacing={0.5} sx={{ mt: 1.5 }} data-testid="order-refunds">
      {refunds.refunded_amount > 0 && (
        <Typography variant="body2" sx={{ fontWeight: 600 }}>
          {t('refunds.refunded', { amount: money(refunds.refunded_amount) })}
        </Typography>
      )}
      {refunds.pending_amount > 0 && (
        <Typography variant="body2">
          {t('refunds.pendingAmount', { amount: money(refunds.pending_amount) })}
        </Typography>
      )}
      {refunds.refund_requests.map((r) => (
        <Alert
          key={`request-${r.id}`}
          severity={
            r.status === 'rejected' ? 'warning' : r.status === 'approved' ? 'success' : 'info'
          }
          data-testid="refund-request-state"
        >
          {t(`refunds.requestStatus.${r.status}`, { date: dateTime(r.created_at) })}
          {r.attendees.length > 0 &&
            ` ${t('refunds.forAttendees', { names: r.attendees.map((a) => a.name).join(', ') })}`}
          {r.decision_note && ` ${t('refunds.note', { note: r.decision_note })}`}
        </Alert>
      ))}
      {refunds.refunds.map((r) => (
        <Typography key={`refund-${r.id}`} variant="body2" data-testid="refund-line">
          {t('refunds.refundLine', {
            amount: money(r.amount),
            status: t(`refunds.refundStatus.${r.status}`),
            date: dateTime(r.created_at),
            how: t(`refunds.refundHow.${r.method}`),
          })}
          {r.attendees.length > 0 &&
            ` ${t('refunds.forAttendees', { names: r.attendees.map((a) => a.name).join(', ') })}`}
        </Typography>
      ))}
    </Stack>
  );
}
