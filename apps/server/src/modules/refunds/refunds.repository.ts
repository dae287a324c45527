import {
  and,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  like,
  lt,
  lte,
  or,
  sql,
} from 'drizzle-orm';
import type { Db } from '../../db/client';
import { refundAttendees, refundRequestAttendees, refundRequests, refunds } from './refunds.tables';

export type RefundRow = typeof refunds.$inferSelect;
export type RefundRequestRow = typeof refundRequests.$inferSelect;

/** Cents of the order's refunds by status (pending ones count against what is left). */
export async function refundSums(
  db: Db,
  orderId: number,
): Promise<{ pending: number; succeeded: number }> {
  const rows = await db
    .select({ status: refunds.status, sum: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .groupBy(refunds.status);
  const of = (s: string) => rows.find((r) => r.status === s)?.sum ?? 0;
  return { pending: of('pending'), succeeded: of('succeeded') };
}

/** Cents of the order's pending and succeeded refunds by how they go back. */
export async function refundSumsByMethod(
  db: Db,
  orderId: number,
): Promise<Record<RefundRow['method'], number>> {
  const rows = await db
    .select({ method: refunds.method, sum: sql<number>`coalesce(sum(${refunds.amount}), 0)::int` })
    .from(refunds)
    .where(and(eq(refunds.orderId, orderId), inArray(refunds.status, ['pending', 'succeeded'])))
    .groupBy(refunds.method);
  const of = (m: string) => Number(rows.find((r) => r.method === m)?.sum ?? 0);
  return { card: of('card'), cash: of('cash'), check: of('check'), credit: of('credit') };
}

export async function insertRefund(
  db: Db,
  values: Omit<typeof refunds.$inferInsert, 'idempotencyKey'>,
  orderItemAttendeeIds: number[],
): Promise<RefundRow> {
  // The key is the refund's own id, known only once inserted: a placeholder first, unique too.
  const [row] = await db
    .insert(refunds)
    .values({ ...values, idempotencyKey: `refund-pending-${crypto.randomUUID()}` })
    .returning();
  if (!row) throw new Error('insert returned no refund');
  const [keyed] = await db
    .update(refunds)
    .set({ idempotencyKey: `refund-${row.id}` })
    .where(eq(refunds.id, row.id))
    .returning();
  if (orderItemAttendeeIds.length > 0) {
    await db
      .insert(refundAttendees)
      .values(orderItemAttendeeIds.map((id) => ({ refundId: row.id, orderItemAttendeeId: id })));
  }
  return keyed ?? row;
}

/** The idempotency key of the refund that returns an order's late card payment: one per order. */
export const latePaymentRefundKey = (orderId: number) => `late-payment-${orderId}`;

export const isLatePaymentRefund = (refund: RefundRow) =>
  refund.idempotencyKey === latePaymentRefundKey(refund.orderId);

/**
 * The pending refund returning an order's late payment, written once whatever calls it: a second
 * call (the payment event applied again) finds the first by its key.
 */
export async function insertLatePaymentRefund(
  db: Db,
  values: { orderId: number; amount: number; reason: string; sendAfter: Date | null },
): Promise<{ refund: RefundRow; created: boolean }> {
  const key = latePaymentRefundKey(values.orderId);
  const [row] = await db
    .insert(refunds)
    .values({ ...values, idempotencyKey: key, createdById: null })
    .onConflictDoNothing({ target: refunds.idempotencyKey })
    .returning();
  if (row) return { refund: row, created: true };
  const [found] = await db.select().from(refunds).where(eq(refunds.idempotencyKey, key));
  if (!found) throw new Error('a late payment refund is neither new nor found');
  return { refund: found, created: false };
}

export async function refundById(db: Db, id: number): Promise<RefundRow | undefined> {
  const [row] = await db.select().from(refunds).where(eq(refunds.id, id));
  return row;
}

/** Moves a pending refund on; false when it was not pending (applied already). */
export async function settleRefund(
  db: Db,
  id: number,
  values: {
    status: 'succeeded' | 'failed';
    providerRefundId?: string | null;
    /** A held card refund the family kept as credit (it is never sent). */
    method?: 'credit';
  },
  at: Date = new Date(),
): Promise<boolean> {
  const rows = await db
    .update(refunds)
    .set({ ...values, updatedAt: at })
    .where(and(eq(refunds.id, id), eq(refunds.status, 'pending')))
    .returning({ id: refunds.id });
  return rows.length > 0;
}

export async function setProviderRefundId(db: Db, id: number, providerRefundId: string) {
  await db
    .update(refunds)
    .set({ providerRefundId })
    .where(and(eq(refunds.id, id), sql`${refunds.providerRefundId} is null`));
}

export async function insertRefundRequest(
  db: Db,
  values: typeof refundRequests.$inferInsert,
  orderItemAttendeeIds: number[],
): Promise<RefundRequestRow> {
  const [row] = await db.insert(refundRequests).values(values).returning();
  if (!row) throw new Error('insert returned no refund request');
  if (orderItemAttendeeIds.length > 0) {
    await db.insert(refundRequestAttendees).values(
      orderItemAttendeeIds.map((id) => ({
        refundRequestId: row.id,
        orderItemAttendeeId: id,
      })),
    );
  }
  return row;
}

export async function refundRequestById(db: Db, id: number): Promise<RefundRequestRow | undefined> {
  const [row] = await db.select().from(refundRequests).where(eq(refundRequests.id, id));
  return row;
}

export async function pendingRequestOfOrder(
  db: Db,
  orderId: number,
): Promise<RefundRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(refundRequests)
    .where(and(eq(refundRequests.orderId, orderId), eq(refundRequests.status, 'pending')));
  return row;
}

export async function decideRefundRequest(
  db: Db,
  id: number,
  values: { status: 'approved' | 'rejected'; decidedById: number; decisionNote: string | null },
): Promise<void> {
  await db
    .update(refundRequests)
    .set({ ...values, decidedAt: new Date() })
    .where(eq(refundRequests.id, id));
}

export async function requestsOfOrders(db: Db, orderIds: number[]): Promise<RefundRequestRow[]> {
  if (orderIds.length === 0) return [];
  return db
    .select()
    .from(refundRequests)
    .where(inArray(refundRequests.orderId, orderIds))
    .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id));
}

export async function refundsOfOrder(db: Db, orderId: number): Promise<RefundRow[]> {
  return db
    .select()
    .from(refunds)
    .where(eq(refunds.orderId, orderId))
    .orderBy(desc(refunds.createdAt), desc(refunds.id));
}

/** The order-item attendees each request names. */
export async function attendeeIdsOfRequests(
  db: Db,
  requestIds: number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (requestIds.length === 0) return out;
  const rows = await db
    .select()
    .from(refundRequestAttendees)
    .where(inArray(refundRequestAttendees.refundRequestId, requestIds));
  for (const r of rows) {
    out.set(r.refundRequestId, [...(out.get(r.refundRequestId) ?? []), r.orderItemAttendeeId]);
  }
  return out;
}

/** The order-item attendees each refund names. */
export async function attendeeIdsOfRefunds(
  db: Db,
  refundIds: number[],
): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (refundIds.length === 0) return out;
  const rows = await db
    .select()
    .from(refundAttendees)
    .where(inArray(refundAttendees.refundId, refundIds));
  for (const r of rows)
    out.set(r.refundId, [...(out.get(r.refundId) ?? []), r.orderItemAttendeeId]);
  return out;
}

export async function requestPage(
  db: Db,
  status: RefundRequestRow['status'] | undefined,
  window: { offset: number; limit: number },
): Promise<{ rows: RefundRequestRow[]; total: number }> {
  const where = status ? eq(refundRequests.status, status) : undefined;
  const rows = await db
    .select()
    .from(refundRequests)
    .where(where)
    .orderBy(desc(refundRequests.createdAt), desc(refundRequests.id))
    .offset(window.offset)
    .limit(window.limit);
  const [total] = await db.select({ n: count() }).from(refundRequests).where(where);
  return { rows, total: total?.n ?? 0 };
}

/**
 * Late payments' card refunds the sweep must send: held ones now due, and released ones the
 * provider never named a minute on (a process stopped between releasing and sending).
 */
export async function refundsToSend(db: Db, now: Date): Promise<RefundRow[]> {
  const stale = new Date(now.getTime() - 60_000);
  return db
    .select()
    .from(refunds)
    .where(
      and(
        eq(refunds.status, 'pending'),
        eq(refunds.method, 'card'),
        isNull(refunds.providerRefundId),
        like(refunds.idempotencyKey, 'late-payment-%'),
        or(
          and(isNotNull(refunds.sendAfter), lte(refunds.sendAfter, now)),
          and(isNull(refunds.sendAfter), lt(refunds.updatedAt, stale)),
        ),
      ),
    )
    .orderBy(refunds.id)
    .limit(100);
}

/**
 * Releases a held refund to be sent (its hold cleared): false when it is not held any more (the
 * family kept it as credit, or another process released it). Call under the order's lock.
 */
export async function releaseHeldRefund(db: Db, id: number, at: Date): Promise<boolean> {
  const rows = await db
    .update(refunds)
    .set({ sendAfter: null, updatedAt: at })
    .where(
      and(
        eq(refunds.id, id),
        eq(refunds.status, 'pending'),
        eq(refunds.method, 'card'),
        isNotNull(refunds.sendAfter),
      ),
    )
    .returning({ id: refunds.id });
  return rows.length > 0;
}
