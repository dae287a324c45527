import { type GuestCustomer, guestCustomerResource } from '@atelier/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  ResourceAdminPage,
  resourcePageStrings,
} from '../../../components/admin/resource-admin-page';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { clientConfig } from '../../../lib/client-config';
import { formatCents } from '../../../lib/money';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import { CustomerLedger } from '../../ledger';
import { guestCustomerHooks } from '../customers-api';
import { PaperAgreementsOnRecord } from './paper-agreements-on-record';
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
 * phone; add and edit them, book a class for one (paid at the desk or by card), and open one's
 * balance and statement (docs/product.md#customers).
 */
export function GuestCustomersPage() {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const currency = clientConfig().currency;
  const [booking, setBooking] = useState<GuestCustomer | null>(null);
  const [statement, setStatement] = useState<GuestCustomer | null>(null);
  const notify = (content: string) => dispatch(snackbarShown({ content, type: 'success' }));

  return (
    <ResourceAdminPage
      resource={guestCustomerResource}
      hooks={guestCustomerHooks}
      strings={strings}
      testIds={{ page: 'guest-customers', row: 'guest-row', form: 'guest-customer-dialog' }}
      rowName={(g) => g.name}
      // What they signed on paper, where staff check their details.
      formNotice={(g) => <PaperAgreementsOnRecord guestId={g.id} />}
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
      rowActions={(g) => (
        <Stack direction="row" spacing={1}>
          {/* A walk-in who joined books through their account; what they paid here stays here. */}
          {!g.user_id && (
            <Button
              size="small"
              onClick={() => setBooking(g)}
              aria-label={t('customers.bookNamed', { name: g.name })}
            >
              {t('customers.book')}
            </Button>
          )}
          <Button
            size="small"
            onClick={() => setStatement(g)}
            aria-label={t('customers.statementNamed', { name: g.name })}
          >
            {t('customers.statement')}
          </Button>
        </Stack>
      )}
    >
      {booking && (
        <WalkInBookingDialog guest={booking} onClose={() => setBooking(null)} onBooked={notify} />
      )}
      {statement && (
        <AppDialog
          open
          title={t('customers.statementTitle', { name: statement.name })}
          onClose={() => setStatement(null)}
          testId="guest-statement"
          maxWidth="md"
        >
          <CustomerLedger guestCustomerId={statement.id} />
        </AppDialog>
      )}
    </ResourceAdminPage>
  );
}
