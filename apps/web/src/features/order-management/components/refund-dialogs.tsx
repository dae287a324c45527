import type { AdminOrder, AdminOrderRefundRequest, RefundMethod } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { FormErrorAlert } from '../../../components/form/form-error-alert';
import { translateServerMessage } from '../../../components/form/server-messages';
import { useForm } from '../../../components/form/use-form';
import type { ApiError } from '../../../lib/api-client';
import { centsToDollars, dollarsToCents, formatCents } from '../../../lib/money';
import {
  useDecideRefundRequestMutation,
  useOrderRefundMethodsQuery,
  useRefundOrderMutation,
} from '../order-management-api';

const isAmount = (value: string) => (dollarsToCents(value) ?? 0) > 0;

/** The server's fields these dialogs show a message beside, besides their text fields. */
const CHOICE_FIELDS = ['method', 'attendee_profile_ids'] as const;

/**
 * What both refund dialogs choose besides the amount (docs/architecture.md#refunds): how the
 * money goes back (the order's ways, the default first, as the refunds API lists them) and who
 * leaves (none: money only), and the server's refusal in words, shown in the dialog.
 */
function useRefundChoices(order: AdminOrder) {
  const { t } = useTranslation();
  const { data: methods = [] } = useOrderRefundMethodsQuery(order.id);
  const [picked, setPicked] = useState<RefundMethod | null>(null);
  const [leavers, setLeavers] = useState<string[]>([]);
  const [refusal, setRefusal] = useState<string | null>(null);
  const method = picked ?? methods[0]?.method ?? null;
  const max = methods.find((m) => m.method === method)?.max ?? order.refundable_amount;
  const attendees = [
    ...new Map(order.items.flatMap((i) => i.attendees).map((a) => [a.id, a])).values(),
  ];
  return {
    methods,
    method,
    max,
    attendees,
    leavers,
    refusal,
    pick: setPicked,
    toggle: (id: string) =>
      setLeavers((now) => (now.includes(id) ? now.filter((x) => x !== id) : [...now, id])),
    /** What goes into the body: a method only when it is not the default, leavers if any. */
    body: () => ({
      ...(picked && picked !== methods[0]?.method ? { method: picked } : {}),
      ...(leavers.length > 0 ? { attendee_profile_ids: leavers } : {}),
    }),
    /** A 409 says why in the dialog, in the UI language where the words are known. */
    onFailure: (error: ApiError) => {
      if (error.status !== 409) return false;
      setRefusal(
        error.detail ? translateServerMessage(error.detail, t) : t('orderManagement.refundFailed'),
      );
      return true;
    },
    clearRefusal: () => setRefusal(null),
  };
}

type Choices = ReturnType<typeof useRefundChoices>;

function MethodField({
  choices,
  currency,
  message,
}: {
  choices: Choices;
  currency: string;
  message: string | undefined;
}) {
  const { t, i18n } = useTranslation();
  if (choices.methods.length === 0 || !choices.method) return null;
  return (
    <TextField
      select
      name="method"
      label={t('orderManagement.method')}
      value={choices.method}
      onChange={(e) => choices.pick(e.target.value as RefundMethod)}
      error={message !== undefined}
      helperText={message ?? t('orderManagement.methodHint')}
    >
      {choices.methods.map((m) => (
        <MenuItem key={m.method} value={m.method}>
          {t('orderManagement.methodOption', {
            method: t(`orderManagement.methodName.${m.method}`),
            amount: formatCents(m.max, currency, i18n.language),
          })}
        </MenuItem>
      ))}
    </TextField>
  );
}

function LeaversField({ choices, message }: { choices: Choices; message: string | undefined }) {
  const { t } = useTranslation();
  if (choices.attendees.length === 0) return null;
  return (
    <FormControl component="fieldset" error={message !== undefined} data-testid="refund-leavers">
      <FormLabel component="legend">{t('orderManagement.leavers')}</FormLabel>
      <FormGroup>
        {choices.attendees.map((a) => (
          <FormControlLabel
            key={a.id}
            control={
              <Checkbox
                checked={choices.leavers.includes(a.id)}
                onChange={() => choices.toggle(a.id)}
              />
            }
            label={a.name}
          />
        ))}
      </FormGroup>
      <FormHelperText>{message ?? t('orderManagement.leaversHint')}</FormHelperText>
    </FormControl>
  );
}

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
  const choices = useRefundChoices(order);
  const form = useForm(
    { amount: approve ? suggested : '', note: '' },
    approve ? { amount: { required: true, check: isAmount } } : {},
    { fields: CHOICE_FIELDS },
  );
  const submit = form.handleSubmit(
    async ({ amount, note }) => {
      choices.clearRefusal();
      const cents = dollarsToCents(amount);
      await decide({
        orderId: order.id,
        requestId: request.id,
        body: {
          decision,
          ...(approve && amount !== suggested && cents !== null ? { amount: cents } : {}),
          // Who leaves is asked only of a whole-order request; one naming attendees ends theirs.
          ...(approve ? choices.body() : {}),
          ...(note.trim() ? { note: note.trim() } : {}),
        },
      }).unwrap();
      onDone(t(approve ? 'orderManagement.approved' : 'orderManagement.rejected'));
    },
    { label: t('orderManagement.decideFailed'), onFailure: choices.onFailure },
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
        {choices.refusal && <Alert severity="error">{choices.refusal}</Alert>}
        <FormErrorAlert messages={form.formMessages} />
        {approve && (
          <MethodField
            choices={choices}
            currency={order.currency}
            message={form.message('method')}
          />
        )}
        {approve && request.whole_order && (
          <LeaversField choices={choices} message={form.message('attendee_profile_ids')} />
        )}
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

/**
 * A refund without a request: how the money goes back, an amount (at most what that way may
 * still return), who leaves (none: money only) and a reason.
 */
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
  const choices = useRefundChoices(order);
  const form = useForm(
    { amount: centsToDollars(order.refundable_amount), reason: '' },
    { amount: { required: true, check: isAmount }, reason: { required: true } },
    { fields: CHOICE_FIELDS },
  );
  const submit = form.handleSubmit(
    async ({ amount, reason }) => {
      choices.clearRefusal();
      await refund({
        orderId: order.id,
        body: { amount: dollarsToCents(amount) ?? 0, reason: reason.trim(), ...choices.body() },
      }).unwrap();
      onDone(t('orderManagement.refundDone'));
    },
    { label: t('orderManagement.refundFailed'), onFailure: choices.onFailure },
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
        {choices.refusal && <Alert severity="error">{choices.refusal}</Alert>}
        <FormErrorAlert messages={form.formMessages} />
        <MethodField choices={choices} currency={order.currency} message={form.message('method')} />
        <TextField
          {...form.field('amount')}
          label={t('orderManagement.amount')}
          inputMode="decimal"
          helperText={
            form.field('amount').helperText ??
            t('orderManagement.amountHint', {
              amount: formatCents(choices.max, order.currency, i18n.language),
            })
          }
        />
        <LeaversField choices={choices} message={form.message('attendee_profile_ids')} />
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
