import {
  type OrderItemSnapshot,
  type OrderStatus,
  orderItemTitle,
  type PassItemSnapshot,
  type TrialItemSnapshot,
} from '@atelier/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, lt, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { orderEvents, orderItemAttendees, orderItems, orders } from './orders.tables';

export type OrderRow = typeof orders.$inferSelect;
export type NewOrderRow = typeof orders.$inferInsert;
export type OrderItemRow = typeof orderItems.$inferSelect;
export type NewOrderItemRow = typeof orderItems.$inferInsert;
export type OrderItemAttendeeRow = typeof orderItemAttendees.$inferSelect;

/** An order's schedule booked, with its attendees. */
export type EnrollmentOrderItem = OrderItemRow & {
  kind: 'enrollment';
  scheduleId: number;
  planId: number;
  snapshot: OrderItemSnapshot;
  attendees: OrderItemAttendeeRow[];
};

/** An order's class pass (no attendees: a pass is the family's). */
export type PassOrderItem = OrderItemRow & {
  kind: 'pass';
  passId: number;
  snapshot: PassItemSnapshot;
  attendees: OrderItemAttendeeRow[];
};

/** An order's paid trial: one child, one class, a seat of its schedule held while pending. */
export type TrialOrderItem = OrderItemRow & {
  kind: 'trial';
  klassId: number;
  scheduleId: number;
  snapshot: TrialItemSnapshot;
  attendees: OrderItemAttendeeRow[];
};

/**
 * An order's items of any kind with their attendees, as the order document and the paid
 * transition read them (docs/decisions/076-class-passes-and-drop-ins.md).
 */
export type OrderItemWithAttendees = EnrollmentOrderItem | PassOrderItem | TrialOrderItem;

/** The schedules an order's items book (its pass items book none). */
export const scheduleIdsOf = (items: OrderItemWithAttendees[]): number[] =>
  items.flatMap((item) => (item.kind === 'enrollment' ? [item.scheduleId] : []));

/** The schedules whose seats an order's items hold while pending: its enrollments' and trials'. */
export const seatScheduleIdsOf = (items: OrderItemWithAttendees[]): number[] =>
  items.flatMap((item) => (item.kind === 'pass' ? [] : [item.scheduleId]));

/**
 * Inserts the order unless the account already has one with this Idempotency-Key: then nothing is
 * written and undefined comes back. A concurrent insert of the same key waits for the other
 * transaction and then sees its row (the unique index), so two racing requests make one order.
 */
export async function insertOrderUnlessKeyUsed(
  db: Db,
  values: NewOrderRow,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .insert(orders)
    .values(values)
    .onConflictDoNothing({ target: [orders.userId, orders.idempotencyKey] })
    .returning();
  return row;
}

export async function insertOrderItem(db: Db, values: NewOrderItemRow): Promise<OrderItemRow> {
  const [row] = await db.insert(orderItems).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function insertOrderItemAttendees(
  db: Db,
  rows: { orderItemId: number; attendeeProfileId: number; name: string }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(orderItemAttendees).values(rows);
}

export async function orderByKey(
  db: Db,
  userId: number,
  idempotencyKey: string,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, idempotencyKey)));
  return row;
}

/** One order; with `userId`, only when it is that account's. */
export async function orderById(
  db: Db,
  id: number,
  userId?: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), userId === undefined ? undefined : eq(orders.userId, userId)));
  return row;
}

/** One order locked until the transaction ends; with `userId`, only when it is that account's. */
export async function lockOrder(
  db: Db,
  id: number,
  userId?: number,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, id), userId === undefined ? undefined : eq(orders.userId, userId)))
    .for('update');
  return row;
}

export async function updateOrder(
  db: Db,
  id: number,
  values: Partial<Pick<NewOrderRow, 'status' | 'paymentError' | 'paidAt' | 'closedAt'>>,
): Promise<void> {
  await db
    .update(orders)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(orders.id, id));
}

/**
 * Takes the account's checkout lock until the transaction ends: checkouts of one account run one
 * after another, whatever the process, so each sees the pending order the one before made.
 */
export async function lockCheckoutOf(db: Db, userId: number): Promise<void> {
  await db.execute(sql`select pg_advisory_xact_lock(hashtext('orders.checkout'), ${userId}::int)`);
}

/** The account's pending order still within its hold, locked for the transaction; at most one. */
export async function lockPendingOrderOf(
  db: Db,
  userId: number,
  at: Date,
): Promise<OrderRow | undefined> {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending'), gte(orders.expiresAt, at)))
    .orderBy(desc(orders.id))
    .limit(1)
    .for('update');
  return row;
}

/**
 * The account credit the account's pending orders set aside (their credit_applied): spent only
 * if they are paid, so not to be given to another order meanwhile.
 */
export async function creditReservedByPendingOrders(db: Db, userId: number): Promise<number> {
  const [row] = await db
    .select({ reserved: sql<string | number | null>`sum(${orders.creditApplied})` })
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.status, 'pending')));
  return Number(row?.reserved ?? 0);
}

/**
 * Pending orders past their expiry become expired; answers their ids. Safe with many server
 * processes: each row is updated once, the status re-checked under its row lock.
 */
export async function expirePendingOrders(db: Db, at: Date, userId?: number): Promise<number[]> {
  const rows = await db
    .update(orders)
    .set({ status: 'expired', closedAt: at, updatedAt: at })
    .where(
      and(
        eq(orders.status, 'pending'),
        lt(orders.expiresAt, at),
        userId === undefined ? undefined : eq(orders.userId, userId),
      ),
    )
    .returning({ id: orders.id });
  return rows.map((r) => r.id);
}

/** A page of an account's orders, newest first, with the total matching. */
export async function orderPageOfUser(
  db: Db,
  userId: number,
  statuses: readonly OrderStatus[] | null,
  window: { offset: number; limit: number },
): Promise<{ rows: OrderRow[]; total: number }> {
  const where = and(
    eq(orders.userId, userId),
    statuses ? inArray(orders.status, [...statuses]) : undefined,
  );
  const [rows, [totalRow]] = await Promise.all([
    db
      .select()
      .from(orders)
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ n: count() }).from(orders).where(where),
  ]);
  return { rows, total: totalRow?.n ?? 0 };
}

/** The items of these orders with their attendees, in two queries. */
export async function itemsOfOrders(
  db: Db,
  orderIds: number[],
): Promise<Map<number, OrderItemWithAttendees[]>> {
  const out = new Map<number, OrderItemWithAttendees[]>(orderIds.map((id) => [id, []]));
  if (orderIds.length === 0) return out;
  const items = await db
    .select()
    .from(orderItems)
    .where(inArray(orderItems.orderId, orderIds))
    .orderBy(asc(orderItems.id));
  const attendees =
    items.length === 0
      ? []
      : await db
          .select()
          .from(orderItemAttendees)
          .where(
            inArray(
              orderItemAttendees.orderItemId,
              items.map((i) => i.id),
            ),
          )
          .orderBy(asc(orderItemAttendees.id));
  for (const item of items) {
    // The table's check gives each kind its columns: the row is that kind's item.
    out.get(item.orderId)?.push({
      ...item,
      attendees: attendees.filter((a) => a.orderItemId === item.id),
    } as OrderItemWithAttendees);
  }
  return out;
}

/** An attendee an order item booked, with the item's total and attendee count (refunds share it). */
export type OrderAttendeeRow = {
  id: number;
  orderItemId: number;
  /** Null once the family deleted their account. */
  attendeeProfileId: number | null;
  name: string;
  itemTotal: number;
  itemAttendees: number;
};

export async function attendeesOfOrder(db: Db, orderId: number): Promise<OrderAttendeeRow[]> {
  return db
    .select({
      id: orderItemAttendees.id,
      orderItemId: orderItemAttendees.orderItemId,
      attendeeProfileId: orderItemAttendees.attendeeProfileId,
      name: orderItemAttendees.name,
      itemTotal: orderItems.total,
      itemAttendees: orderItems.numberOfAttendees,
    })
    .from(orderItemAttendees)
    .innerJoin(orderItems, eq(orderItems.id, orderItemAttendees.orderItemId))
    .where(eq(orderItems.orderId, orderId))
    .orderBy(asc(orderItemAttendees.id));
}

/** The latest orders of an account or a walk-in, with the programmes they booked. */
export async function ordersOfOwner(
  db: Db,
  owner: { userId: number } | { guestCustomerId: number },
  limit = 50,
) {
  const rows = await db
    .select({
      id: orders.id,
      status: orders.status,
      currency: orders.currency,
      total: orders.total,
      createdAt: orders.createdAt,
      paidAt: orders.paidAt,
      guestCustomerId: orders.guestCustomerId,
    })
    .from(orders)
    .where(
      'userId' in owner
        ? eq(orders.userId, owner.userId)
        : eq(orders.guestCustomerId, owner.guestCustomerId),
    )
    .orderBy(desc(orders.createdAt), desc(orders.id))
    .limit(limit);
  const items =
    rows.length === 0
      ? []
      : await db
          .select({ orderId: orderItems.orderId, snapshot: orderItems.snapshot })
          .from(orderItems)
          .where(
            inArray(
              orderItems.orderId,
              rows.map((r) => r.id),
            ),
          )
          .orderBy(orderItems.id);
  return rows.map((r) => ({
    ...r,
    programmes: items.filter((i) => i.orderId === r.id).map((i) => orderItemTitle(i.snapshot)),
  }));
}

/** The walk-ins' orders not yet on an account join it (docs/product.md#customers). */
export async function joinGuestOrdersToUser(
  db: Db,
  guestCustomerIds: number[],
  userId: number,
): Promise<void> {
  if (guestCustomerIds.length === 0) return;
  await db
    .update(orders)
    .set({ userId, updatedAt: new Date() })
    .where(and(inArray(orders.guestCustomerId, guestCustomerIds), isNull(orders.userId)));
}

export async function insertOrderEvents(
  db: Db,
  rows: (typeof orderEvents.$inferInsert)[],
): Promise<void> {
  await db.insert(orderEvents).values(rows);
}
