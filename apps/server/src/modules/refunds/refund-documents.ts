import type { RefundRequestDocument } from '@atelier/contract';
import { findOrder, type OrderAttendeeRow, type OrderRow, orderAttendees } from '../orders';
import { peopleByIds } from '../users';
import { shareOf } from './refund-rules';
import type { RefundsContext } from './refunds.context';
import {
  attendeeIdsOfRefunds,
  attendeeIdsOfRequests,
  type RefundRequestRow,
  type RefundRow,
  refundSums,
} from './refunds.repository';
import { type RequestContext, refundRequestResource, refundResource } from './refunds.resources';

// Refund requests and refunds as documents, with what they name loaded once for all of them.

export async function requestContextOf(
  ctx: RefundsContext,
  rows: RefundRequestRow[],
): Promise<RequestContext> {
  const orderIds = [...new Set(rows.map((r) => r.orderId))];
  const ordersById = new Map<number, OrderRow>();
  const attendeesByOrder = new Map<number, OrderAttendeeRow[]>();
  const sumsByOrder = new Map<number, { pending: number; succeeded: number }>();
  for (const id of orderIds) {
    const order = await findOrder(ctx.db, id);
    if (order) ordersById.set(id, order);
    attendeesByOrder.set(id, await orderAttendees(ctx.db, id));
    sumsByOrder.set(id, await refundSums(ctx.db, id));
  }
  return {
    ordersById,
    attendeesByOrder,
    sumsByOrder,
    requestAttendees: await attendeeIdsOfRequests(
      ctx.db,
      rows.map((r) => r.id),
    ),
    users: await peopleByIds(ctx.db, [...new Set(rows.map((r) => r.requestedById))]),
    shareOf,
  };
}

export async function requestDocument(
  ctx: RefundsContext,
  row: RefundRequestRow,
  refund?: RefundRow,
): Promise<RefundRequestDocument> {
  const context = await requestContextOf(ctx, [row]);
  const doc: RefundRequestDocument = { data: refundRequestResource(row, context) };
  if (refund) doc.included = [await refundDocumentOf(ctx, refund)];
  return doc;
}

export async function refundDocumentOf(ctx: RefundsContext, refund: RefundRow) {
  const named = (await attendeeIdsOfRefunds(ctx.db, [refund.id])).get(refund.id) ?? [];
  const attendees = await orderAttendees(ctx.db, refund.orderId);
  const order = await findOrder(ctx.db, refund.orderId);
  return refundResource(refund, attendees, named, order?.currency ?? 'USD');
}
