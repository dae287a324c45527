import type { LedgerEntry } from '@atelier/contract';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { ResponsiveTable } from '../../../components/admin/responsive-table';
import { PagePagination } from '../../../components/page-pagination';
import { formatCents } from '../../../lib/money';
import { pageCount } from '../../../lib/paged-list';
import type { LedgerPage } from '../ledger-api';

/**
 * A ledger's statement (docs/product.md#a-familys-ledger): the balance of the whole ledger, then a
 * page of its entries, newest first, each with its date, what it is, and its signed amount.
 */
export function LedgerStatement({
  data,
  isError,
  page,
  onPage,
  testId,
}: {
  data: LedgerPage | undefined;
  isError: boolean;
  page: number;
  onPage: (page: number) => void;
  testId: string;
}) {
  const { t, i18n } = useTranslation();
  const money = (cents: number, currency: string) => formatCents(cents, currency, i18n.language);
  const day = (iso: string) =>
    new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));
  const what = (entry: LedgerEntry) =>
    [
      entry.method
        ? t('ledger.kindWithMethod', {
            kind: t(`ledger.kinds.${entry.kind}`),
            method: t(`ledger.methods.${entry.method}`),
          })
        : t(`ledger.kinds.${entry.kind}`),
      entry.order_id ? t('ledger.order', { id: entry.order_id }) : null,
      entry.description || null,
    ]
      .filter(Boolean)
      .join(' · ');
  if (isError) return <Typography color="error">{t('ledger.loadFailed')}</Typography>;
  const balance = data?.meta.balance ?? 0;
  const currency = data?.meta.currency ?? '';
  return (
    <Stack spacing={1} data-testid={testId}>
      {data && (
        <Typography data-testid={`${testId}-balance`} sx={{ fontWeight: 'bold' }}>
          {balance > 0
            ? t('ledger.balanceOwed', { amount: money(balance, currency) })
            : balance < 0
              ? t('ledger.balanceCredit', { amount: money(-balance, currency) })
              : t('ledger.balanceSettled')}
        </Typography>
      )}
      <ResponsiveTable
        label={t('ledger.tableLabel')}
        busy={!data}
        columns={[
          { key: 'date', header: t('ledger.date'), render: (e) => day(e.created_at) },
          { key: 'entry', header: t('ledger.entry'), render: what },
          {
            key: 'amount',
            header: t('ledger.amount'),
            align: 'right',
            render: (e) => money(e.amount, e.currency),
          },
        ]}
        rows={data?.items ?? []}
        rowKey={(e) => e.id}
        rowData={(e) => ({ 'data-testid': `ledger-entry-${e.id}`, 'data-kind': e.kind })}
        placeholder={
          <Typography color="text.secondary">
            {data ? t('ledger.empty') : t('ledger.loading')}
          </Typography>
        }
      />
      {data && <PagePagination count={pageCount(data.meta)} page={page} onChange={onPage} />}
    </Stack>
  );
}
