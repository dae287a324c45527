import { and, asc, count, desc, gte, inArray, lt, or, type SQL, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries } from './ledger.tables';

export type LedgerEntryRow = typeof ledgerEntries.$inferSelect;
export type NewLedgerEntryRow = typeof ledgerEntries.$inferInsert;

/** Whose ledger: an account (with the walk-ins whose history joined it), or one walk-in. */
export type LedgerOwner =
  | { userId: number; guestCustomerIds: number[] }
  | { guestCustomerId: number };

function ownedBy(owner: LedgerOwner): SQL | undefined {
  if ('userId' in owner) {
    return owner.guestCustomerIds.length === 0
      ? sql`${ledgerEntries.userId} = ${owner.userId}`
      : or(
          sql`${ledgerEntries.userId} = ${owner.userId}`,
          inArray(ledgerEntries.guestCustomerId, owner.guestCustomerIds),
        );
  }
  return sql`${ledgerEntries.guestCustomerId} = ${owner.guestCustomerId}`;
}

// Sums come back as text from node-postgres and as numbers from PGlite.
const num = (v: unknown) => Number(v ?? 0);

export async function insertEntries(db: Db, rows: NewLedgerEntryRow[]): Promise<LedgerEntryRow[]> {
  if (rows.length === 0) return [];
  return db.insert(ledgerEntries).values(rows).returning();
}

/** A page of an owner's entries, newest first. */
export function entriesPage(
  db: Db,
  owner: LedgerOwner,
  window: { offset: number; limit: number },
): Promise<LedgerEntryRow[]> {
  return db
    .select()
    .from(ledgerEntries)
    .where(ownedBy(owner))
    .orderBy(desc(ledgerEntries.createdAt), desc(ledgerEntries.id))
    .limit(window.limit)
    .offset(window.offset);
}

/** How many entries an owner has and their sum, the balance: one statement. */
export async function ledgerTotals(
  db: Db,
  owner: LedgerOwner,
): Promise<{ total: number; balance: number }> {
  const [row] = await db
    .select({ total: count(), balance: sum(ledgerEntries.amount) })
    .from(ledgerEntries)
    .where(ownedBy(owner));
  return { total: num(row?.total), balance: num(row?.balance) };
}

/** Where an entry came from: an order, a month of tuition, or anything else (staff, credit). */
export type LedgerSource = 'order' | 'tuition' | 'other';

/** The sums of each kind of the entries written in `[from, to)`, by where they came from. */
export async function sumsByKind(
  db: Db,
  from: Date,
  to: Date,
): Promise<{ kind: string; source: LedgerSource; amount: number }[]> {
  const source = sql<LedgerSource>`case when ${ledgerEntries.orderId} is not null then 'order'
    when ${ledgerEntries.billingPeriod} is not null then 'tuition' else 'other' end`;
  const found = await db
    .select({ kind: ledgerEntries.kind, source, amount: sum(ledgerEntries.amount) })
    .from(ledgerEntries)
    .where(and(gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)))
    .groupBy(ledgerEntries.kind, source);
  return found.map((r) => ({ kind: r.kind, source: r.source, amount: num(r.amount) }));
}

/** Every entry of some orders, oldest first (a receipt's payments and refunds). */
export function entriesOfOrders(db: Db, orderIds: number[]): Promise<LedgerEntryRow[]> {
  if (orderIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.orderId, orderIds))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

/**
 * An owner's entries written in `[from, to)`, oldest first (a yearly statement), and the balance
 * before `from` and at `to`. A year of a family's moves is a few dozen rows: one statement.
 */
export async function entriesBetween(
  db: Db,
  owner: LedgerOwner,
  from: Date,
  to: Date,
): Promise<{ rows: LedgerEntryRow[]; opening: number; closing: number }> {
  const rows = await db
    .select()
    .from(ledgerEntries)
    .where(and(ownedBy(owner), gte(ledgerEntries.createdAt, from), lt(ledgerEntries.createdAt, to)))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
  const [row] = await db
    .select({ opening: sum(ledgerEntries.amount) })
    .from(ledgerEntries)
    .where(and(ownedBy(owner), lt(ledgerEntries.createdAt, from)));
  const opening = num(row?.opening);
  return { rows, opening, closing: opening + rows.reduce((s, r) => s + r.amount, 0) };
}

/**
 * What an order's payment entries took, by method (cents, positive): how it was paid, as the
 * refunds module needs it to send money back the way it came.
 */
export async function paymentsOfOrder(
  db: Db,
  orderId: number,
): Promise<{ method: string | null; amount: number }[]> {
  const found = await db
    .select({ method: ledgerEntries.method, amount: sum(ledgerEntries.amount) })
    .from(ledgerEntries)
    .where(and(sql`${ledgerEntries.orderId} = ${orderId}`, sql`${ledgerEntries.kind} = 'payment'`))
    .groupBy(ledgerEntries.method);
  return found.map((r) => ({ method: r.method, amount: 0 - num(r.amount) }));
}
