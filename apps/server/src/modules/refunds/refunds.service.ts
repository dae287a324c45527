import type { OrderRefundsDocument, RefundDocument, RefundMethod } from '@atelier/contract';
import { notFound } from '../../lib/app-error';
import { findOrder, lockOrderRow, orderAttendees, recordOrderEvent } from '../orders';
import { afterRefundApplied, applySucceededRefund, settleAtOnce } from './refund-application';
import { refundDocumentOf, requestContextOf } from './refund-documents';
import { sendRefund } from './refund-execution';
import { chooseAttendees, createRefund, refundableOrder, refundOptions } from './refund-rules';
import type { RefundOutcome, RefundsContext } from './refunds.context';
import {
  attendeeIdsOfRefunds,
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
  body: {
    amount: number;
    reason: string;
    method?: RefundMethod | undefined;
    attendee_profile_ids?: number[] | undefined;
  },
): Promise<RefundDocument> {
  const { refund, applied } = await ctx.db.transaction(async (tx) => {
    const order = await refundableOrder(tx, orderId);
    const chosen = chooseAttendees(await orderAttendees(tx, order.id), body.attendee_profile_ids);
    const created = await createRefund(tx, order, {
      amount: body.amount,
      reason: body.reason,
      method: body.method,
      attendees: chosen,
      requestId: null,
      actorId: adminId,
    });
    // Cash, check and credit move no money through the provider: paid out as they are written.
    return { refund: created, applied: await settleAtOnce(ctx, tx, order, created) };
  });
  const done = await sendRefund(ctx, refund, applied, adminId);
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
    data: orderRefundsResource(
      order,
      sums,
      {
        requests: requests.map((r) => refundRequestResource(r, context)),
        refunds: refundRows.map((r) =>
          refundResource(r, attendees, named.get(r.id) ?? [], order.currency),
        ),
      },
      await refundOptions(ctx.db, order),
    ),
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
    return applySucceededRefund(ctx, tx, order, refund, {
      providerRefundId: event.providerRefundId,
    });
  });
  if (!applied) return;
  await afterRefundApplied(ctx, applied);
}
