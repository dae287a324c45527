import { type AdminOrderSummary, ORDER_STATUSES } from '@atelier/contract';
import DownloadIcon from '@mui/icons-material/Download';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type AdminColumn, AdminTable } from '../../../components/admin/admin-table';
import { usePageParam } from '../../../components/admin/use-page-param';
import { handleError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { formatCents } from '../../../lib/money';
import { pageCount } from '../../../lib/paged-list';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import {
  type OrderFilters,
  useAdminOrdersQuery,
  useLazyAdminOrdersCsvQuery,
  useOrderProgrammeOptionsQuery,
} from '../order-management-api';
import { OrderDetailDialog } from './order-detail-dialog';

const NO_FILTERS: OrderFilters = { status: '', from: '', to: '', klassGroupId: '', search: '' };

/** Saves `text` as a file named `name` (a Blob and a temporary link). */
function download(text: string, name: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/csv;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  URL.revokeObjectURL(url);
}

/**
 * /manage_orders (admins; docs/product.md#order-management): every order, paged (`?page=`),
 * filtered by status, days placed and programme, searched by customer or order number, exported
 * as CSV; `?order={id}` opens an order's detail.
 */
export function ManageOrders() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const timeZone = timeZoneOf(useAppSelector(selectUser));
  const [page, setPage] = usePageParam();
  const [params, setParams] = useSearchParams();
  const [filters, setFilters] = useState<OrderFilters>(NO_FILTERS);
  const { data, isError, isFetching } = useAdminOrdersQuery({ ...filters, page });
  const programmes = useOrderProgrammeOptionsQuery();
  const [fetchCsv, csv] = useLazyAdminOrdersCsvQuery();
  const openId = params.get('order');

  const filter = (name: keyof OrderFilters, value: string) => {
    setPage(1);
    setFilters((current) => ({ ...current, [name]: value }));
  };
  const openOrder = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('order', id);
      else next.delete('order');
      return next;
    });
  const exportCsv = async () => {
    try {
      const text = await fetchCsv(filters).unwrap();
      download(text, `orders-${new Date().toISOString().slice(0, 10)}.csv`);
    } catch (error) {
      handleError(error, t('orderManagement.exportFailed'));
    }
  };

  const placed = (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      Date.parse(iso),
    );
  const columns: AdminColumn<AdminOrderSummary>[] = [
    {
      key: 'number',
      header: t('orderManagement.number'),
      render: (o) => t('orderManagement.numberText', { id: o.id }),
    },
    { key: 'placed', header: t('orderManagement.placed'), render: (o) => placed(o.created_at) },
    {
      key: 'customer',
      header: t('orderManagement.customer'),
      render: (o) =>
        o.customer ? (
          <Box>
            <Typography variant="body2">
              {o.customer.name}
              {o.customer.kind === 'walk_in' && (
                <Chip label={t('orderManagement.walkIn')} size="small" sx={{ ml: 1 }} />
              )}
            </Typography>
            {o.customer.email && (
              <Typography variant="caption" color="text.secondary">
                {o.customer.email}
              </Typography>
            )}
          </Box>
        ) : (
          t('orderManagement.noCustomer')
        ),
    },
    {
      key: 'programmes',
      header: t('orderManagement.programmes'),
      render: (o) => (
        <Box>
          <Typography variant="body2">{o.programmes.join(', ')}</Typography>
          <Typography variant="caption" color="text.secondary">
            {t('orderManagement.attendeeCount', { count: o.attendee_count })}
          </Typography>
        </Box>
      ),
    },
    {
      key: 'status',
      header: t('orderManagement.status'),
      render: (o) => (
        <Box>
          <Chip label={t(`orders.status.${o.status}`)} size="small" />
          {o.pending_refund_requests > 0 && (
            <Typography variant="caption" color="warning.main" sx={{ display: 'block' }}>
              {t('orderManagement.refundRequestsWaiting', { count: o.pending_refund_requests })}
            </Typography>
          )}
        </Box>
      ),
    },
    {
      key: 'total',
      header: t('orderManagement.total'),
      align: 'right',
      render: (o) => formatCents(o.total, o.currency, i18n.language),
    },
  ];
  const dateSlots = { inputLabel: { shrink: true } };
  const filtered = Object.values(filters).some(Boolean);

  return (
    <Box data-testid="manage-orders">
      <Stack
        direction={{ xs: 'column', md: 'row' }}
        spacing={2}
        sx={{ mb: 2, alignItems: { md: 'center' } }}
      >
        <TextField
          select
          size="small"
          label={t('orderManagement.status')}
          value={filters.status}
          onChange={(event) => filter('status', event.target.value)}
          sx={{ minWidth: 180 }}
        >
          <MenuItem value="">{t('orderManagement.anyStatus')}</MenuItem>
          {ORDER_STATUSES.map((status) => (
            <MenuItem key={status} value={status}>
              {t(`orders.status.${status}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="date"
          size="small"
          label={t('orderManagement.from')}
          value={filters.from}
          onChange={(event) => filter('from', event.target.value)}
          slotProps={dateSlots}
        />
        <TextField
          type="date"
          size="small"
          label={t('orderManagement.to')}
          value={filters.to}
          onChange={(event) => filter('to', event.target.value)}
          slotProps={dateSlots}
        />
        <TextField
          select
          size="small"
          label={t('orderManagement.programme')}
          value={filters.klassGroupId}
          onChange={(event) => filter('klassGroupId', event.target.value)}
          sx={{ minWidth: 200 }}
        >
          <MenuItem value="">{t('orderManagement.anyProgramme')}</MenuItem>
          {(programmes.data ?? []).map((p) => (
            <MenuItem key={p.id} value={p.id}>
              {p.name}
            </MenuItem>
          ))}
        </TextField>
        <Box sx={{ flexGrow: 1 }} />
        <Button
          variant="outlined"
          startIcon={<DownloadIcon />}
          onClick={exportCsv}
          disabled={csv.isFetching}
        >
          {t('orderManagement.exportCsv')}
        </Button>
      </Stack>
      <AdminTable
        label={t('orderManagement.tableLabel')}
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(o) => o.id}
        rowName={(o) => t('orderManagement.numberText', { id: o.id })}
        rowData={(o) => ({ 'data-testid': `order-row-${o.id}`, 'data-status': o.status })}
        loading={!data || isFetching}
        loadError={isError ? t('orderManagement.loadFailed') : null}
        emptyText={t('orderManagement.empty')}
        noMatchText={filtered ? t('orderManagement.noMatch') : undefined}
        search={{
          label: t('orderManagement.search'),
          onSearch: (term) => filter('search', term),
        }}
        rowActions={(o) => (
          <Button
            size="small"
            onClick={() => openOrder(o.id)}
            aria-label={t('orderManagement.view', {
              name: t('orderManagement.numberText', { id: o.id }),
            })}
          >
            {t('orderManagement.open')}
          </Button>
        )}
        paging={{
          kind: 'pages',
          page,
          pageCount: data ? pageCount(data.meta) : 1,
          onPageChange: setPage,
        }}
      />
      {openId && (
        <OrderDetailDialog
          orderId={openId}
          timeZone={timeZone}
          onClose={() => openOrder(null)}
          onDone={(content) => dispatch(snackbarShown({ content, type: 'success' }))}
        />
      )}
    </Box>
  );
}
