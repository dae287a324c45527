import { DEFAULT_TIMEZONE, orderItemTitle } from '@atelier/contract';
import { AppError } from '../../lib/app-error';
import { amountDue, itemsOfOrders, lockOrderRow, type OrderRow, recordOrderEvent } from '../orders';
import { type PaymentEvent, paidIntentOfOrder } from '../payments';
import { peopleByIds } from '../users';
import { signHeldRefund } from './held-refund-links';
import { executeRefund } from './refund-execution';
import { money, tell } from './refund-rules';
import type { RefundsContext } from './refunds.context';
import { insertLatePaymentRefund, type RefundRow } from './refunds.repository';

// A card payment that came in after its order's seats went to others goes back in full
// (docs/decisions/063-late-payments-are-returned.md), after a hold in which the family may keep
// it as account credit instead (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md).
// The orders module marks such an order `failed` when it applies the payment; this handler,
// registered after it with app.payments, hears the same event and writes the refund.

/** Why the money went back, as the refund records it. */
export const LATE_PAYMENT_REASON =
  'Paid after the seats were released and the class is now full: returned in full.';

/**
 * A succeeded payment whose order failed for want of seats: one refund of what the card paid, keyed
 * by the order, so applying the event again (a redelivery, the payment repair) finds it and sends
 * nothing twice. Held (a hold of more than 0 minutes): the family is mailed and told when it goes
 * to the card and how to keep it as credit, and the sweep sends it when due. Not held: the refund
 * row is written before the provider is called, and should the provider be out of reach, the
 * error leaves the payment event unapplied, and its redelivery or the payment repair comes back
 * here and sends the pending refund again under the same key.
 */
export async function returnLatePayment(ctx: RefundsContext, event: PaymentEvent): Promise<void> {
  if (event.type !== 'succeeded') return;
  const outcome = await ctx.db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, event.orderId);
    // Only a late payment makes an order failed; a paid one kept its seats.
    // What the card took: the account credit set aside for the order was never spent.
    const cardPaid = order ? amountDue(order) : 0;
    if (order?.status !== 'failed' || cardPaid <= 0) return null;
    if (!(await paidIntentOfOrder(tx, order.id))) return null;
    const hold = ctx.latePaymentHoldMinutes;
    const { refund, created } = await insertLatePaymentRefund(tx, {
      orderId: order.id,
      amount: cardPaid,
      reason: LATE_PAYMENT_REASON,
      sendAfter: hold > 0 ? new Date(Date.now() + hold * 60_000) : null,
    });
    let heldFor: { ja: boolean } | null = null;
    if (created) {
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: 'refund_started',
        data: {
          refund_id: refund.id,
          amount: refund.amount,
          late_payment: true,
          send_after: refund.sendAfter?.toISOString() ?? null,
        },
      });
      if (refund.sendAfter) heldFor = await mailHeld(ctx, tx, order, refund, refund.sendAfter);
    }
    // Held: the sweep sends it. Sent already (the provider named it) or settled: its event does
    // the rest, or has.
    const send =
      refund.status === 'pending' && refund.providerRefundId === null && !refund.sendAfter;
    return { order, refund, send, heldFor };
  });
  if (!outcome) return;
  if (outcome.heldFor) {
    ctx.mailer.wake();
    await tellHeld(ctx, outcome.order, outcome.refund, outcome.heldFor.ja);
  }
  if (!outcome.send) return;
  try {
    await executeRefund(ctx, outcome.refund, null);
  } catch (error) {
    if (error instanceof AppError && error.code === 'unavailable') throw error;
    // Refused: the refund is marked failed and the order stays failed; nothing here can retry it.
    ctx.log.error(
      { err: error, orderId: outcome.refund.orderId, refundId: outcome.refund.id },
      'the provider refused to return a late payment',
    );
  }
}

/** The mail of a held refund, in the refund's transaction: when it goes, and the link. */
async function mailHeld(
  ctx: RefundsContext,
  tx: RefundsContext['db'],
  order: OrderRow,
  refund: RefundRow,
  sendAfter: Date,
): Promise<{ ja: boolean }> {
  const buyer =
    order.userId === null ? undefined : (await peopleByIds(tx, [order.userId])).get(order.userId);
  if (!buyer) return { ja: false };
  await ctx.mailer.queue(tx, {
    to: buyer.email,
    locale: buyer.locale ?? 'en',
    template: 'late_payment_held',
    params: {
      name: buyer.name,
      orderId: order.id,
      currency: order.currency,
      amount: refund.amount,
      classes: ((await itemsOfOrders(tx, [order.id])).get(order.id) ?? []).map((item) =>
        orderItemTitle(item.snapshot),
      ),
      sendAfter: sendAfter.toISOString(),
      timeZone: buyer.timezone ?? DEFAULT_TIMEZONE,
      token: signHeldRefund(ctx.linkSecret, refund.id),
    },
  });
  return { ja: buyer.locale === 'ja' };
}

async function tellHeld(ctx: RefundsContext, order: OrderRow, refund: RefundRow, ja: boolean) {
  const amount = money(order.currency, refund.amount);
  const minutes = ctx.latePaymentHoldMinutes;
  await tell(
    ctx,
    order,
    ja
      ? `ご注文 #${order.id}: 満席のため ${minutes} 分後にカードへ返金します`
      : `Order #${order.id}: the class filled up; your card is refunded in ${minutes} minutes`,
    ja
      ? `お支払いの前に満席になったため、${amount} を ${minutes} 分後にカードへ返金します。アカウントのクレジットとしてお預かりすることもできます。メールのリンクからそれまでにお選びください。`
      : `The class filled up before your payment came in, so ${amount} goes back to your card in ${minutes} minutes. You may keep it as account credit instead: choose so before then with the link in the e-mail we sent you.`,
  );
}
