import { orderItemTitle, type RefundMethod } from '@atelier/contract';
import type { Db } from '../../db/client';
import { cancelOrderItemEnrollments } from '../enrollments';
import {
  creditRefundEntries,
  recordEntries,
  refundEntries,
  returnedPaymentEntries,
} from '../ledger';
import {
  itemsOfOrders,
  type OrderRow,
  orderAttendees,
  recordOrderEvent,
  setOrderRefunded,
} from '../orders';
import { revokePassPurchasesOfOrder } from '../passes';
import { cancelTrialsOfOrder } from '../trials';
import { peopleByIds } from '../users';
import { seatsFreed } from '../waitlist';
import { money, tell } from './refund-rules';
import type { RefundsContext } from './refunds.context';
import {
  attendeeIdsOfRefunds,
  isLatePaymentRefund,
  type RefundRow,
  refundSums,
  settleRefund,
} from './refunds.repository';

// A refund that went through, whatever its method (docs/architecture.md#refunds): the provider's
// confirmation of a card refund, a refund the desk paid out in cash or by check, or one kept as
// account credit. One place for what follows: the ledger, the places that end, the order's
// status, its history, the mail, and after the commit the waitlists and the notification.

/** What the commit leaves to do (waitlists, the notification). */
export type AppliedRefund = {
  order: OrderRow;
  refund: RefundRow;
  method: RefundMethod;
  late: boolean;
  ja: boolean;
  amount: string;
  freed: number[];
};

/**
 * Settles a pending refund as succeeded and applies it, in the caller's transaction under the
 * order's lock; null when it was not pending (applied already). `keepAsCredit` turns a held card
 * refund into account credit as it settles (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md).
 */
export async function applySucceededRefund(
  ctx: RefundsContext,
  tx: Db,
  order: OrderRow,
  refund: RefundRow,
  options: { providerRefundId?: string; keepAsCredit?: boolean } = {},
): Promise<AppliedRefund | null> {
  // One instant for the refund's success and its ledger entries: the sales overview counts
  // the refund by it, and the ledger's sums must fall in the same period.
  const at = new Date();
  const method: RefundMethod = options.keepAsCredit ? 'credit' : refund.method;
  const settled = await settleRefund(
    tx,
    refund.id,
    {
      status: 'succeeded',
      ...(options.providerRefundId ? { providerRefundId: options.providerRefundId } : {}),
      ...(options.keepAsCredit ? { method: 'credit' as const } : {}),
    },
    at,
  );
  if (!settled) return null;
  // A late payment returned was never charged for: the refund alone answers its payment
  // (docs/decisions/063-late-payments-are-returned.md).
  const late = isLatePaymentRefund(refund);
  const facts = { ...refund, at };
  if (method === 'credit') {
    await recordEntries(tx, creditRefundEntries(order, { ...facts, charged: !late }));
  } else if (late) {
    await recordEntries(tx, returnedPaymentEntries(order, facts));
  } else {
    await recordEntries(tx, refundEntries(order, { ...facts, method }));
  }
  const sums = await refundSums(tx, order.id);
  const full = sums.succeeded >= order.total;
  const all = await orderAttendees(tx, order.id);
  const namedIds = (await attendeeIdsOfRefunds(tx, [refund.id])).get(refund.id) ?? [];
  const named = all.filter((a) => namedIds.includes(a.id));
  const freed = await cancelOrderItemEnrollments(tx, full ? all : named);
  // A full refund takes the order's class passes back: their unused visits go with the money
  // (docs/decisions/076-class-passes-and-drop-ins.md).
  if (full) await revokePassPurchasesOfOrder(tx, order.id, at);
  // ...and its paid trials: cancelled, their session seats freed (docs/decisions/077-trial-classes.md).
  const trialsCancelled = full ? await cancelTrialsOfOrder(tx, order.id, at) : [];
  await setOrderRefunded(tx, order.id, full ? 'refunded' : 'partially_refunded');
  await recordOrderEvent(tx, {
    orderId: order.id,
    type: 'refunded',
    data: {
      refund_id: refund.id,
      amount: refund.amount,
      method,
      refunded_total: sums.succeeded,
      attendee_profile_ids: named.map((a) => a.attendeeProfileId),
    },
  });
  const buyer =
    order.userId === null ? undefined : (await peopleByIds(tx, [order.userId])).get(order.userId);
  if (buyer && late) {
    await ctx.mailer.queue(tx, {
      to: buyer.email,
      locale: buyer.locale ?? 'en',
      template: 'late_payment_refunded',
      params: {
        name: buyer.name,
        orderId: order.id,
        currency: order.currency,
        amount: refund.amount,
        classes: ((await itemsOfOrders(tx, [order.id])).get(order.id) ?? []).map((item) =>
          orderItemTitle(item.snapshot),
        ),
        keptAsCredit: method === 'credit',
      },
    });
  } else if (buyer) {
    await ctx.mailer.queue(tx, {
      to: buyer.email,
      locale: buyer.locale ?? 'en',
      template: 'refund_issued',
      params: {
        name: buyer.name,
        orderId: order.id,
        currency: order.currency,
        amount: refund.amount,
        refundedTotal: sums.succeeded,
        attendees: named.map((a) => a.name),
        full,
        method,
      },
    });
  }
  return {
    order,
    refund,
    method,
    late,
    ja: buyer?.locale === 'ja',
    amount: money(order.currency, refund.amount),
    freed: [
      ...freed.map((f) => f.scheduleId),
      ...(trialsCancelled.length > 0 ? await trialScheduleIdsOfOrder(tx, order.id) : []),
    ],
  };
}

/** In a new refund's own transaction: cash, check and credit are paid out as they are written. */
export function settleAtOnce(
  ctx: RefundsContext,
  tx: Db,
  order: OrderRow,
  refund: RefundRow,
): Promise<AppliedRefund | null> {
  if (refund.method === 'card') return Promise.resolve(null);
  return applySucceededRefund(ctx, tx, order, refund);
}

const BACK_TO: Record<RefundMethod, { en: string; ja: string }> = {
  card: { en: 'to your card', ja: 'カードへ' },
  cash: { en: 'in cash', ja: '現金で' },
  check: { en: 'by check', ja: '小切手で' },
  credit: { en: 'as account credit', ja: 'アカウントのクレジットとして' },
};

/** After the commit: the freed seats to the waitlists, then the family's notification. */
export async function afterRefundApplied(ctx: RefundsContext, applied: AppliedRefund) {
  ctx.mailer.wake();
  // Refunded seats go to the waitlists at once (docs/product.md#waitlist).
  await seatsFreed({ ...ctx, now: () => new Date() }, applied.freed);
  const { order, ja, amount, method } = applied;
  if (applied.late && method === 'credit') {
    await tell(
      ctx,
      order,
      ja
        ? `ご注文 #${order.id} のお支払いをクレジットとしてお預かりしました`
        : `Order #${order.id}: your payment is kept as account credit`,
      ja
        ? `${amount} をアカウントのクレジットとしてお預かりしました。次のご注文でお使いいただけます。`
        : `We have kept ${amount} as account credit; it pays towards your next order.`,
    );
    return;
  }
  if (applied.late) {
    await tell(
      ctx,
      order,
      ja
        ? `ご注文 #${order.id} のお支払いを返金しています`
        : `Order #${order.id}: your payment is being refunded`,
      ja
        ? `お支払いの前に満席になったため、${amount} 全額をカードへ返金しています。詳細をメールでお送りしました。`
        : `The class filled up before your payment came in, so we are refunding ${amount} in full to your card. We have e-mailed you the details.`,
    );
    return;
  }
  await tell(
    ctx,
    order,
    ja ? `ご注文 #${order.id} の返金が完了しました` : `Order #${order.id} was refunded`,
    ja
      ? `${amount} を${BACK_TO[method].ja}返金しました。詳細をメールでお送りしました。`
      : `We refunded ${amount} ${BACK_TO[method].en}. We have e-mailed you the details.`,
  );
}

/** The schedules of an order's paid trials (their seats free when the trials are cancelled). */
async function trialScheduleIdsOfOrder(tx: Db, orderId: number): Promise<number[]> {
  const items = (await itemsOfOrders(tx, [orderId])).get(orderId) ?? [];
  return items.flatMap((i) => (i.kind === 'trial' ? [i.scheduleId] : []));
}
