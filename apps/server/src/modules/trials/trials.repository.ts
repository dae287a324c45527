import { and, eq, gte, inArray, isNull, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { trialBookings } from './trials.tables';

// The trials module's own table (docs/decisions/077-trial-classes.md); what it reads of classes,
// enrollments and families comes from read-models/trial-reads (TrialReads).

export type TrialRow = typeof trialBookings.$inferSelect;

/**
 * Serialises the trial writes of one child in one programme until the transaction ends: of two
 * requests for the same child's trial, the second finds the first's row (the unique index would
 * refuse it anyway; the lock turns that into a clear 409 instead of a failed insert).
 */
export async function lockChildTrials(
  tx: Tx,
  attendeeProfileId: number,
  klassGroupId: number,
): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('trials.child'), ${attendeeProfileId}::int # ${klassGroupId}::int)`,
  );
}

/** The child's live (not cancelled) trial of the programme, if any. */
export async function liveTrialOf(
  db: Db,
  attendeeProfileId: number,
  klassGroupId: number,
): Promise<TrialRow | undefined> {
  const [row] = await db
    .select()
    .from(trialBookings)
    .where(
      and(
        eq(trialBookings.attendeeProfileId, attendeeProfileId),
        eq(trialBookings.klassGroupId, klassGroupId),
        sql`${trialBookings.status} <> 'cancelled'`,
      ),
    );
  return row;
}

export async function insertTrial(tx: Tx, row: typeof trialBookings.$inferInsert) {
  const [inserted] = await tx.insert(trialBookings).values(row).returning();
  if (!inserted) throw new Error('trial booking not inserted');
  return inserted;
}

export async function findTrial(db: Db, id: number): Promise<TrialRow | undefined> {
  const [row] = await db.select().from(trialBookings).where(eq(trialBookings.id, id));
  return row;
}

/** The booking, locked `FOR UPDATE` until the transaction ends (cancel and pay never cross). */
export async function lockTrial(tx: Tx, id: number): Promise<TrialRow | undefined> {
  const [row] = await tx.select().from(trialBookings).where(eq(trialBookings.id, id)).for('update');
  return row;
}

export async function updateTrial(
  tx: Db,
  id: number,
  values: Partial<Pick<TrialRow, 'status' | 'orderId' | 'cancelledAt'>>,
): Promise<TrialRow> {
  const [row] = await tx
    .update(trialBookings)
    .set(values)
    .where(eq(trialBookings.id, id))
    .returning();
  if (!row) throw new Error('trial booking vanished');
  return row;
}

/** The trials an order pays for, locked: its payment outcome moves them once. */
export async function lockTrialsOfOrder(tx: Db, orderId: number): Promise<TrialRow[]> {
  return tx
    .select()
    .from(trialBookings)
    .where(eq(trialBookings.orderId, orderId))
    .orderBy(trialBookings.id)
    .for('update');
}

/**
 * Paid trials of these children in these programmes whose price is still to credit and whose
 * window is open at `at`, locked: of two orders paid at once, the second finds them credited.
 */
export async function lockCreditableTrials(
  tx: Tx,
  attendeeProfileIds: readonly number[],
  klassGroupIds: readonly number[],
  at: Date,
): Promise<TrialRow[]> {
  if (attendeeProfileIds.length === 0 || klassGroupIds.length === 0) return [];
  return tx
    .select()
    .from(trialBookings)
    .where(
      and(
        inArray(trialBookings.attendeeProfileId, [...new Set(attendeeProfileIds)]),
        inArray(trialBookings.klassGroupId, [...new Set(klassGroupIds)]),
        eq(trialBookings.status, 'booked'),
        sql`${trialBookings.price} > 0`,
        isNull(trialBookings.creditedAt),
        gte(trialBookings.creditUntil, at),
      ),
    )
    .orderBy(trialBookings.id)
    .for('update');
}

export async function markTrialCredited(
  tx: Tx,
  id: number,
  orderItemId: number,
  at: Date,
): Promise<void> {
  await tx
    .update(trialBookings)
    .set({ creditedOrderItemId: orderItemId, creditedAt: at })
    .where(eq(trialBookings.id, id));
}

/** The children with a live trial in the class (the roll lists them). */
export async function liveTrialsOfKlass(db: Db, klassId: number): Promise<TrialRow[]> {
  return db
    .select()
    .from(trialBookings)
    .where(and(eq(trialBookings.klassId, klassId), sql`${trialBookings.status} <> 'cancelled'`));
}
