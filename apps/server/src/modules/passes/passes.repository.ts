import { and, desc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { resourceRepository } from '../../lib/resource.repository';
import { dropIns, passes, passPurchases } from './passes.tables';

// The passes module's own tables (docs/decisions/076-class-passes-and-drop-ins.md); what it reads
// of classes and families comes from read-models/drop-in-reads (DropInReads).

export type PassRow = typeof passes.$inferSelect;
export type PurchaseRow = typeof passPurchases.$inferSelect;
export type DropInRow = typeof dropIns.$inferSelect;

/** Passes, searched and listed by name; the purchases of one are its uses. */
export const passRows = resourceRepository(passes, {
  search: [passes.name],
  order: [passes.name],
  usedBy: passPurchases.passId,
});

/** The passes with these ids, in one query. */
export async function passRowsByIds(db: Db, ids: number[]): Promise<Map<number, PassRow>> {
  if (ids.length === 0) return new Map();
  const rows = await db.select().from(passes).where(inArray(passes.id, ids));
  return new Map(rows.map((row) => [row.id, row]));
}

/** Writes purchases; an order item's purchase is made once, whoever marks the order paid again. */
export async function insertPurchases(
  tx: Db,
  rows: (typeof passPurchases.$inferInsert)[],
): Promise<void> {
  if (rows.length === 0) return;
  await tx.insert(passPurchases).values(rows).onConflictDoNothing();
}

/** Revokes the order's purchases not revoked yet: their unused visits go. */
export async function revokePurchasesOfOrder(tx: Db, orderId: number, at: Date): Promise<number> {
  const rows = await tx
    .update(passPurchases)
    .set({ revokedAt: at, visitsLeft: 0 })
    .where(and(eq(passPurchases.orderId, orderId), isNull(passPurchases.revokedAt)))
    .returning({ id: passPurchases.id });
  return rows.length;
}

/**
 * The purchase, locked `FOR UPDATE` until the transaction ends: of N+5 bookings racing for N
 * visits, each waits for the one before and then sees the visits it left.
 */
export async function lockPurchase(tx: Tx, id: number): Promise<PurchaseRow | undefined> {
  const [row] = await tx.select().from(passPurchases).where(eq(passPurchases.id, id)).for('update');
  return row;
}

/** Spends (-1) or gives back (+1) a visit; the table's check keeps 0 ≤ visits_left ≤ visits. */
export async function changeVisitsLeft(tx: Tx, id: number, by: 1 | -1): Promise<void> {
  await tx
    .update(passPurchases)
    .set({ visitsLeft: sql`${passPurchases.visitsLeft} + ${by}` })
    .where(eq(passPurchases.id, id));
}

export async function purchaseById(db: Db, id: number): Promise<PurchaseRow | undefined> {
  const [row] = await db.select().from(passPurchases).where(eq(passPurchases.id, id));
  return row;
}

/** The family's purchases, newest first. */
export function purchasesOfFamily(db: Db, userId: number): Promise<PurchaseRow[]> {
  return db
    .select()
    .from(passPurchases)
    .where(eq(passPurchases.userId, userId))
    .orderBy(desc(passPurchases.createdAt), desc(passPurchases.id));
}

/** The drop-ins of these purchases, newest first. */
export function dropInsOfPurchases(db: Db, purchaseIds: number[]): Promise<DropInRow[]> {
  if (purchaseIds.length === 0) return Promise.resolve([]);
  return db
    .select()
    .from(dropIns)
    .where(inArray(dropIns.passPurchaseId, purchaseIds))
    .orderBy(desc(dropIns.createdAt), desc(dropIns.id));
}

/** Whether the child already has a live drop-in in the class. */
export async function hasLiveDropIn(tx: Db, klassId: number, attendeeProfileId: number) {
  const [row] = await tx
    .select({ id: dropIns.id })
    .from(dropIns)
    .where(
      and(
        eq(dropIns.klassId, klassId),
        eq(dropIns.attendeeProfileId, attendeeProfileId),
        isNull(dropIns.cancelledAt),
      ),
    );
  return row !== undefined;
}

export async function insertDropIn(tx: Tx, row: typeof dropIns.$inferInsert): Promise<DropInRow> {
  const [inserted] = await tx.insert(dropIns).values(row).returning();
  if (!inserted) throw new Error('drop-in not inserted');
  return inserted;
}

export async function lockDropIn(tx: Tx, id: number): Promise<DropInRow | undefined> {
  const [row] = await tx.select().from(dropIns).where(eq(dropIns.id, id)).for('update');
  return row;
}

export async function cancelDropInRow(tx: Tx, id: number, at: Date): Promise<DropInRow> {
  const [row] = await tx
    .update(dropIns)
    .set({ cancelledAt: at })
    .where(eq(dropIns.id, id))
    .returning();
  if (!row) throw new Error('drop-in not cancelled');
  return row;
}

/**
 * A deleting family's passes go, and their drop-ins with them (cascade); the drop-ins' session
 * seats go with the family's (docs/decisions/072-a-familys-data-is-theirs.md).
 */
export async function deletePurchasesOfFamily(tx: Db, userId: number): Promise<void> {
  await tx.delete(passPurchases).where(eq(passPurchases.userId, userId));
}
