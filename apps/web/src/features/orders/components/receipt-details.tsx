import { cardBrandName, type Receipt } from '@atelier/contract';
import CircularProgress from '@mui/material/CircularProgress';
import Divider from '@mui/material/Divider';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { orderMoney } from '../order-format';
import { useOrderReceiptQuery } from '../receipts-api';

function Row({
  label,
  amount,
  strong = false,
}: {
  label: string;
  amount: string;
  strong?: boolean;
}) {
  const weight = strong ? 700 : undefined;
  return (
    <Stack direction="row" sx={{ justifyContent: 'space-between', gap: 2 }}>
      <Typography sx={{ fontWeight: weight }}>{label}</Typography>
      <Typography sx={{ fontWeight: weight }}>{amount}</Typography>
    </Stack>
  );
}

/**
 * The parts of a receipt the order itself does not hold (docs/product.md#receipts): the school
 * that issues it above, how it was paid and what went back below. `children` is the order's
 * summary, between them.
 */
export function ReceiptDetails({ orderId, children }: { orderId: string; children: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { data: receipt, isLoading } = useOrderReceiptQuery(orderId);
  const locale = i18n.language;
  const money = (cents: number) => (receipt ? orderMoney(receipt, cents, locale) : '');
  // Dates as the school's books have them: in its zone.
  const date = (iso: string) =>
    dateTimeFormat(locale, {
      dateStyle: 'medium',
      ...(receipt ? { timeZone: receipt.school.time_zone } : {}),
    }).format(Date.parse(iso));
  const methodOf = (payment: Receipt['payments'][number]) =>
    payment.card
      ? t('orders.paidCard', {
          brand: cardBrandName(payment.card.brand),
          last4: payment.card.last4,
        })
      : t(`orders.method.${payment.method}`);

  return (
    <Stack spacing={1.5}>
      {receipt && (
        <Stack spacing={0} data-testid="receipt-school">
          <Typography sx={{ fontWeight: 700 }}>{receipt.school.name}</Typography>
          {receipt.school.address_lines.map((line) => (
            <Typography key={line} variant="body2">
              {line}
            </Typography>
          ))}
          {receipt.school.tax_id && (
            <Typography variant="body2">
              {t('orders.taxId', { id: receipt.school.tax_id })}
            </Typography>
          )}
        </Stack>
      )}
      {children}
      {isLoading && <CircularProgress size={20} aria-label={t('orders.receiptLoading')} />}
      {receipt && (
        <Stack spacing={0.5} data-testid="receipt-payments">
          <Divider />
          <Typography variant="subtitle2" component="h3">
            {t('orders.paymentTitle')}
          </Typography>
          {receipt.payments.length === 0 && <Typography>{t('orders.nothingToPay')}</Typography>}
          {receipt.payments.map((payment) => (
            <Row key={payment.method} label={methodOf(payment)} amount={money(payment.amount)} />
          ))}
          {receipt.refunds.length > 0 && (
            <>
              <Typography variant="subtitle2" component="h3" sx={{ pt: 1 }}>
                {t('orders.refundsTitle')}
              </Typography>
              {receipt.refunds.map((refund) => (
                <Row
                  key={`${refund.at}-${refund.method}-${refund.amount}`}
                  label={t('orders.refundedOn', {
                    date: date(refund.at),
                    method: t(`orders.method.${refund.method}`),
                  })}
                  amount={`−${money(refund.amount)}`}
                />
              ))}
              <Row label={t('orders.netPaid')} amount={money(receipt.net_paid)} strong />
            </>
          )}
        </Stack>
      )}
    </Stack>
  );
}
