import type { OrderRefundsDocument, RefundDocument } from '@atelier/contract';
import { notFound } from '../../lib/app-error';
import { cancelOrderItemEnrollments } from '../enrollments';
import { recordEntries, refundEntries, returnedPaymentEntries } from '../ledger';
import {
  findOrder,
  itemsOfOrders,
  lockOrderRow,
  orderAttendees,
  recordOrderEvent,
  setOrderRefunded,
} from '../orders';
import { peopleByIds } from '../users';
import { seatsFreed } from '../waitlist';
import { refundDocumentOf, requestContextOf } from './refund-documents';
import { executeRefund } from './refund-execution';
import { chooseAttendees, createRefund, money, refundableOrder, tell } from './refund-rules';
import type { RefundOutcome, RefundsContext } from './refunds.context';
import {
  attendeeIdsOfRefunds,
  isLatePaymentRefund,
  refundById,
  refundSums,
  refundsOfOrder,
  requestsOfOrders,
  settleRefund,
} from './refunds.repository';
import { orderRefundsResource, refundRequestResource, refundResource } from './refunds.resources';

// Refunds (docs/architecture.md#refunds, decision 031): an admin's direct refund, an order's
// refunds, and the provider's word on one applied once. Requests: refund-requests.service.ts.

/** POST /api/v2/admin/orders/{id}/refunds: an admin refunds without a request. */
export async function refundDirectly(
  ctx: RefundsContext,
  adminId: number,
  orderId: number,
  body: { amount: number; reason: string; attendee_profile_ids?: number[] | undefined },
): Promise<RefundDocument> {
  const refund = await ctx.db.transaction(async (tx) => {
    const order = await refundableOrder(tx, orderId);
    const chosen = chooseAttendees(await orderAttendees(tx, order.id), body.attendee_profile_ids);
    return createRefund(tx, order, {
      amount: body.amount,
      reason: body.reason,
      attendees: chosen,
      requestId: null,
      actorId: adminId,
    });
  });
  const done = await executeRefund(ctx, refund, adminId);
  return { data: await refundDocumentOf(ctx, done) };
}

/** GET /api/v2/orders/{id}/refunds: the owner's or an admin's view of the order's refunds. */
export async function orderRefunds(
  ctx: RefundsContext,
  viewer: { id: number; role: string },
  orderId: number,
): Promise<OrderRefundsDocument> {
  const order = await findOrder(ctx.db, orderId);
  if (!order || (viewer.role !== 'admin' && order.userId !== viewer.id)) throw notFound('Order');
  const requests = await requestsOfOrders(ctx.db, [order.id]);
  const context = await requestContextOf(ctx, requests);
  context.ordersById.set(order.id, order);
  const refundRows = await refundsOfOrder(ctx.db, order.id);
  const named = await attendeeIdsOfRefunds(
    ctx.db,
    refundRows.map((r) => r.id),
  );
  const attendees =
    context.attendeesByOrder.get(order.id) ?? (await orderAttendees(ctx.db, order.id));
  const sums = await refundSums(ctx.db, order.id);
  return {
    data: orderRefundsResource(order, sums, {
      requests: requests.map((r) => refundRequestResource(r, context)),
      refunds: refundRows.map((r) =>
        refundResource(r, attendees, named.get(r.id) ?? [], order.currency),
      ),
    }),
  };
}

/**
 * The provider's word on a refund (webhook), applied once: succeeded ends the attendees'
 * enrollments (all of them once the order is refunded in full), moves the order to refunded
 * or partially_refunded, records it, mails and notifies; failed only marks the refund, so the
 * money may be refunded again. Anything but a pending refund of this order changes nothing.
 */
export async function applyRefundEvent(ctx: RefundsContext, event: RefundOutcome): Promise<void> {
  const applied = await ctx.db.transaction(async (tx) => {
    const order = await lockOrderRow(tx, event.orderId);
    const refund = await refundById(tx, event.refundId);
    if (!order || !refund || refund.orderId !== order.id) {
      ctx.log.warn({ ...event }, 'a refund event names no refund of its order; ignored');
      return null;
    }
    if (event.type === 'failed') {
      if (
        await settleRefund(tx, refund.id, {
          status: 'failed',
          providerRefundId: event.providerRefundId,
        })
      ) {
        await recordOrderEvent(tx, {
          orderId: order.id,
          type: 'refund_failed',
          data: { refund_id: refund.id, amount: refund.amount },
        });
      }
      return null;
    }
    // One instant for the refund's success and its ledger entries: the sales overview counts
    // the refund by it, and the ledger's sums must fall in the same period.
    const at = new Date();
    if (
      !(await settleRefund(
        tx,
        refund.id,
        { status: 'succeeded', providerRefundId: event.providerRefundId },
        at,
      ))
    ) {
      return null;
    }
    // A late payment returned was never charged for: the refund alone answers its payment
    // (docs/decisions/063-late-payments-are-returned.md).
    const late = isLatePaymentRefund(refund);
    // Refunds go back through the provider only: a card's (docs/architecture.md#refunds).
    await recordEntries(
      tx,
      late
        ? returnedPaymentEntries(order, { ...refund, at })
        : refundEntries(order, {
            id: refund.id,
            amount: refund.amount,
            reason: refund.reason,
            method: 'card',
            createdById: refund.createdById,
            at,
          }),
    );
    const sums = await refundSums(tx, order.id);
    const full = sums.succeeded >= order.total;
    const all = await orderAttendees(tx, order.id);
    const namedIds = (await attendeeIdsOfRefunds(tx, [refund.id])).get(refund.id) ?? [];
    const named = all.filter((a) => namedIds.includes(a.id));
    const freed = await cancelOrderItemEnrollments(tx, full ? all : named);
    await setOrderRefunded(tx, order.id, full ? 'refunded' : 'partially_refunded');
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'refunded',
      data: {
        refund_id: refund.id,
        amount: refund.amount,
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
          classes: ((await itemsOfOrders(tx, [order.id])).get(order.id) ?? []).map(
            (item) => item.snapshot.klass_group.name,
          ),
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
        },
      });
    }
    return {
      order,
      refund,
      late,
      ja: buyer?.locale === 'ja',
      amount: money(order.currency, refund.amount),
      freed: freed.map((f) => f.scheduleId),
    };
  });
  if (!applied) return;
  ctx.mailer.wake();
  // Refunded seats go to the waitlists at once (docs/product.md#waitlist).
  await seatsFreed({ ...ctx, now: () => new Date() }, applied.freed);
  const { order, ja, amount } = applied;
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
      ? `${amount} をカードへ返金しました。詳細をメールでお送りしました。`
      : `We refunded ${amount} to your card. We have e-mailed you the details.`,
  );
}
