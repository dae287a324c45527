import type { GuestCustomer } from '@atelier/contract';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type AdminColumn, AdminTable } from '../../../components/admin/admin-table';
import { usePageParam } from '../../../components/admin/use-page-param';
import { clientConfig } from '../../../lib/client-config';
import { formatCents } from '../../../lib/money';
import { pageCount } from '../../../lib/paged-list';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { useGuestCustomersQuery } from '../customers-api';
import { GuestCustomerFormDialog } from './guest-customer-form-dialog';
import { WalkInBookingDialog } from './walk-in-booking-dialog';

type Editing = { mode: 'create' } | { mode: 'edit'; guest: GuestCustomer } | null;

/**
 * /customers/guest (admins): walk-in customers without an account, searched by name, e-mail or
 * phone; add and edit them, and book a class for one (paid at the desk or by card).
 */
export function GuestCustomersPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const currency = clientConfig().currency;
  const [page, setPage] = usePageParam();
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Editing>(null);
  const [booking, setBooking] = useState<GuestCustomer | null>(null);
  const { data, isError, isFetching } = useGuestCustomersQuery({ page, search });
  const notify = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));

  const columns: AdminColumn<GuestCustomer>[] = [
    { key: 'name', header: t('customers.name'), render: (g) => g.name },
    { key: 'email', header: t('customers.email'), render: (g) => g.email ?? '—' },
    { key: 'phone', header: t('customers.phone'), render: (g) => g.phone ?? '—' },
    {
      key: 'account',
      header: t('customers.account'),
      render: (g) => (g.user_id ? t('customers.joined') : t('customers.noAccount')),
    },
    {
      key: 'value',
      header: t('customers.lifetimeValue'),
      align: 'right',
      render: (g) => formatCents(g.lifetime_value, currency, i18n.language),
    },
  ];

  return (
    <Box data-testid="guest-customers">
      <AdminTable
        label={t('customers.guestTableLabel')}
        columns={columns}
        rows={data?.items ?? []}
        rowKey={(g) => g.id}
        rowName={(g) => g.name}
        rowData={(g) => ({ 'data-testid': `guest-row-${g.id}` })}
        loading={!data || isFetching}
        loadError={isError ? t('customers.loadFailed') : null}
        emptyText={t('customers.guestEmpty')}
        noMatchText={t('customers.noMatch')}
        search={{
          label: t('customers.guestSearch'),
          onSearch: (term) => {
            setPage(1);
            setSearch(term);
          },
        }}
        create={{
          label: t('customers.guestCreate'),
          onClick: () => setEditing({ mode: 'create' }),
        }}
        onEdit={(guest) => setEditing({ mode: 'edit', guest })}
        rowActions={(g) =>
          g.user_id ? null : (
            <Button
              size="small"
              onClick={() => setBooking(g)}
              aria-label={t('customers.bookNamed', { name: g.name })}
            >
              {t('customers.book')}
            </Button>
          )
        }
        paging={{
          kind: 'pages',
          page,
          pageCount: data ? pageCount(data.meta) : 1,
          onPageChange: setPage,
        }}
      />
      {editing && (
        <GuestCustomerFormDialog
          guest={editing.mode === 'edit' ? editing.guest : undefined}
          onClose={() => setEditing(null)}
          onSaved={notify}
        />
      )}
      {booking && (
        <WalkInBookingDialog guest={booking} onClose={() => setBooking(null)} onBooked={notify} />
      )}
    </Box>
  );
}
