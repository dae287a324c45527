import type { AdminOrder, AdminOrderRefundRequest } from '@atelier/contract';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { useForm } from '../../../components/form/use-form';
import { centsToDollars, dollarsToCents, formatCents } from '../../../lib/money';
import { useDecideRefundRequestMutation, useRefundOrderMutation } from '../order-management-api';

const isAmount = (value: string) => (dollarsToCents(value) ?? 0) > 0;

/**
 * Approve (with an amount, starting at the requested share) or reject a refund request, with an
 * optional note. An amount left at the share is not sent: the refunds service works the share
 * out itself (docs/architecture.md#refunds), so the page never overrides it with its own rounding.
 */
export function DecisionDialog({
  order,
  request,
  decision,
  onClose,
  onDone,
}: {
  order: AdminOrder;
  request: AdminOrderRefundRequest;
  decision: 'approve' | 'reject';
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [decide] = useDecideRefundRequestMutation();
  const approve = decision === 'approve';
  const suggested = centsToDollars(request.suggested_amount);
  const form = useForm(
    { amount: approve ? suggested : '', note: '' },
    approve ? { amount: { required: true, check: isAmount } } : {},
  );
  const submit = form.handleSubmit(
    async ({ amount, note }) => {
      const cents = dollarsToCents(amount);
      await decide({
        orderId: order.id,
        requestId: request.id,
        body: {
          decision,
          ...(approve && amount !== suggested && cents !== null ? { amount: cents } : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      }).unwrap();
      onDone(t(approve ? 'orderManagement.approved' : 'orderManagement.rejected'));
    },
    { label: t('orderManagement.decideFailed') },
  );
  return (
    <AppDialog
      open
      title={t(approve ? 'orderManagement.approveTitle' : 'orderManagement.rejectTitle')}
      onClose={form.submitting ? () => undefined : onClose}
      testId="refund-decision-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={form.submitting}>
            {t('common.cancel')}
          </Button>
          <Button
            type="submit"
            form="refund-decision-form"
            variant="contained"
            color={approve ? 'primary' : 'error'}
            disabled={form.submitting}
          >
            {t(approve ? 'orderManagement.approve' : 'orderManagement.reject')}
          </Button>
        </>
      }
    >
      <Stack component="form" id="refund-decision-form" spacing={2} onSubmit={submit} noValidate>
        <FormErrorAlert messages={form.formMessages} />
        {approve && (
          <TextField
            {...form.field('amount')}
            label={t('orderManagement.amount')}
            inputMode="decimal"
            helperText={
              form.field('amount').helperText ??
              t('orderManagement.amountHint', {
                amount: formatCents(order.refundable_amount, order.currency, i18n.language),
              })
            }
          />
        )}
        <TextField
          {...form.field('note')}
          label={t(approve ? 'orderManagement.note' : 'orderManagement.rejectNote')}
          multiline
          minRows={2}
        />
      </Stack>
    </AppDialog>
  );
}

/** A refund without a request: an amount (at most what is left) and a reason. */
export function RefundDialog({
  order,
  onClose,
  onDone,
}: {
  order: AdminOrder;
  onClose: () => void;
  onDone: (message: string) => void;
}) {
  const { t, i18n } = useTranslation();
  const [refund] = useRefundOrderMutation();
  const form = useForm(
    { amount: centsToDollars(order.refundable_amount), reason: '' },
    { amount: { required: true, check: isAmount }, reason: { required: true } },
  );
  const submit = form.handleSubmit(
    async ({ amount, reason }) => {
      await refund({
        orderId: order.id,
        body: { amount: dollarsToCents(amount) ?? 0, reason: reason.trim() },
      }).unwrap();
      onDone(t('orderManagement.refundDone'));
    },
    { label: t('orderManagement.refundFailed') },
  );
  return (
    <AppDialog
      open
      title={t('orderManagement.refundTitle', { id: order.id })}
      onClose={form.submitting ? () => undefined : onClose}
      testId="refund-dialog"
      actions={
        <>
          <Button onClick={onClose} disabled={form.submitting}>
            {t('common.cancel')}
          </Button>
          <Button type="submit" form="refund-form" variant="contained" disabled={form.submitting}>
            {t('orderManagement.refund')}
          </Button>
        </>
      }
    >
      <Stack component="form" id="refund-form" spacing={2} onSubmit={submit} noValidate>
        <FormErrorAlert messages={form.formMessages} />
        <TextField
          {...form.field('amount')}
          label={t('orderManagement.amount')}
          inputMode="decimal"
          helperText={
            form.field('amount').helperText ??
            t('orderManagement.amountHint', {
              amount: formatCents(order.refundable_amount, order.currency, i18n.language),
            })
          }
        />
        <TextField
          {...form.field('reason')}
          label={t('orderManagement.reason')}
          multiline
          minRows={2}
        />
      </Stack>
    </AppDialog>
  );
}
