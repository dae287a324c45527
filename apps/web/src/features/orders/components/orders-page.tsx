import type { Order } from '@atelier/contract';
import { FIRST_PAGE, ORDERS_API } from '@atelier/contract';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import GlobalStyles from '@mui/material/GlobalStyles';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { AppDialog } from '../../../components/dialogs/app-dialog';
import { ConfirmDialog } from '../../../components/dialogs/confirm-dialog';
import { handleError } from '../../../lib/api-client';
import { dateTimeFormat } from '../../../lib/date-formatter';
import { useDownloadFileMutation } from '../../../lib/file-download-api';
import { paths } from '../../../lib/route-paths';
import { useAppDispatch, useAppSelector } from '../../../lib/store-hooks';
import { timeZoneOf } from '../../../lib/zoned-time';
import { selectUser } from '../../session';
import { type OrderListStatus, useCancelOrderMutation, useOrdersQuery } from '../orders-api';
import { selectedOrderIdSet, selectSelectedOrderId } from '../orders-slice';
import { selectPendingOrders, selectPurchasedOrders } from '../orders-state';
import { useOrderRefundsQuery } from '../refunds-api';
import { OrderRefundsState } from './order-refunds';
import { OrderSummary } from './order-summary';
import { ReceiptDetails } from './receipt-details';
import { RefundRequestDialog } from './refund-request-dialog';

function useDateTime() {
  const { i18n } = useTranslation();
  const user = useAppSelector(selectUser);
  const format = dateTimeFormat(i18n.language, {
    timeZone: timeZoneOf(user),
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(Date.parse(iso));
}

/**
 * /orders (docs/product.md#checkout-and-orders): a student's orders waiting for payment (pay them,
 * or cancel them and free their seats) and those bought (with a printable receipt). Each list
 * pages with "Load more"; each list is one cache entry, merged page by page
 * (docs/product.md#client-state).
 */
export function OrdersPage() {
  const { t } = useTranslation();
  const pending = useAppSelector(selectPendingOrders);
  const purchased = useAppSelector(selectPurchasedOrders);
  const selectedId = useAppSelector(selectSelectedOrderId);
  const dispatch = useAppDispatch();
  const receipt = purchased.find((o) => o.id === selectedId) ?? null;
  return (
    <Stack spacing={4}>
      <OrderList
        status="pending"
        title={t('orders.pendingTitle')}
        empty={t('orders.pendingEmpty')}
        orders={pending}
      />
      <OrderList
        status="purchased"
        title={t('orders.purchasedTitle')}
        empty={t('orders.purchasedEmpty')}
        orders={purchased}
      />
      {receipt && <Receipt order={receipt} onClose={() => dispatch(selectedOrderIdSet(null))} />}
    </Stack>
  );
}

function OrderList({
  status,
  title,
  empty,
  orders,
}: {
  status: OrderListStatus;
  title: string;
  empty: string;
  orders: Order[];
}) {
  const { t } = useTranslation();
  const [page, setPage] = useState(FIRST_PAGE);
  // A visit starts from the first page, which replaces whatever the list held.
  const { data, isFetching, isError } = useOrdersQuery(
    { status, page },
    { refetchOnMountOrArgChange: true },
  );
  const total = data?.meta.total ?? 0;
  const headingId = `orders-${status}-title`;
  return (
    <section aria-labelledby={headingId} data-testid={`orders-${status}`}>
      <Typography id={headingId} variant="h2" sx={{ fontSize: 22, mb: 2 }}>
        {title}
      </Typography>
      {isError && orders.length === 0 ? (
        <Alert severity="error">{t('orders.loadFailed')}</Alert>
      ) : !data && isFetching ? (
        <CircularProgress size={24} aria-label={t('orders.loading')} />
      ) : orders.length === 0 ? (
        <Typography data-testid={`orders-${status}-empty`}>{empty}</Typography>
      ) : (
        <Stack spacing={2}>
          {orders.map((order) => (
            <OrderCard key={order.id} order={order} />
          ))}
          {orders.length < total && (
            <div>
              <Button onClick={() => setPage((p) => p + 1)} disabled={isFetching}>
                {t('orders.loadMore')}
              </Button>
              <Typography variant="body2" component="span" sx={{ ml: 2 }}>
                {t('orders.showing', { shown: orders.length, total })}
              </Typography>
            </div>
          )}
        </Stack>
      )}
    </section>
  );
}

function OrderCard({ order }: { order: Order }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const dispatch = useAppDispatch();
  const dateTime = useDateTime();
  const [confirming, setConfirming] = useState(false);
  const [cancelOrder, { isLoading: canceling }] = useCancelOrderMutation();
  const pending = order.status === 'pending';
  // A bought order's refund state (docs/architecture.md#refunds); a pending one has none.
  const [requesting, setRequesting] = useState(false);
  const bought = order.status === 'paid' || order.status === 'partially_refunded';
  const { data: refunds } = useOrderRefundsQuery(order.id, {
    skip: pending || order.status === 'canceled' || order.status === 'expired',
  });
  const mayRequest =
    bought &&
    refunds !== undefined &&
    refunds.refundable_amount > 0 &&
    !refunds.refund_requests.some((r) => r.status === 'pending');

  const pay = () => {
    dispatch(selectedOrderIdSet(order.id));
    navigate(`${paths.checkout}?${new URLSearchParams({ order: order.id })}`);
  };

  const cancel = async () => {
    setConfirming(false);
    try {
      await cancelOrder(order.id).unwrap();
    } catch (error) {
      handleError(error, t('orders.cancelFailed'));
    }
  };

  return (
    <Card variant="outlined" data-testid="order-card">
      <CardContent>
        <Stack
          direction="row"
          sx={{ justifyContent: 'space-between', alignItems: 'center', mb: 1.5, gap: 1 }}
        >
          <Typography variant="body2">
            {t('orders.placedAt', { id: order.id, date: dateTime(order.created_at) })}
          </Typography>
          <Chip
            size="small"
            label={t(`orders.status.${order.status}`)}
            data-testid="order-status"
          />
        </Stack>
        <OrderSummary order={order} />
        {refunds && <OrderRefundsState order={order} refunds={refunds} dateTime={dateTime} />}
        {pending && (
          <Typography variant="body2" sx={{ mt: 1 }}>
            {t('orders.heldUntil', { date: dateTime(order.expires_at) })}
          </Typography>
        )}
      </CardContent>
      <CardActions>
        {pending ? (
          <>
            <Button variant="contained" onClick={pay} data-testid="order-pay">
              {t('orders.pay')}
            </Button>
            <Button
              color="error"
              onClick={() => setConfirming(true)}
              disabled={canceling}
              data-testid="order-cancel"
            >
              {t('orders.cancel')}
            </Button>
          </>
        ) : (
          <>
            <Button
              onClick={() => dispatch(selectedOrderIdSet(order.id))}
              data-testid="order-receipt"
            >
              {t('orders.receipt')}
            </Button>
            {mayRequest && (
              <Button onClick={() => setRequesting(true)} data-testid="order-request-refund">
                {t('refunds.request')}
              </Button>
            )}
          </>
        )}
      </CardActions>
      {requesting && <RefundRequestDialog order={order} onClose={() => setRequesting(false)} />}
      <ConfirmDialog
        open={confirming}
        message={t('orders.cancelQuestion')}
        confirmLabel={t('orders.cancel')}
        onConfirm={() => void cancel()}
        onCancel={() => setConfirming(false)}
      />
    </Card>
  );
}

/**
 * A printable receipt: the browser's print, with the dialog's content as the page (the app
 * behind it, in #root, is left out of the print while the receipt is open; the dialog lives in a
 * portal beside it). The same receipt downloads as a PDF to file (docs/product.md#receipts).
 */
function Receipt({ order, onClose }: { order: Order; onClose: () => void }) {
  const { t } = useTranslation();
  const dateTime = useDateTime();
  const [download, { isLoading: downloading }] = useDownloadFileMutation();
  const downloadPdf = async () => {
    try {
      await download({
        url: ORDERS_API.orderReceiptPdf(order.id),
        filename: `receipt-${order.id}.pdf`,
      }).unwrap();
    } catch (error) {
      handleError(error, t('orders.downloadFailed'));
    }
  };
  return (
    <>
      <GlobalStyles styles={{ '@media print': { '#root': { display: 'none' } } }} />
      <AppDialog
        open
        title={t('orders.receiptTitle', { id: order.id })}
        onClose={onClose}
        testId="order-receipt-dialog"
        actions={
          <>
            <Button
              onClick={() => void downloadPdf()}
              disabled={downloading}
              data-testid="order-receipt-pdf"
            >
              {t('orders.downloadPdf')}
            </Button>
            <Button variant="contained" onClick={() => window.print()}>
              {t('orders.print')}
            </Button>
          </>
        }
      >
        <ReceiptDetails orderId={order.id}>
          <Stack spacing={1} sx={{ mb: 1 }}>
            <Typography>
              {t('orders.placedAt', { id: order.id, date: dateTime(order.created_at) })}
            </Typography>
            {order.paid_at && (
              <Typography>{t('orders.paidAt', { date: dateTime(order.paid_at) })}</Typography>
            )}
            <Typography>{t(`orders.status.${order.status}`)}</Typography>
          </Stack>
          <OrderSummary order={order} />
        </ReceiptDetails>
      </AppDialog>
    </>
  );
}
