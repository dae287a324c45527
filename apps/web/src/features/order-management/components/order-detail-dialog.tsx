import {
  type AdminOrder,
  type AdminOrderRefundRequest,
  ORDERS_API,
  RECEIPT_ORDER_STATUSES,
} from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Divider from '@mui/material/Divider';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDeleteDialog } from '../../../components/admin/confirm-delete-dialog';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { handleError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { useDownloadFileMutation } from '../../../lib/file-download-api';
import { formatCents } from '../../../lib/money';
import { useAdminOrderQuery, useCancelAdminOrderMutation } from '../order-management-api';
import { DecisionDialog, RefundDialog } from './refund-dialogs';

type Props = {
  orderId: string;
  timeZone: string;
  onClose: () => void;
  /** Says something went well (the page's snackbar). */
  onDone: (message: string) => void;
};

type Deciding = { request: AdminOrderRefundRequest; decision: 'approve' | 'reject' } | null;

/**
 * An order as order management shows it (docs/product.md#order-management): customer, amounts,
 * items and attendees, payments, refund requests (approve or reject), refunds, and its history;
 * cancel while pending, refund while something paid is left.
 */
export function OrderDetailDialog({ orderId, timeZone, onClose, onDone }: Props) {
  const { t, i18n } = useTranslation();
  const { data: order, isError } = useAdminOrderQuery(orderId);
  const [cancelOrder] = useCancelAdminOrderMutation();
  const [canceling, setCanceling] = useState(false);
  const [refunding, setRefunding] = useState(false);
  const [deciding, setDeciding] = useState<Deciding>(null);
  const [download, { isLoading: downloading }] = useDownloadFileMutation();
  // Staff file or send the family's receipt too (docs/product.md#receipts).
  const hasReceipt =
    order !== undefined && (RECEIPT_ORDER_STATUSES as readonly string[]).includes(order.status);
  const downloadReceipt = async () => {
    try {
      await download({
        url: ORDERS_API.orderReceiptPdf(orderId),
        filename: `receipt-${orderId}.pdf`,
      }).unwrap();
    } catch (error) {
      handleError(error, t('orders.downloadFailed'));
    }
  };

  const when = (iso: string) =>
    dateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(
      Date.parse(iso),
    );
  const money = (cents: number) => formatCents(cents, order?.currency ?? 'usd', i18n.language);

  return (
    <AppDialog
      open
      title={t('orderManagement.detailTitle', { id: orderId })}
      onClose={onClose}
      maxWidth="md"
      testId="order-detail-dialog"
      actions={
        order && (
          <>
            {order.status === 'pending' && (
              <Button color="error" onClick={() => setCanceling(true)}>
                {t('orderManagement.cancel')}
              </Button>
            )}
            {hasReceipt && (
              <Button onClick={() => void downloadReceipt()} disabled={downloading}>
                {t('orders.downloadPdf')}
              </Button>
            )}
            {order.refundable_amount > 0 && (
              <Button variant="contained" onClick={() => setRefunding(true)}>
                {t('orderManagement.refund')}
              </Button>
            )}
            <Button onClick={onClose}>{t('common.close')}</Button>
          </>
        )
      }
    >
      {isError && <Alert severity="error">{t('orderManagement.detailLoadFailed')}</Alert>}
      {!order && !isError && <Typography>{t('common.loading')}</Typography>}
      {order && (
        <Stack spacing={2}>
          <Summary order={order} when={when} money={money} />
          <Section title={t('orderManagement.items')}>
            {order.items.map((item) => (
              <ListItem key={item.id} disableGutters>
                <ListItemText
                  primary={
                    item.kind === 'pass'
                      ? t('orderManagement.passTitle', {
                          name: item.pass.name,
                          visits: item.pass.visits,
                        })
                      : item.kind === 'trial'
                        ? t('orderManagement.trialTitle', {
                            programme: item.trial.programme,
                            child: item.trial.child_name,
                            date: dateTimeFormat(i18n.language, {
                              dateStyle: 'medium',
                              timeZone: item.trial.time_zone,
                            }).format(new Date(item.trial.starts_at)),
                          })
                        : t('orderManagement.itemTitle', {
                            programme: item.klass_group.name,
                            schedule: item.klass_group_schedule.name,
                          })
                  }
                  secondary={t('orderManagement.attendees', {
                    names: item.attendees.map((a) => a.name).join(', '),
                  })}
                />
                <Typography>{money(item.total)}</Typography>
              </ListItem>
            ))}
          </Section>
          <Section
            title={t('orderManagement.payments')}
            empty={order.payments.length === 0 ? t('orderManagement.noPayments') : null}
          >
            {order.payments.map((p) => (
              <ListItem key={p.id} disableGutters>
                <ListItemText
                  primary={t('orderManagement.paymentLine', {
                    provider: p.provider,
                    amount: money(p.amount),
                    status: p.status,
                  })}
                  secondary={p.last_error ?? when(p.updated_at)}
                />
              </ListItem>
            ))}
          </Section>
          <Section
            title={t('orderManagement.refundRequests')}
            empty={
              order.refund_requests.length === 0 ? t('orderManagement.noRefundRequests') : null
            }
          >
            {order.refund_requests.map((request) => (
              <ListItem
                key={request.id}
                disableGutters
                data-testid={`refund-request-${request.id}`}
                sx={{ flexWrap: 'wrap', gap: 1 }}
              >
                <ListItemText
                  primary={`${t(`orderManagement.requestStatus.${request.status}`)}: ${request.reason}`}
                  secondary={[
                    request.whole_order
                      ? t('orderManagement.wholeOrder')
                      : request.attendees.map((a) => a.name).join(', '),
                    request.requested_by
                      ? t('orderManagement.requestedBy', {
                          name: request.requested_by.name,
                          email: request.requested_by.email,
                          date: when(request.created_at),
                        })
                      : when(request.created_at),
                    request.status === 'pending'
                      ? t('orderManagement.suggested', { amount: money(request.suggested_amount) })
                      : null,
                    request.decision_note
                      ? t('orderManagement.decisionNote', { note: request.decision_note })
                      : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
                {request.status === 'pending' && (
                  <Stack direction="row" spacing={1}>
                    <Button
                      variant="contained"
                      size="small"
                      onClick={() => setDeciding({ request, decision: 'approve' })}
                    >
                      {t('orderManagement.approve')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      onClick={() => setDeciding({ request, decision: 'reject' })}
                    >
                      {t('orderManagement.reject')}
                    </Button>
                  </Stack>
                )}
              </ListItem>
            ))}
          </Section>
          <Section
            title={t('orderManagement.refunds')}
            empty={order.refunds.length === 0 ? t('orderManagement.noRefunds') : null}
          >
            {order.refunds.map((refund) => (
              <ListItem key={refund.id} disableGutters>
                <ListItemText
                  primary={t('orderManagement.refundLine', {
                    amount: money(refund.amount),
                    reason: refund.reason,
                  })}
                  secondary={[
                    t(`orderManagement.refundStatus.${refund.status}`),
                    t(`orderManagement.methodName.${refund.method}`),
                    refund.attendees.map((a) => a.name).join(', '),
                    when(refund.created_at),
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </Section>
          <Section
            title={t('orderManagement.history')}
            empty={order.events.length === 0 ? t('orderManagement.noHistory') : null}
            testId="order-history"
          >
            {order.events.map((event) => (
              <ListItem key={event.id} disableGutters>
                <ListItemText
                  primary={
                    isKnown(event.type) ? t(`orderManagement.event.${event.type}`) : event.type
                  }
                  secondary={[
                    when(event.created_at),
                    event.actor ? t('orderManagement.byActor', { name: event.actor.name }) : null,
                    typeof event.data.message === 'string' ? event.data.message : null,
                  ]
                    .filter(Boolean)
                    .join(' · ')}
                />
              </ListItem>
            ))}
          </Section>
        </Stack>
      )}
      {order && canceling && (
        <ConfirmDeleteDialog
          title={t('orderManagement.cancelTitle', { id: order.id })}
          question={t('orderManagement.cancelQuestion')}
          confirmLabel={t('orderManagement.cancel')}
          onConfirm={() => cancelOrder(order.id).unwrap()}
          onDeleted={() => {
            setCanceling(false);
            onDone(t('orderManagement.canceled', { id: order.id }));
          }}
          onClose={() => setCanceling(false)}
          inUseMessage={t('orderManagement.notPending')}
          failedMessage={t('orderManagement.cancelFailed')}
          testId="cancel-order-dialog"
        />
      )}
      {order && refunding && (
        <RefundDialog
          order={order}
          onClose={() => setRefunding(false)}
          onDone={(message) => {
            setRefunding(false);
            onDone(message);
          }}
        />
      )}
      {order && deciding && (
        <DecisionDialog
          order={order}
          request={deciding.request}
          decision={deciding.decision}
          onClose={() => setDeciding(null)}
          onDone={(message) => {
            setDeciding(null);
            onDone(message);
          }}
        />
      )}
    </AppDialog>
  );
}

/** The events this page has words for; one another module adds later shows by its type. */
const KNOWN_EVENTS = [
  'placed',
  'payment_failed',
  'paid',
  'late_payment_failed',
  'canceled',
  'expired',
  'paid_offline',
  'refund_requested',
  'refund_approved',
  'refund_rejected',
  'refund_started',
  'refunded',
  'refund_failed',
] as const;
type KnownEvent = (typeof KNOWN_EVENTS)[number];
const isKnown = (type: string): type is KnownEvent =>
  (KNOWN_EVENTS as readonly string[]).includes(type);

function Summary({
  order,
  when,
  money,
}: {
  order: AdminOrder;
  when: (iso: string) => string;
  money: (cents: number) => string;
}) {
  const { t } = useTranslation();
  const customer = order.customer;
  const amounts: [string, number][] = [
    [t('orderManagement.subtotal'), order.subtotal],
    [t('orderManagement.discount'), order.discount],
    [t('orderManagement.total'), order.total],
    [t('orderManagement.refunded'), order.refunded_amount],
    [t('orderManagement.refundPending'), order.pending_refund_amount],
    [t('orderManagement.refundable'), order.refundable_amount],
  ];
  return (
    <Box>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
        <Chip label={t(`orders.status.${order.status}`)} size="small" />
        <Typography>{when(order.created_at)}</Typography>
      </Stack>
      <Typography sx={{ mt: 1 }}>
        {customer
          ? [
              customer.name,
              customer.email,
              customer.kind === 'walk_in' ? t('orderManagement.walkIn') : null,
            ]
              .filter(Boolean)
              .join(' · ')
          : t('orderManagement.noCustomer')}
      </Typography>
      {order.placed_by && (
        <Typography variant="body2" color="text.secondary">
          {t('orderManagement.placedBy', { name: order.placed_by.name })}
        </Typography>
      )}
      {order.payment_error && (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {t('orderManagement.paymentError', { message: order.payment_error })}
        </Alert>
      )}
      <Box
        component="dl"
        sx={{ display: 'grid', gridTemplateColumns: 'auto auto', gap: 0.5, mt: 1, mb: 0 }}
      >
        {amounts.map(([label, cents]) => (
          <Box key={label} sx={{ display: 'contents' }}>
            <Typography component="dt" color="text.secondary">
              {label}
            </Typography>
            <Typography component="dd" sx={{ m: 0, textAlign: 'right' }}>
              {money(cents)}
            </Typography>
          </Box>
        ))}
      </Box>
    </Box>
  );
}

function Section({
  title,
  empty = null,
  children,
  testId,
}: {
  title: string;
  empty?: string | null;
  children: ReactNode;
  testId?: string;
}) {
  return (
    <Box component="section" aria-label={title} data-testid={testId}>
      <Divider sx={{ mb: 1 }} />
      <Typography variant="subtitle1" component="h3">
        {title}
      </Typography>
      {empty ? (
        <Typography color="text.secondary">{empty}</Typography>
      ) : (
        <List dense disablePadding>
          {children}
        </List>
      )}
    </Box>
  );
}
