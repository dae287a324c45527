import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DbExecutor } from '../users';
import { guestCustomers } from './customers.tables';

export type GuestCustomerRow = typeof guestCustomers.$inferSelect;

// What a walk-in paid is read with the orders and refunds tables, which this module does not own:
// the customers read model lists and shows walk-ins with it (docs/architecture.md#read-models).
// This repository reads the walk-in's own row only.

/** A walk-in's own row, without their history. */
export async function guestCustomerRowById(
  db: Db,
  id: number,
): Promise<{ id: number; userId: number | null } | undefined> {
  const [row] = await db
    .select({ id: guestCustomers.id, userId: guestCustomers.userId })
    .from(guestCustomers)
    .where(eq(guestCustomers.id, id));
  return row;
}

/** Walk-ins' names by id: what other modules' records of them (paper signatures) are shown with. */
export async function walkInNames(
  db: DbExecutor,
  ids: readonly number[],
): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: guestCustomers.id, name: guestCustomers.name })
    .from(guestCustomers)
    .where(inArray(guestCustomers.id, [...ids]));
  return new Map(rows.map((r) => [r.id, r.name]));
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
