import type { LedgerAdjustmentKind } from '@atelier/contract';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { skipToken } from '@reduxjs/toolkit/query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useForm } from '../../../components/form/use-form';
import { dollarsToCents } from '../../../lib/money';
import { snackbarShown } from '../../../lib/snackbar-slice';
import { useAppDispatch } from '../../../lib/store-hooks';
import {
  useAddLedgerAdjustmentMutation,
  useCustomerLedgerQuery,
  useGuestCustomerLedgerQuery,
} from '../ledger-api';
import { LedgerStatement } from './ledger-statement';

const isAmount = (value: string) => (dollarsToCents(value) ?? 0) > 0;

/** Whose ledger: an account holder's (users) or a walk-in's (guest customers). */
type Whose =
  | { customerId: string; guestCustomerId?: never }
  | { guestCustomerId: string; customerId?: never };

/**
 * A customer's balance and statement as staff see it: an account holder's with a credit or charge
 * to add, a walk-in's as it stands (the server takes staff's credits and charges for account
 * holders only).
 */
export function CustomerLedger({ customerId, guestCustomerId }: Whose) {
  const [page, setPage] = useState(1);
  const account = useCustomerLedgerQuery(customerId ? { id: customerId, page } : skipToken);
  const guest = useGuestCustomerLedgerQuery(
    guestCustomerId ? { id: guestCustomerId, page } : skipToken,
  );
  const { data, isError } = customerId ? account : guest;
  return (
    <Stack spacing={2}>
      {customerId && <AdjustmentForm customerId={customerId} onAdded={() => setPage(1)} />}
      <LedgerStatement
        data={data}
        isError={isError}
        page={page}
        onPage={setPage}
        testId="customer-ledger"
      />
    </Stack>
  );
}

/** Staff's credit (the family is owed it) or charge (it owes it), with the reason shown with it. */
function AdjustmentForm({ customerId, onAdded }: { customerId: string; onAdded: () => void }) {
  const { t } = useTranslation();
  const dispatch = useAppDispatch();
  const [add] = useAddLedgerAdjustmentMutation();
  const initial = { kind: 'credit', amount: '', reason: '' };
  const form = useForm(initial, {
    amount: { required: true, check: isAmount },
    reason: { required: true },
  });
  const submit = form.handleSubmit(
    async ({ kind, amount, reason }) => {
      await add({
        id: customerId,
        body: {
          kind: kind as LedgerAdjustmentKind,
          amount: dollarsToCents(amount) ?? 0,
          reason: reason.trim(),
        },
      }).unwrap();
      onAdded();
      form.setValue('amount', '');
      form.setValue('reason', '');
      dispatch(snackbarShown({ content: t('ledger.adjust.added'), type: 'success' }));
    },
    { label: t('ledger.adjust.failed') },
  );
  return (
    <Stack
      component="form"
      noValidate
      aria-label={t('ledger.adjust.title')}
      onSubmit={submit}
      direction={{ xs: 'column', sm: 'row' }}
      spacing={2}
      sx={{ alignItems: 'flex-start' }}
    >
      <FormErrorAlert messages={form.formMessages} />
      <TextField
        {...form.field('kind')}
        select
        label={t('ledger.adjust.kind')}
        sx={{ minWidth: 140 }}
      >
        <MenuItem value="credit">{t('ledger.kinds.credit')}</MenuItem>
        <MenuItem value="charge">{t('ledger.kinds.charge')}</MenuItem>
      </TextField>
      <TextField
        {...form.field('amount')}
        label={t('ledger.adjust.amount')}
        inputMode="decimal"
        sx={{ minWidth: 120 }}
      />
      <TextField {...form.field('reason')} label={t('ledger.adjust.reason')} fullWidth />
      <Button type="submit" variant="contained" disabled={form.submitting}>
        {t('ledger.adjust.add')}
      </Button>
    </Stack>
  );
}
