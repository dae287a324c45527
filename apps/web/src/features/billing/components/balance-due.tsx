import type { BalancePaymentDocument } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleError } from '../../../lib/api-client';
import { formatCents } from '../../../lib/money';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { ownLedgerChanged } from '../../ledger';
import { selectRole } from '../../session';
import { balanceChanged, useBalanceDueQuery, usePayBalanceMutation } from '../billing-api';

/**
 * The balance due on /orders and "Pay balance" (docs/decisions/075-monthly-tuition-and-billing-runs.md):
 * a card payment not tied to an order, through the card form checkout uses; the signed webhook
 * writes it to the ledger.
 */
/** What the card form is given: the route hands checkout's form in (billing does not import it). */
export type BalanceCardForm = (props: {
  payment: { provider: 'stripe' | 'fake'; client_secret: string; publishable_key: string | null };
  amount: string;
  onSucceeded: () => void;
}) => ReactNode;

export function BalanceDue({ cardForm }: { cardForm: BalanceCardForm }) {
  const { t, i18n } = useTranslation();
  const dispatch = useAppDispatch();
  const role = useAppSelector(selectRole);
  const { data } = useBalanceDueQuery(undefined, {
    skip: role !== 'student',
    refetchOnMountOrArgChange: true,
  });
  const [pay, { isLoading }] = usePayBalanceMutation();
  const [paying, setPaying] = useState<BalancePaymentDocument['data'] | null>(null);
  const [paid, setPaid] = useState(false);
  if (role !== 'student' || !data) return null;
  if (data.due === 0 && !paid) return null;
  const money = (cents: number) => formatCents(cents, data.currency, i18n.language);
  const start = async () => {
    try {
      setPaying(await pay().unwrap());
    } catch (error) {
      handleError(error, t('billing.balance.payFailed'));
    }
  };
  return (
    <Paper
      component="section"
      variant="outlined"
      aria-labelledby="balance-due-title"
      data-testid="balance-due"
      sx={{ p: 2, mb: 3, maxWidth: 640 }}
    >
      <Stack spacing={2}>
        <Typography variant="h2" id="balance-due-title" sx={{ fontSize: '1.25rem' }}>
          {t('billing.balance.title')}
        </Typography>
        {paid ? (
          <Alert severity="success" data-testid="balance-paid">
            {t('billing.balance.paid')}
          </Alert>
        ) : (
          <Typography data-testid="balance-due-amount">
            {t('billing.balance.due', { amount: money(data.due) })}
          </Typography>
        )}
        {!paid && paying === null && (
          <Button
            variant="contained"
            onClick={() => void start()}
            disabled={isLoading}
            data-testid="pay-balance"
            sx={{ alignSelf: 'flex-start' }}
          >
            {t('billing.balance.pay')}
          </Button>
        )}
        {!paid &&
          paying &&
          cardForm({
            payment: {
              provider: paying.payment.provider,
              client_secret: paying.payment.client_secret,
              publishable_key: paying.payment.publishable_key,
            },
            amount: money(paying.amount),
            onSucceeded: () => {
              setPaid(true);
              setPaying(null);
              dispatch(balanceChanged());
              dispatch(ownLedgerChanged());
            },
          })}
      </Stack>
    </Paper>
  );
}
