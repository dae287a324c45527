import {
  type OrderRefundsDocument,
  REFUND_MESSAGES,
  type RefundDocument,
  type RefundRequestDocument,
  type RefundRequestListDocument,
  type RefundRequestStatus,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import type { Mailer } from '../../mail/mailer';
import { cancelOrderItemEnrollments } from '../enrollments';
import type { NotifyInput } from '../notifications';
import {
  findOrder,
  lockOrderRow,
  type OrderAttendeeRow,
  type OrderRow,
  orderAttendees,
  recordOrderEvent,
  setOrderRefunded,
} from '../orders';
import { paidIntentOfOrder } from '../payments';
import { peopleByIds } from '../users';
import { seatsFreed } from '../waitlist';
import {
  attendeeIdsOfRefunds,
  attendeeIdsOfRequests,
  decideRefundRequest,
  insertRefund,
  insertRefundRequest,
  pendingRequestOfOrder,
  type RefundRequestRow,
  type RefundRow,
  refundById,
  refundRequestById,
  refundSums,
  refundsOfOrder,
  requestPage,
  requestsOfOrders,
  setProviderRefundId,
  settleRefund,
} from './refunds.repository';
import {
  orderRefundsResource,
  type RequestContext,
  refundRequestResource,
  refundResource,
} from './refunds.resources';

// Refunds (docs/architecture.md#refunds, decision 031).

/** What refunds need of `app.payments`. */
export type RefundsPaymentsPort = {
  refund(input: {
    orderId: number;
    intentId: string;
    amount: number;
    idempotencyKey: string;
    metadata?: Record<string, string>;
  }): Promise<{ refundId: string; status: string }>;
};

/** A refund's outcome as the provider's webhook reports it. */
export type RefundOutcome = {
  type: 'succeeded' | 'failed';
  refundId: number;
  orderId: number;
  providerRefundId: string;
};

export type RefundsDeps = {
  db: Db;
  payments: RefundsPaymentsPort;
  mailer: Mailer;
  notify: (input: NotifyInput) => Promise<unknown>;
  log: { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };
};

/** Orders whose money may go back. */
const REFUNDABLE: readonly OrderRow['status'][] = ['paid', 'partially_refunded'];

const money = (currency: string, cents: number) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency }).format(cents / 100);

/** An attendee's share of an item: its total split evenly, the last cent kept by rounding. */
function shareOf(attendees: OrderAttendeeRow[]): number {
  const byItem = new Map<number, { total: number; n: number; k: number }>();
  for (const a of attendees) {
    const entry = byItem.get(a.orderItemId) ?? { total: a.itemTotal, n: a.itemAttendees, k: 0 };
    entry.k += 1;
    byItem.set(a.orderItemId, entry);
  }
  let sum = 0;
  for (const { total, n, k } of byItem.values()) sum += Math.round((total * k) / Math.max(n, 1));
  return sum;
}

export function refundsService(deps: RefundsDeps) {
  const { db } = deps;

  /** The order-item attendee rows of these attendee profiles; 422 naming the field otherwise. */
  function chooseAttendees(all: OrderAttendeeRow[], profileIds: number[] | undefined) {
    if (!profileIds || profileIds.length === 0) return [];
    const chosen = all.filter((a) => profileIds.includes(a.attendeeProfileId));
    const known = new Set(chosen.map((a) => a.attendeeProfileId));
    if (profileIds.some((id) => !known.has(id))) {
      throw new ValidationError([
        { field: 'attendee_profile_ids', detail: REFUND_MESSAGES.notAnAttendee },
      ]);
    }
    return chosen;
  }

  async function remainingOf(tx: Db, order: OrderRow) {
    const sums = await refundSums(tx, order.id);
    return { ...sums, remaining: Math.max(order.total - sums.pending - sums.succeeded, 0) };
  }

  async function requestContext(rows: RefundRequestRow[]): Promise<RequestContext> {
    const orderIds = [...new Set(rows.map((r) => r.orderId))];
    const ordersById = new Map<number, OrderRow>();
    const attendeesByOrder = new Map<number, OrderAttendeeRow[]>();
    const sumsByOrder = new Map<number, { pending: number; succeeded: number }>();
    for (const id of orderIds) {
      const order = await findOrder(db, id);
      if (order) ordersById.set(id, order);
      attendeesByOrder.set(id, await orderAttendees(db, id));
      sumsByOrder.set(id, await refundSums(db, id));
    }
    return {
      ordersById,
      attendeesByOrder,
      sumsByOrder,
      requestAttendees: await attendeeIdsOfRequests(
        db,
        rows.map((r) => r.id),
      ),
      users: await peopleByIds(db, [...new Set(rows.map((r) => r.requestedById))]),
      shareOf,
    };
  }

  async function requestDocument(
    row: RefundRequestRow,
    refund?: RefundRow,
  ): Promise<RefundRequestDocument> {
    const ctx = await requestContext([row]);
    const doc: RefundRequestDocument = { data: refundRequestResource(row, ctx) };
    if (refund) doc.included = [await refundDocumentOf(refund)];
    return doc;
  }

  async function refundDocumentOf(refund: RefundRow) {
    const named = (await attendeeIdsOfRefunds(db, [refund.id])).get(refund.id) ?? [];
    const attendees = await orderAttendees(db, refund.orderId);
    const order = await findOrder(db, refund.orderId);
    return refundResource(refund, attendees, named, order?.currency ?? 'USD');
  }

  /**
   * Pays back through the provider, after the refund row is committed (pending): the fake
   * provider confirms through the webhook before it answers, and that handler takes the order's
   * lock, so no lock may be held here. The provider refusing fails the refund (the money may be
   * refunded again); not reaching it leaves it pending, as the refund may have gone through: its
   * event settles it.
   */
  async function execute(refund: RefundRow, actorId: number | null): Promise<RefundRow> {
    const intentId = await paidIntentOfOrder(db, refund.orderId);
    try {
      if (!intentId) throw new AppError('conflict', REFUND_MESSAGES.notPaidByCard);
      const result = await deps.payments.refund({
        orderId: refund.orderId,
        intentId,
        amount: refund.amount,
        idempotencyKey: refund.idempotencyKey,
        metadata: { order_id: String(refund.orderId), refund_id: String(refund.id) },
      });
      await setProviderRefundId(db, refund.id, result.refundId);
    } catch (error) {
      if (error instanceof AppError && error.code === 'unavailable') throw error;
      deps.log.warn({ err: error, refundId: refund.id }, 'the provider refused a refund');
      await db.transaction(async (tx) => {
        if (await settleRefund(tx, refund.id, { status: 'failed' })) {
          await recordOrderEvent(tx, {
            orderId: refund.orderId,
            type: 'refund_failed',
            actorId,
            data: { refund_id: refund.id, amount: refund.amount },
          });
        }
      });
      throw new AppError('conflict', REFUND_MESSAGES.providerFailed);
    }
    return (await refundById(db, refund.id)) ?? refund;
  }

  /**
   * Writes a pending refund under the order's lock once the order's refunds together, this one
   * included, stay within what was paid (docs/architecture.md#refunds).
   */
  async function createRefund(
    tx: Db,
    order: OrderRow,
    input: {
      amount: number;
      reason: string;
      attendees: OrderAttendeeRow[];
      requestId: number | null;
      actorId: number;
    },
  ): Promise<RefundRow> {
    const { remaining } = await remainingOf(tx, order);
    if (remaining <= 0) throw new AppError('conflict', REFUND_MESSAGES.nothingLeft);
    if (input.amount > remaining) {
      throw new ValidationError([
        {
          field: 'amount',
          detail: REFUND_MESSAGES.exceedsRemaining(money(order.currency, remaining)),
        },
      ]);
    }
    const refund = await insertRefund(
      tx,
      {
        orderId: order.id,
        refundRequestId: input.requestId,
        amount: input.amount,
        reason: input.reason,
        createdById: input.actorId,
      },
      input.attendees.map((a) => a.id),
    );
    await recordOrderEvent(tx, {
      orderId: order.id,
      type: 'refund_started',
      actorId: input.actorId,
      data: {
        refund_id: refund.id,
        amount: refund.amount,
        attendee_profile_ids: input.attendees.map((a) => a.attendeeProfileId),
      },
    });
    return refund;
  }

  async function refundableOrder(tx: Db, orderId: number, ownerId?: number) {
    const order = await lockOrderRow(tx, orderId);
    if (!order || (ownerId !== undefined && order.userId !== ownerId)) throw notFound('Order');
    if (!REFUNDABLE.includes(order.status)) {
      throw new AppError('conflict', REFUND_MESSAGES.notRefundable);
    }
    return order;
  }

  async function tell(order: OrderRow, title: string, content: string) {
    if (order.userId === null) return;
    try {
      await deps.notify({
        recipientId: order.userId,
        title,
        content,
        record: { type: 'orders', id: order.id },
      });
    } catch (err) {
      // The refund is applied and mailed: a lost notification must not undo it.
      deps.log.warn({ err, orderId: order.id }, 'refund applied but the family was not notified');
    }
  }

  return {
    /** POST /api/v2/orders/{id}/refund_requests (the order's owner). */
    async requestRefund(
      userId: number,
      orderId: number,
      body: { reason: string; attendee_profile_ids?: number[] | undefined },
    ): Promise<RefundRequestDocument> {
      const row = await db.transaction(async (tx) => {
        const order = await refundableOrder(tx, orderId, userId);
        const chosen = chooseAttendees(
          await orderAttendees(tx, order.id),
          body.attendee_profile_ids,
        );
        if ((await remainingOf(tx, order)).remaining <= 0) {
          throw new AppError('conflict', REFUND_MESSAGES.nothingLeft);
        }
        if (await pendingRequestOfOrder(tx, order.id)) {
          throw new AppError('conflict', REFUND_MESSAGES.requestPending);
        }
        const request = await insertRefundRequest(
          tx,
          { orderId: order.id, requestedById: userId, reason: body.reason },
          chosen.map((a) => a.id),
        );
        await recordOrderEvent(tx, {
          orderId: order.id,
          type: 'refund_requested',
          actorId: userId,
          data: {
            refund_request_id: request.id,
            attendee_profile_ids: chosen.map((a) => a.attendeeProfileId),
          },
        });
        return request;
      });
      return requestDocument(row);
    },

    /** PUT /api/v2/admin/refund_requests/{id}: approve (refunding) or reject. */
    async decide(
      adminId: number,
      requestId: number,
      body: {
        decision: 'approve' | 'reject';
        amount?: number | undefined;
        note?: string | undefined;
      },
    ): Promise<RefundRequestDocument> {
      const found = await refundRequestById(db, requestId);
      if (!found) throw notFound('Refund request');
      const note = body.note ? body.note : null;
      const outcome = await db.transaction(async (tx) => {
        // The order first, as every refund path locks it, then the request as it is now.
        const order = await lockOrderRow(tx, found.orderId);
        const request = await refundRequestById(tx, requestId);
        if (!order || !request) throw notFound('Refund request');
        if (request.status !== 'pending') {
          throw new AppError('conflict', REFUND_MESSAGES.alreadyDecided);
        }
        if (body.decision === 'reject') {
          await decideRefundRequest(tx, request.id, {
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
          return { order, refund: null };
        }
        if (!REFUNDABLE.includes(order.status)) {
          throw new AppError('conflict', REFUND_MESSAGES.notRefundable);
        }
        const all = await orderAttendees(tx, order.id);
        const namedIds = (await attendeeIdsOfRequests(tx, [request.id])).get(request.id) ?? [];
        const named = all.filter((a) => namedIds.includes(a.id));
        const { remaining } = await remainingOf(tx, order);
        const amount =
          body.amount ?? Math.min(named.length > 0 ? shareOf(named) : remaining, remaining);
        if (amount <= 0) {
          throw new ValidationError([{ field: 'amount', detail: REFUND_MESSAGES.amountRequired }]);
        }
        const refund = await createRefund(tx, order, {
          amount,
          reason: request.reason,
          attendees: named,
          requestId: request.id,
          actorId: adminId,
        });
        await decideRefundRequest(tx, request.id, {
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
        return { order, refund };
      });
      const decided = (await refundRequestById(db, requestId)) ?? found;
      if (!outcome.refund) {
        const ja =
          (await peopleByIds(db, [found.requestedById])).get(found.requestedById)?.locale === 'ja';
        await tell(
          outcome.order,
          ja
            ? `ご注文 #${outcome.order.id} の返金リクエストは承認されませんでした`
            : `Your refund request for order #${outcome.order.id} was declined`,
          note ??
            (ja
              ? '詳しくはスクールにお問い合わせください。'
              : 'Please contact the school for details.'),
        );
        return requestDocument(decided);
      }
      const refund = await execute(outcome.refund, adminId);
      return requestDocument(decided, refund);
    },

    /** POST /api/v2/admin/orders/{id}/refunds: an admin refunds without a request. */
    async refundDirectly(
      adminId: number,
      orderId: number,
      body: { amount: number; reason: string; attendee_profile_ids?: number[] | undefined },
    ): Promise<RefundDocument> {
      const refund = await db.transaction(async (tx) => {
        const order = await refundableOrder(tx, orderId);
        const chosen = chooseAttendees(
          await orderAttendees(tx, order.id),
          body.attendee_profile_ids,
        );
        return createRefund(tx, order, {
          amount: body.amount,
          reason: body.reason,
          attendees: chosen,
          requestId: null,
          actorId: adminId,
        });
      });
      const done = await execute(refund, adminId);
      return { data: await refundDocumentOf(done) };
    },

    /** GET /api/v2/orders/{id}/refunds: the owner's or an admin's view of the order's refunds. */
    async orderRefunds(
      viewer: { id: number; role: string },
      orderId: number,
    ): Promise<OrderRefundsDocument> {
      const order = await findOrder(db, orderId);
      if (!order || (viewer.role !== 'admin' && order.userId !== viewer.id))
        throw notFound('Order');
      const requests = await requestsOfOrders(db, [order.id]);
      const ctx = await requestContext(requests);
      ctx.ordersById.set(order.id, order);
      const refundRows = await refundsOfOrder(db, order.id);
      const named = await attendeeIdsOfRefunds(
        db,
        refundRows.map((r) => r.id),
      );
      const attendees = ctx.attendeesByOrder.get(order.id) ?? (await orderAttendees(db, order.id));
      const sums = await refundSums(db, order.id);
      return {
        data: orderRefundsResource(order, sums, {
          requests: requests.map((r) => refundRequestResource(r, ctx)),
          refunds: refundRows.map((r) =>
            refundResource(r, attendees, named.get(r.id) ?? [], order.currency),
          ),
        }),
      };
    },

    /** GET /api/v2/admin/refund_requests. */
    async listRequests(
      status: RefundRequestStatus | undefined,
      page: number,
    ): Promise<RefundRequestListDocument> {
      const { rows, total } = await requestPage(db, status, pageWindow(page));
      const ctx = await requestContext(rows);
      return { data: rows.map((r) => refundRequestResource(r, ctx)), meta: pageMeta(page, total) };
    },

    /**
     * The provider's word on a refund (webhook), applied once: succeeded ends the attendees'
     * enrollments (all of them once the order is refunded in full), moves the order to refunded
     * or partially_refunded, records it, mails and notifies; failed only marks the refund, so the
     * money may be refunded again. Anything but a pending refund of this order changes nothing.
     */
    async applyRefundEvent(event: RefundOutcome): Promise<void> {
      const applied = await db.transaction(async (tx) => {
        const order = await lockOrderRow(tx, event.orderId);
        const refund = await refundById(tx, event.refundId);
        if (!order || !refund || refund.orderId !== order.id) {
          deps.log.warn({ ...event }, 'a refund event names no refund of its order; ignored');
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
        if (
          !(await settleRefund(tx, refund.id, {
            status: 'succeeded',
            providerRefundId: event.providerRefundId,
          }))
        ) {
          return null;
        }
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
          order.userId === null
            ? undefined
            : (await peopleByIds(tx, [order.userId])).get(order.userId);
        if (buyer) {
          await deps.mailer.queue(tx, {
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
          ja: buyer?.locale === 'ja',
          amount: money(order.currency, refund.amount),
          freed: freed.map((f) => f.scheduleId),
        };
      });
      if (!applied) return;
      deps.mailer.wake();
      // Refunded seats go to the waitlists at once (docs/product.md#waitlist).
      await seatsFreed({ ...deps, now: () => new Date() }, applied.freed);
      const { order, ja, amount } = applied;
      await tell(
        order,
        ja ? `ご注文 #${order.id} の返金が完了しました` : `Order #${order.id} was refunded`,
        ja
          ? `${amount} をカードへ返金しました。詳細をメールでお送りしました。`
          : `We refunded ${amount} to your card. We have e-mailed you the details.`,
      );
    },
  };
}

export type RefundsService = ReturnType<typeof refundsService>;
