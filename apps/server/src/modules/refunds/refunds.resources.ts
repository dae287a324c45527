import type {
  OrderRefundsDocument,
  RefundRequestResource,
  RefundResource,
} from '@atelier/contract';
import type { OrderAttendeeRow, OrderRow } from '../orders';
import type { RefundRequestRow, RefundRow } from './refunds.repository';

// How refunds and requests are written out (contract refunds.schemas.ts).

/** What the request resources of one answer need, loaded once for all of them. */
export type RequestContext = {
  ordersById: Map<number, OrderRow>;
  attendeesByOrder: Map<number, OrderAttendeeRow[]>;
  sumsByOrder: Map<number, { pending: number; succeeded: number }>;
  /** Order-item attendee ids each request names. */
  requestAttendees: Map<number, number[]>;
  users: Map<number, { id: number; name: string; email: string }>;
  shareOf: (attendees: OrderAttendeeRow[]) => number;
};

/** The attendees named, one entry per attendee profile (an attendee may be on several items). */
function attendeeList(all: OrderAttendeeRow[], orderItemAttendeeIds: number[]) {
  const seen = new Map<number, string>();
  for (const a of all) {
    // A deleted family's attendee has no profile: each of its rows stands for itself.
    const key = a.attendeeProfileId ?? -a.id;
    if (orderItemAttendeeIds.includes(a.id) && !seen.has(key)) seen.set(key, a.name);
  }
  return [...seen].map(([id, name]) => ({ id: String(id), name }));
}

export function refundResource(
  row: RefundRow,
  orderAttendees: OrderAttendeeRow[],
  orderItemAttendeeIds: number[],
  currency: string,
): RefundResource {
  return {
    id: String(row.id),
    type: 'refunds',
    attributes: {
      order_id: String(row.orderId),
      refund_request_id: row.refundRequestId === null ? null : String(row.refundRequestId),
      amount: row.amount,
      currency,
      reason: row.reason,
      status: row.status,
      method: row.method,
      send_after: row.sendAfter?.toISOString() ?? null,
      attendees: attendeeList(orderAttendees, orderItemAttendeeIds),
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
  };
}

export function refundRequestResource(
  row: RefundRequestRow,
  ctx: RequestContext,
): RefundRequestResource {
  const order = ctx.ordersById.get(row.orderId);
  const all = ctx.attendeesByOrder.get(row.orderId) ?? [];
  const namedIds = ctx.requestAttendees.get(row.id) ?? [];
  const named = all.filter((a) => namedIds.includes(a.id));
  const sums = ctx.sumsByOrder.get(row.orderId) ?? { pending: 0, succeeded: 0 };
  const remaining = Math.max((order?.total ?? 0) - sums.pending - sums.succeeded, 0);
  const requester = ctx.users.get(row.requestedById);
  return {
    id: String(row.id),
    type: 'refund_requests',
    attributes: {
      order_id: String(row.orderId),
      status: row.status,
      reason: row.reason,
      attendees: attendeeList(all, namedIds),
      whole_order: namedIds.length === 0,
      suggested_amount:
        row.status === 'pending'
          ? Math.min(named.length > 0 ? ctx.shareOf(named) : remaining, remaining)
          : 0,
      currency: order?.currency ?? 'USD',
      requested_by: {
        id: String(row.requestedById),
        name: requester?.name ?? '',
        email: requester?.email ?? '',
      },
      order: {
        status: order?.status ?? 'paid',
        total: order?.total ?? 0,
        refunded_amount: sums.succeeded,
        paid_at: order?.paidAt?.toISOString() ?? null,
      },
      decision_note: row.decisionNote,
      decided_at: row.decidedAt?.toISOString() ?? null,
      created_at: row.createdAt.toISOString(),
    },
  };
}

const flat = <R extends { id: string; type: string; attributes: object }>(r: R) => ({
  id: r.id,
  type: r.type as R['type'],
  ...(r.attributes as R['attributes']),
});

export function orderRefundsResource(
  order: OrderRow,
  sums: { pending: number; succeeded: number },
  lists: { requests: RefundRequestResource[]; refunds: RefundResource[] },
  methods: { method: RefundRow['method']; max: number }[],
): OrderRefundsDocument['data'] {
  return {
    id: String(order.id),
    type: 'order_refunds',
    attributes: {
      currency: order.currency,
      total: order.total,
      refunded_amount: sums.succeeded,
      pending_amount: sums.pending,
      refundable_amount: REFUNDABLE_STATUSES.includes(order.status)
        ? Math.max(order.total - sums.pending - sums.succeeded, 0)
        : 0,
      refund_methods: REFUNDABLE_STATUSES.includes(order.status) ? methods : [],
      refund_requests: lists.requests.map(flat),
      refunds: lists.refunds.map(flat),
    },
  };
}

const REFUNDABLE_STATUSES: readonly string[] = ['paid', 'partially_refunded'];
