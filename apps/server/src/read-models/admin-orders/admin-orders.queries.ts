import type { OrderStatus } from '@atelier/contract';
import {
  aliasedTable,
  and,
  asc,
  count,
  desc,
  eq,
  gte,
  inArray,
  lt,
  or,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { klassGroupSchedules } from '../../modules/classes/classes.tables';
import { guestCustomers } from '../../modules/customers/customers.tables';
import {
  orderEvents,
  orderItemAttendees,
  orderItems,
  orders,
} from '../../modules/orders/orders.tables';
import { payments } from '../../modules/payments/payments.tables';
import {
  refundAttendees,
  refundRequestAttendees,
  refundRequests,
  refunds,
} from '../../modules/refunds/refunds.tables';
import { users } from '../../modules/users/users.tables';

// Order management reads (docs/product.md#order-management): every order, whoever bought it.
// A page costs two queries (rows, count) whatever its size: the customer comes by join and the
// per-order figures by correlated subqueries.

export type AdminOrderFilter = {
  status?: OrderStatus;
  /** Placed at or after. */
  from?: Date;
  /** Placed before. */
  before?: Date;
  klassGroupId?: number;
  search?: string;
};

/** `%`, `_` and `\` typed in a search are looked for as themselves. */
function likePattern(text: string): string {
  return `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
}

/** The order number a search may be (`42`, `#42`), within the id column's range. */
function orderNumberOf(search: string): number | null {
  const match = /^#?(\d{1,10})$/.exec(search);
  const n = match ? Number(match[1]) : Number.NaN;
  return Number.isSafeInteger(n) && n >= 1 && n <= 2_147_483_647 ? n : null;
}

function whereOf(filter: AdminOrderFilter): SQL | undefined {
  const search = filter.search?.trim();
  let searchWhere: SQL | undefined;
  if (search) {
    const pattern = likePattern(search);
    const number = orderNumberOf(search);
    searchWhere = or(
      sql`lower(${users.name}) like ${pattern}`,
      sql`lower(${users.email}) like ${pattern}`,
      sql`lower(${guestCustomers.name}) like ${pattern}`,
      sql`lower(coalesce(${guestCustomers.email}, '')) like ${pattern}`,
      number === null ? undefined : eq(orders.id, number),
    );
  }
  return and(
    filter.status ? eq(orders.status, filter.status) : undefined,
    filter.from ? gte(orders.createdAt, filter.from) : undefined,
    filter.before ? lt(orders.createdAt, filter.before) : undefined,
    filter.klassGroupId === undefined
      ? undefined
      : sql`exists (select 1 from ${orderItems} join ${klassGroupSchedules} on ${klassGroupSchedules.id} = ${orderItems.scheduleId} where ${orderItems.orderId} = ${orders.id} and ${klassGroupSchedules.klassGroupId} = ${filter.klassGroupId})`,
    searchWhere,
  );
}

const summaryColumns = {
  order: orders,
  userName: users.name,
  userEmail: users.email,
  guestName: guestCustomers.name,
  guestEmail: guestCustomers.email,
  programmes: sql<
    string[]
  >`(select coalesce(json_agg(distinct coalesce(${orderItems.snapshot}->'klass_group'->>'name', ${orderItems.snapshot}->'pass'->>'name', 'Trial class: ' || (${orderItems.snapshot}->'trial'->>'programme') || ' — ' || (${orderItems.snapshot}->'trial'->>'child_name') || ', ' || to_char(((${orderItems.snapshot}->'trial'->>'starts_at')::timestamptz at time zone (${orderItems.snapshot}->'trial'->>'time_zone')), 'YYYY-MM-DD'))), '[]'::json) from ${orderItems} where ${orderItems.orderId} = ${orders.id})`,
  attendeeCount: sql<number>`(select count(*) from ${orderItemAttendees} join ${orderItems} on ${orderItems.id} = ${orderItemAttendees.orderItemId} where ${orderItems.orderId} = ${orders.id})::int`,
  refundedAmount: sql<number>`(select coalesce(sum(${refunds.amount}), 0) from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'succeeded')::int`,
  pendingRefundAmount: sql<number>`(select coalesce(sum(${refunds.amount}), 0) from ${refunds} where ${refunds.orderId} = ${orders.id} and ${refunds.status} = 'pending')::int`,
  pendingRefundRequests: sql<number>`(select count(*) from ${refundRequests} where ${refundRequests.orderId} = ${orders.id} and ${refundRequests.status} = 'pending')::int`,
};

function summaries(db: Db) {
  return db
    .select(summaryColumns)
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(guestCustomers, eq(guestCustomers.id, orders.guestCustomerId));
}

export type AdminOrderSummaryRow = Awaited<
  ReturnType<ReturnType<typeof summaries>['execute']>
>[number];

/** A page of orders matching the filter, newest first, and how many match. */
export async function adminOrderPage(
  db: Db,
  filter: AdminOrderFilter,
  window: { offset: number; limit: number },
): Promise<{ rows: AdminOrderSummaryRow[]; total: number }> {
  const where = whereOf(filter);
  const [rows, [totalRow]] = await Promise.all([
    summaries(db)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .offset(window.offset)
      .limit(window.limit),
    db
      .select({ n: count() })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .leftJoin(guestCustomers, eq(guestCustomers.id, orders.guestCustomerId))
      .where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** Up to `limit` orders of the filter, newest first (the CSV export). */
export async function adminOrderRows(
  db: Db,
  filter: AdminOrderFilter,
  limit: number,
): Promise<AdminOrderSummaryRow[]> {
  return summaries(db)
    .where(whereOf(filter))
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
}

export async function adminOrderSummary(
  db: Db,
  id: number,
): Promise<AdminOrderSummaryRow | undefined> {
  const [row] = await summaries(db).where(eq(orders.id, id));
  return row;
}

const placedBy = aliasedTable(users, 'placed_by');
const actor = aliasedTable(users, 'actor');
const requester = aliasedTable(users, 'requester');
const decider = aliasedTable(users, 'decider');

/** Everything the detail shows beside the order and its items, in a few queries. */
export async function orderHistory(db: Db, orderId: number) {
  const [placer, paymentRows, eventRows, requestRows, refundRows] = await Promise.all([
    db
      .select({ id: placedBy.id, name: placedBy.name })
      .from(orders)
      .innerJoin(placedBy, eq(placedBy.id, orders.placedById))
      .where(eq(orders.id, orderId)),
    db.select().from(payments).where(eq(payments.orderId, orderId)).orderBy(asc(payments.id)),
    db
      .select({ event: orderEvents, actorName: actor.name })
      .from(orderEvents)
      .leftJoin(actor, eq(actor.id, orderEvents.actorId))
      .where(eq(orderEvents.orderId, orderId))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id)),
    db
      .select({
        request: refundRequests,
        requesterName: requester.name,
        requesterEmail: requester.email,
        deciderName: decider.name,
      })
      .from(refundRequests)
      .leftJoin(requester, eq(requester.id, refundRequests.requestedById))
      .leftJoin(decider, eq(decider.id, refundRequests.decidedById))
      .where(eq(refundRequests.orderId, orderId))
      .orderBy(asc(refundRequests.createdAt), asc(refundRequests.id)),
    db
      .select({ refund: refunds, creatorName: users.name })
      .from(refunds)
      .leftJoin(users, eq(users.id, refunds.createdById))
      .where(eq(refunds.orderId, orderId))
      .orderBy(asc(refunds.createdAt), asc(refunds.id)),
  ]);
  const requestIds = requestRows.map((r) => r.request.id);
  const refundIds = refundRows.map((r) => r.refund.id);
  const [requestAttendees, refundedAttendees] = await Promise.all([
    requestIds.length === 0
      ? []
      : db
          .select({
            refundRequestId: refundRequestAttendees.refundRequestId,
            orderItemAttendeeId: refundRequestAttendees.orderItemAttendeeId,
          })
          .from(refundRequestAttendees)
          .where(inArray(refundRequestAttendees.refundRequestId, requestIds)),
    refundIds.length === 0
      ? []
      : db
          .select({
            refundId: refundAttendees.refundId,
            orderItemAttendeeId: refundAttendees.orderItemAttendeeId,
          })
          .from(refundAttendees)
          .where(inArray(refundAttendees.refundId, refundIds)),
  ]);
  return {
    placedBy: placer[0] ?? null,
    payments: paymentRows,
    events: eventRows,
    refundRequests: requestRows,
    refunds: refundRows,
    requestAttendees,
    refundedAttendees,
  };
}
export type OrderHistory = Awaited<ReturnType<typeof orderHistory>>;
