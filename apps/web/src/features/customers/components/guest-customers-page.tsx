import { type GuestCustomer, guestCustomerResource } from '@atelier/contract';
import Button from '@mui/material/Button';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ResourceAdminPage,
  resourcePageStrings,
} from '../../../components/admin/resource-admin-page';
import { clientConfig } from '../../../lib/client-config';
import { formatCents } from '../../../lib/money';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { guestCustomerHooks } from '../customers-api';
import { WalkInBookingDialog } from './walk-in-booking-dialog';

const strings = resourcePageStrings('customers', {
  tableLabel: 'customers.guestTableLabel',
  search: 'customers.guestSearch',
  create: 'customers.guestCreate',
  empty: 'customers.guestEmpty',
  createTitle: 'customers.guestCreateTitle',
  editTitle: 'customers.guestEditTitle',
  created: 'customers.guestCreated',
  updated: 'customers.guestUpdated',
});

/**
 * /customers/guest (admins): walk-in customers without an account, searched by name, e-mail or
 * phone; add and edit them, and book a class for one (paid at the desk or by card).
 */
export function GuestCustomersPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const currency = clientConfig().currency;
  const [booking, setBooking] = useState<GuestCustomer | null>(null);
  const notify = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));

  return (
    <ResourceAdminPage
      resource={guestCustomerResource}
      hooks={guestCustomerHooks}
      strings={strings}
      testIds={{ page: 'guest-customers', row: 'guest-row', form: 'guest-customer-dialog' }}
      rowName={(g) => g.name}
      extraColumns={[
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
      ]}
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
    >
      {booking && (
        <WalkInBookingDialog guest={booking} onClose={() => setBooking(null)} onBooked={notify} />
      )}
    </ResourceAdminPage>
  );
}
