import { AppError } from '../../lib/app-error';
import { lockOrderRow, recordOrderEvent } from '../orders';
import { type PaymentEvent, paidIntentOfOrder } from '../payments';
import { executeRefund } from './refund-execution';
import type { RefundsContext } from './refunds.context';
import { insertLatePaymentRefund } from './refunds.repository';

// A card payment that came in after its order's seats went to others is returned at once, in
// full (docs/decisions/063-late-payments-are-returned.md). The orders module marks such an order
// `failed` when it applies the payment; this handler, registered after it with app.payments,
// hears the same event and sends the money back.

/** Why the money went back, as the refund records it. */
export const LATE_PAYMENT_REASON =
  'Paid after the seats were released and the class is now full: returned in full.';

/**
 * A succeeded payment whose order failed for want of seats: one refund of the whole total, keyed
 * by the order, so applying the event again (a redelivery, the payment repair) finds it and sends
 * nothing twice. The refund row is written before the provider is called: should the provider be
 * out of reach, the error leaves the payment event unapplied, and its redelivery or the payment
 * repair comes back here and sends the pending refund again under the same key.
 */
export async function returnLatePayment(ctx: RefundsContext, event: PaymentEvent): Promise<void> {
  if (event.type !== 'succeeded') return;
  const toSend = await ctx.db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, event.orderId);
    // Only a late payment makes an order failed; a paid one kept its seats.
    if (order?.status !== 'failed' || order.total <= 0) return null;
    if (!(await paidIntentOfOrder(tx, order.id))) return null;
    const { refund, created } = await insertLatePaymentRefund(tx, {
      orderId: order.id,
      amount: order.total,
      reason: LATE_PAYMENT_REASON,
    });
    if (created) {
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: 'refund_started',
        data: { refund_id: refund.id, amount: refund.amount, late_payment: true },
      });
    }
    // Sent already (the provider named it) or settled: its event does the rest, or has.
    return refund.status === 'pending' && refund.providerRefundId === null ? refund : null;
  });
  if (!toSend) return;
  try {
    await executeRefund(ctx, toSend, null);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unavailable') throw error;
    // Refused: the refund is marked failed and the order stays failed; nothing here can retry it.
    ctx.log.error(
      { err: error, orderId: toSend.orderId, refundId: toSend.id },
      'the provider refused to return a late payment',
    );
  }
}
