import type { Customer } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type AdminColumn, AdminTable } from '../../../components/admin/admin-table';
import { usePageParam } from '../../../components/admin/use-page-param';
import { clientConfig } from '../../../lib/client-config';
import { formatCents } from '../../../lib/money';
import { pageCount } from '../../../lib/paged-list';
import { useCustomersQuery } from '../customers-api';
import { CustomerDialog } from './customer-dialog';

/**
 * /customers (admins): account holders searched by name or e-mail, each with their lifetime value;
 * a customer opens with their family, orders and enrollments, and their contact details to edit.
 * The open customer is `?customer={id}` in the URL, so the search dialog and a shared link land on
 * them, and Back closes it.
 */
export function CustomersPage() {
  const { t, i18n } = useTranslation();
  const currency = clientConfig().currency;
  const [page, setPage] = usePageParam();
  const [search, setSearch] = useState('');
  const [params, setParams] = useSearchParams();
  const openId = params.get('customer');
  const { data, isError, isFetching } = useCustomersQuery({ page, search });
  const openCustomer = (id: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set('customer', id);
      else next.delete('customer');
      return next;
    });

  const columns: AdminColumn<Customer>[] = [
    { key: 'name', header: t('customers.name'), render: (c) => c.name },
    { key: 'email', header: t('customers.email'), render: (c) => c.email },
    {
      key: 'orders',
      header: t('customers.ordersCount'),
      align: 'right',
      render: (c) => c.orders_count,
    },
    {
      key: 'value',
      header: t('customers.lifetimeValue'),
      align: 'right',
      render: (c) => formatCents(c.lifetime_value, currency, i18n.language),
    },
  ];

  return (
    <Box data-testid="customers">
      <AdminTable
        label={t('customers.tableLabel')}
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(c) => c.id}
        rowName={(c) => c.name}
        rowData={(c) => ({ 'data-testid': `customer-row-${c.id}` })}
        loading={!data || isFetching}
        loadError={isError ? t('customers.loadFailed') : null}
        emptyText={t('customers.empty')}
        noMatchText={t('customers.noMatch')}
        search={{
          label: t('customers.search'),
          onSearch: (term) => {
            setPage(1);
            setSearch(term);
          },
        }}
        rowActions={(c) => (
          <Button
            size="small"
            onClick={() => openCustomer(c.id)}
            aria-label={t('customers.openNamed', { name: c.name })}
          >
            {t('customers.open')}
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
        <CustomerDialog
          id={openId}
          name={data?.items.find((c) => c.id === openId)?.name}
          onClose={() => openCustomer(null)}
        />
      )}
    </Box>
  );
}
