import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { absences, makeupBookings, makeupCredits } from './makeups.tables';

// The makeups module's own tables (docs/decisions/074-absences-and-make-ups.md); what it reads of
// sessions, enrollments and families comes from read-models/makeup-reads (MakeupReads).

/**
 * Serialises the credit writes of one child (absence credits against the policy count) until the
 * transaction ends: two reports at once cannot both take the term's last make-up.
 */
export async function lockChildCredits(tx: Tx, attendeeProfileId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('makeups.credits'), ${attendeeProfileId}::int)`,
  );
}

export async function insertAbsence(
  tx: Tx,
  row: { klassId: number; attendeeProfileId: number; reason: string; reportedById: number },
): Promise<{ id: number; createdAt: Date } | undefined> {
  const [inserted] = await tx
    .insert(absences)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: absences.id, createdAt: absences.createdAt });
  return inserted;
}

export async function findAbsence(db: Db, klassId: number, attendeeProfileId: number) {
  const [row] = await db
    .select()
    .from(absences)
    .where(and(eq(absences.klassId, klassId), eq(absences.attendeeProfileId, attendeeProfileId)));
  return row;
}

export async function deleteAbsence(tx: Tx, id: number): Promise<void> {
  await tx.delete(absences).where(eq(absences.id, id));
}

export async function insertCredit(
  tx: Db,
  row: typeof makeupCredits.$inferInsert,
): Promise<number> {
  const [inserted] = await tx.insert(makeupCredits).values(row).returning({ id: makeupCredits.id });
  if (!inserted) throw new Error('make-up credit not inserted');
  return inserted.id;
}

/** Revokes the absence's credit unless it was spent; answers whether one was revoked. */
export async function revokeUnusedCreditOfAbsence(tx: Tx, absenceId: number, at: Date) {
  const rows = await tx
    .update(makeupCredits)
    .set({ revokedAt: at })
    .where(
      and(
        eq(makeupCredits.absenceId, absenceId),
        isNull(makeupCredits.usedAt),
        isNull(makeupCredits.revokedAt),
      ),
    )
    .returning({ id: makeupCredits.id });
  return rows.length > 0;
}

export type CreditRow = typeof makeupCredits.$inferSelect;

/**
 * The credit, locked `FOR UPDATE` until the transaction ends: of two tabs spending it at once,
 * the second waits and then sees it used.
 */
export async function lockCredit(tx: Tx, id: number): Promise<CreditRow | undefined> {
  const [row] = await tx.select().from(makeupCredits).where(eq(makeupCredits.id, id)).for('update');
  return row;
}

export async function findCredit(db: Db, id: number): Promise<CreditRow | undefined> {
  const [row] = await db.select().from(makeupCredits).where(eq(makeupCredits.id, id));
  return row;
}

export async function setCreditUsed(tx: Tx, id: number, usedAt: Date | null): Promise<void> {
  await tx.update(makeupCredits).set({ usedAt }).where(eq(makeupCredits.id, id));
}

/** Whether the child has a live make-up booking in the session. */
export async function hasLiveMakeupIn(db: Db, klassId: number, attendeeProfileId: number) {
  const [row] = await db
    .select({ id: makeupBookings.id })
    .from(makeupBookings)
    .where(
      and(
        eq(makeupBookings.klassId, klassId),
        eq(makeupBookings.attendeeProfileId, attendeeProfileId),
        isNull(makeupBookings.cancelledAt),
      ),
    );
  return row !== undefined;
}

export async function insertBooking(
  tx: Tx,
  row: { creditId: number; klassId: number; attendeeProfileId: number },
) {
  const [inserted] = await tx.insert(makeupBookings).values(row).returning();
  if (!inserted) throw new Error('make-up booking not inserted');
  return inserted;
}

export type BookingRow = typeof makeupBookings.$inferSelect;

export async function lockBooking(tx: Tx, id: number): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(makeupBookings)
    .where(eq(makeupBookings.id, id))
    .for('update');
  return row;
}

export async function cancelBooking(tx: Tx, id: number, at: Date): Promise<BookingRow> {
  const [row] = await tx
    .update(makeupBookings)
    .set({ cancelledAt: at })
    .where(eq(makeupBookings.id, id))
    .returning();
  if (!row) throw new Error('make-up booking vanished');
  return row;
}

/**
 * Claims a credit's expiry reminder: true for the one caller whose update landed. A second
 * process's update waits for the first's transaction, then finds `reminded_at` set and does nothing.
 */
export async function claimReminder(tx: Tx, id: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(makeupCredits)
    .set({ remindedAt: at })
    .where(and(eq(makeupCredits.id, id), isNull(makeupCredits.remindedAt)))
    .returning({ id: makeupCredits.id });
  return rows.length > 0;
}

/** The sessions the child has a live make-up booking in. */
export async function liveMakeupKlassesOfChild(
  db: Db,
  attendeeProfileId: number,
): Promise<Set<number>> {
  const rows = await db
    .select({ klassId: makeupBookings.klassId })
    .from(makeupBookings)
    .where(
      and(
        eq(makeupBookings.attendeeProfileId, attendeeProfileId),
        isNull(makeupBookings.cancelledAt),
      ),
    );
  return new Set(rows.map((r) => r.klassId));
}
