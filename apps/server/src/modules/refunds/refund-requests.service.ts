import {
  REFUND_MESSAGES,
  type RefundMethod,
  type RefundRequestDocument,
  type RefundRequestListDocument,
  type RefundRequestStatus,
} from '@atelier/contract';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow, personOf, type Viewer } from '../../lib/http';
import { lockOrderRow, orderAttendees, recordOrderEvent } from '../orders';
import { peopleByIds } from '../users';
import { settleAtOnce } from './refund-application';
import { requestContextOf, requestDocument } from './refund-documents';
import { sendRefund } from './refund-execution';
import {
  chooseAttendees,
  createRefund,
  REFUNDABLE,
  refundableOrder,
  remainingOf,
  shareOf,
  tell,
} from './refund-rules';
import type { RefundsContext } from './refunds.context';
import {
  attendeeIdsOfRequests,
  decideRefundRequest as decideRequestRow,
  insertRefundRequest,
  pendingRequestOfOrder,
  refundRequestById,
  requestPage,
} from './refunds.repository';
import { refundRequestResource } from './refunds.resources';

// A family's refund requests and an admin's decisions (docs/architecture.md#refunds).

/**
 * POST /api/v2/orders/{id}/refund_requests (the order's family). The request names the person who
 * asked: a second guardian asks for the family under their own name (decision 071).
 */
export async function requestRefund(
  ctx: RefundsContext,
  viewer: Viewer,
  orderId: number,
  body: { reason: string; attendee_profile_ids?: number[] | undefined },
): Promise<RefundRequestDocument> {
  const row = await ctx.db.transaction(async (tx) => {
    const order = await refundableOrder(tx, orderId, viewer.id);
    const askedBy = personOf(viewer);
    const chosen = chooseAttendees(await orderAttendees(tx, order.id), body.attendee_profile_ids);
    if ((await remainingOf(tx, order)).remaining <= 0) {
      throw new AppError('conflict', REFUND_MESSAGES.nothingLeft);
    }
    if (await pendingRequestOfOrder(tx, order.id)) {
      throw new AppError('conflict', REFUND_MESSAGES.requestPending);
    }
    const request = await insertRefundRequest(
      tx,
      { orderId: order.id, requestedById: askedBy, reason: body.reason },
      chosen.map((a) => a.id),
    );
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'refund_requested',
      actorId: askedBy,
      data: {
        refund_request_id: request.id,
        attendee_profile_ids: chosen.map((a) => a.attendeeProfileId),
      },
    });
    return request;
  });
  return requestDocument(ctx, row);
}

/** PUT /api/v2/admin/refund_requests/{id}: approve (refunding) or reject. */
export async function decideRefundRequest(
  ctx: RefundsContext,
  adminId: number,
  requestId: number,
  body: {
    decision: 'approve' | 'reject';
    amount?: number | undefined;
    method?: RefundMethod | undefined;
    attendee_profile_ids?: number[] | undefined;
    note?: string | undefined;
  },
): Promise<RefundRequestDocument> {
  const found = await refundRequestById(ctx.db, requestId);
  if (!found) throw notFound('Refund request');
  const note = body.note ? body.note : null;
  const outcome = await ctx.db.transaction(async (tx) => {
    // The order first, as every refund path locks it, then the request as it is now.
    const order = await lockOrderRow(tx, found.orderId);
    const request = await refundRequestById(tx, requestId);
    if (!order || !request) throw notFound('Refund request');
    if (request.status !== 'pending') {
      throw new AppError('conflict', REFUND_MESSAGES.alreadyDecided);
    }
    if (body.decision === 'reject') {
      await decideRequestRow(tx, request.id, {
        status: 'rejected',
        decidedById: adminId,
        decisionNote: note,
      });
      await recordOrderEvent(tx, {
        orderId: order.id,
        type: 'refund_rejected',
        actorId: adminId,
        data: { refund_request_id: request.id, note },
      });
      return { order, refund: null, applied: null };
    }
    if (!REFUNDABLE.includes(order.status)) {
      throw new AppError('conflict', REFUND_MESSAGES.notRefundable);
    }
    const all = await orderAttendees(tx, order.id);
    const namedIds = (await attendeeIdsOfRequests(tx, [request.id])).get(request.id) ?? [];
    // A whole-order request approved in part: staff say who leaves (none: money only); one
    // refunded in full ends every place anyway (docs/architecture.md#refunds).
    const named =
      namedIds.length > 0
        ? all.filter((a) => namedIds.includes(a.id))
        : chooseAttendees(all, body.attendee_profile_ids);
    const { remaining } = await remainingOf(tx, order);
    const amount =
      body.amount ?? Math.min(namedIds.length > 0 ? shareOf(named) : remaining, remaining);
    if (amount <= 0) {
      throw new ValidationError([{ field: 'amount', detail: REFUND_MESSAGES.amountRequired }]);
    }
    const refund = await createRefund(tx, order, {
      amount,
      reason: request.reason,
      method: body.method,
      attendees: named,
      requestId: request.id,
      actorId: adminId,
    });
    await decideRequestRow(tx, request.id, {
      status: 'approved',
      decidedById: adminId,
      decisionNote: note,
    });
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'refund_approved',
      actorId: adminId,
      data: { refund_request_id: request.id, refund_id: refund.id, amount, note },
    });
    return { order, refund, applied: await settleAtOnce(ctx, tx, order, refund) };
  });
  const decided = (await refundRequestById(ctx.db, requestId)) ?? found;
  if (!outcome.refund) {
    const ja =
      (await peopleByIds(ctx.db, [found.requestedById])).get(found.requestedById)?.locale === 'ja';
    await tell(
      ctx,
      outcome.order,
      ja
        ? `ご注文 #${outcome.order.id} の返金リクエストは承認されませんでした`
        : `Your refund request for order #${outcome.order.id} was declined`,
      note ??
        (ja
          ? '詳しくはスクールにお問い合わせください。'
          : 'Please contact the school for details.'),
    );
    return requestDocument(ctx, decided);
  }
  const refund = await sendRefund(ctx, outcome.refund, outcome.applied, adminId);
  return requestDocument(ctx, decided, refund);
}

/** GET /api/v2/admin/refund_requests. */
export async function listRefundRequests(
  ctx: RefundsContext,
  status: RefundRequestStatus | undefined,
  page: number,
): Promise<RefundRequestListDocument> {
  const { rows, total } = await requestPage(ctx.db, status, pageWindow(page));
  const context = await requestContextOf(ctx, rows);
  return { data: rows.map((r) => refundRequestResource(r, context)), meta: pageMeta(page, total) };
}
