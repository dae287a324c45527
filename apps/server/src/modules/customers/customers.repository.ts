import { and, eq, ilike, isNull, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/like-pattern';
import { guestCustomers } from './customers.tables';

export type GuestCustomerRow = typeof guestCustomers.$inferSelect;

/** Order statuses whose money was taken (refunds are subtracted separately). */
const PAID_STATUSES = ['paid', 'refunded', 'partially_refunded'] as const;

const PAID_LIST = PAID_STATUSES.map((st) => `'${st}'`).join(', ');

/**
 * Paid minus refunded (docs/product.md#customers) of the orders whose `owner` column (of alias o)
 * is the outer row's id. Written out with aliases: drizzle leaves columns unqualified in a
 * one-table select, which the correlated subqueries would make ambiguous. No input reaches it.
 */
function lifetimeValueOf(owner: 'user_id' | 'guest_customer_id', outer: string): SQL<number> {
  return sql.raw(`(
    coalesce((select sum(o.total) from orders o
      where o.${owner} = ${outer} and o.status in (${PAID_LIST})), 0)
    - coalesce((select sum(r.amount) from refunds r inner join orders o on o.id = r.order_id
      where o.${owner} = ${outer} and r.status = 'succeeded'), 0)
  )::int`) as SQL<number>;
}

const guestLifetimeValue = lifetimeValueOf('guest_customer_id', '"guest_customers"."id"');

const guestColumns = {
  id: guestCustomers.id,
  name: guestCustomers.name,
  email: guestCustomers.email,
  phone: guestCustomers.phone,
  notes: guestCustomers.notes,
  userId: guestCustomers.userId,
  createdAt: guestCustomers.createdAt,
  lifetimeValue: guestLifetimeValue,
};
export type GuestCustomerView = {
  id: number;
  name: string;
  email: string | null;
  phone: string | null;
  notes: string;
  userId: number | null;
  createdAt: Date;
  lifetimeValue: number;
};

export async function guestCustomerPage(
  db: Db,
  search: string | undefined,
  window: { offset: number; limit: number },
) {
  const where = search
    ? or(
        ilike(guestCustomers.name, likePattern(search)),
        ilike(guestCustomers.email, likePattern(search)),
        ilike(guestCustomers.phone, likePattern(search)),
      )
    : undefined;
  const [rows, [counted]] = await Promise.all([
    db
      .select(guestColumns)
      .from(guestCustomers)
      .where(where)
      .orderBy(sql`lower(${guestCustomers.name})`, guestCustomers.id)
      .offset(window.offset)
      .limit(window.limit),
    db.select({ total: sql<number>`count(*)::int` }).from(guestCustomers).where(where),
  ]);
  return { rows: rows as GuestCustomerView[], total: counted?.total ?? 0 };
}

export async function guestCustomerById(
  db: Db,
  id: number,
): Promise<GuestCustomerView | undefined> {
  const [row] = await db.select(guestColumns).from(guestCustomers).where(eq(guestCustomers.id, id));
  return row;
}

/** A walk-in's name and e-mail (null when none was given), without their history. */
export async function guestContactById(
  db: Db,
  id: number,
): Promise<{ name: string; email: string | null } | undefined> {
  const [row] = await db
    .select({ name: guestCustomers.name, email: guestCustomers.email })
    .from(guestCustomers)
    .where(eq(guestCustomers.id, id));
  return row;
}

export async function insertGuestCustomer(
  db: Db,
  values: typeof guestCustomers.$inferInsert,
): Promise<number> {
  const [row] = await db.insert(guestCustomers).values(values).returning({ id: guestCustomers.id });
  if (!row) throw new Error('insert returned no row');
  return row.id;
}

export async function updateGuestCustomer(
  db: Db,
  id: number,
  values: { name: string; email: string | null; phone: string | null; notes: string },
): Promise<boolean> {
  const rows = await db
    .update(guestCustomers)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(guestCustomers.id, id))
    .returning({ id: guestCustomers.id });
  return rows.length > 0;
}

/**
 * docs/product.md#customers: the walk-ins with this e-mail not yet joined to an account take the
 * account; the users module moves their attendees and the orders module their orders
 * (decision 055). Answers the walk-ins joined.
 */
/** The walk-ins whose history joined the account. */
export async function guestIdsOfUser(db: Db, userId: number): Promise<number[]> {
  const rows = await db
    .select({ id: guestCustomers.id })
    .from(guestCustomers)
    .where(eq(guestCustomers.userId, userId));
  return rows.map((r) => r.id);
}

export async function joinGuestCustomersToUser(
  db: Db,
  userId: number,
  email: string,
): Promise<number[]> {
  const joined = await db
    .update(guestCustomers)
    .set({ userId, updatedAt: new Date() })
    .where(and(eq(guestCustomers.email, email.trim().toLowerCase()), isNull(guestCustomers.userId)))
    .returning({ id: guestCustomers.id });
  return joined.map((g) => g.id);
}
