import { and, asc, eq, inArray, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waitlistEntries, waitlistOffers } from './waitlist.tables';

// The waitlist's reads and writes (docs/product.md#waitlist). Seats themselves (holds, counts)
// belong to the enrollments module, the schedule lock and the schedule's names to the classes
// module, the family's name and address to the users module: the service asks them.

const ACTIVE = ['waiting', 'offered'] as const;

/** An active entry with its open offer, as the lists show it (the service adds names). */
export type EntryRowWithOffer = {
  id: number;
  userId: number;
  scheduleId: number;
  status: (typeof waitlistEntries.$inferSelect)['status'];
  seats: number;
  position: number;
  place: number;
  createdAt: Date;
  offer: { id: number; seats: number; expiresAt: Date } | null;
};

/** Active entries (waiting or offered) matching `where`, in line order, with their place. */
function entryViews(db: Db, where: ReturnType<typeof and>): Promise<EntryRowWithOffer[]> {
  const others = sql.raw('w2');
  return db
    .select({
      id: waitlistEntries.id,
      userId: waitlistEntries.userId,
      scheduleId: waitlistEntries.scheduleId,
      status: waitlistEntries.status,
      seats: waitlistEntries.seats,
      position: waitlistEntries.position,
      // 1 + the active entries ahead in the same line.
      place: sql<number>`(select count(*) from ${waitlistEntries} ${others} where ${others}.schedule_id = ${waitlistEntries.scheduleId} and ${others}.status in ('waiting', 'offered') and ${others}.position < ${waitlistEntries.position})::int + 1`,
      createdAt: waitlistEntries.createdAt,
      offerId: waitlistOffers.id,
      offerSeats: waitlistOffers.seats,
      offerExpiresAt: waitlistOffers.expiresAt,
    })
    .from(waitlistEntries)
    .leftJoin(
      waitlistOffers,
      and(eq(waitlistOffers.entryId, waitlistEntries.id), eq(waitlistOffers.status, 'open')),
    )
    .where(and(inArray(waitlistEntries.status, [...ACTIVE]), where))
    .orderBy(
      asc(waitlistEntries.scheduleId),
      asc(waitlistEntries.position),
      asc(waitlistEntries.id),
    )
    .then((rows) =>
      rows.map(({ offerId, offerSeats, offerExpiresAt, ...row }) => ({
        ...row,
        offer:
          offerId === null || offerSeats === null || offerExpiresAt === null
            ? null
            : { id: offerId, seats: offerSeats, expiresAt: offerExpiresAt },
      })),
    );
}

export const activeEntriesOfSchedule = (db: Db, scheduleId: number) =>
  entryViews(db, and(eq(waitlistEntries.scheduleId, scheduleId)));

export const activeEntriesOfUser = (db: Db, userId: number) =>
  entryViews(db, and(eq(waitlistEntries.userId, userId)));

export const activeEntryView = (db: Db, entryId: number) =>
  entryViews(db, and(eq(waitlistEntries.id, entryId))).then((rows) => rows[0]);

export type EntryRow = typeof waitlistEntries.$inferSelect;

export async function entryById(db: Db, id: number): Promise<EntryRow | undefined> {
  const [row] = await db.select().from(waitlistEntries).where(eq(waitlistEntries.id, id));
  return row;
}

export async function activeEntryOf(
  db: Db,
  scheduleId: number,
  userId: number,
): Promise<EntryRow | undefined> {
  const [row] = await db
    .select()
    .from(waitlistEntries)
    .where(
      and(
        eq(waitlistEntries.scheduleId, scheduleId),
        eq(waitlistEntries.userId, userId),
        inArray(waitlistEntries.status, [...ACTIVE]),
      ),
    );
  return row;
}

/** Adds the family at the back of the line (call under the schedule lock: positions are unique). */
export async function insertEntryAtBack(
  db: Db,
  values: { scheduleId: number; userId: number; seats: number; at: Date },
): Promise<EntryRow | undefined> {
  const [last] = await db
    .select({ position: max(waitlistEntries.position) })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.scheduleId, values.scheduleId));
  const [row] = await db
    .insert(waitlistEntries)
    .values({
      scheduleId: values.scheduleId,
      userId: values.userId,
      seats: values.seats,
      position: (last?.position ?? 0) + 1,
      createdAt: values.at,
      updatedAt: values.at,
    })
    .onConflictDoNothing()
    .returning();
  return row;
}

export async function setEntryStatus(
  db: Db,
  ids: number[],
  status: EntryRow['status'],
  at: Date,
): Promise<void> {
  if (ids.length === 0) return;
  await db
    .update(waitlistEntries)
    .set({ status, updatedAt: at })
    .where(inArray(waitlistEntries.id, ids));
}

/** Entries of one schedule waiting (not offered), in line order. */
export function waitingEntriesOfSchedule(db: Db, scheduleId: number): Promise<EntryRow[]> {
  return db
    .select()
    .from(waitlistEntries)
    .where(and(eq(waitlistEntries.scheduleId, scheduleId), eq(waitlistEntries.status, 'waiting')))
    .orderBy(asc(waitlistEntries.position), asc(waitlistEntries.id));
}

/** Active entry ids of one schedule (the reorder must name each once). */
export async function activeEntryIdsOfSchedule(db: Db, scheduleId: number): Promise<number[]> {
  const rows = await db
    .select({ id: waitlistEntries.id })
    .from(waitlistEntries)
    .where(
      and(eq(waitlistEntries.scheduleId, scheduleId), inArray(waitlistEntries.status, [...ACTIVE])),
    );
  return rows.map((r) => r.id);
}

/**
 * Gives the named entries positions after every other entry of the schedule, in the order given:
 * ended entries keep theirs, so the line's order is only among the active ones.
 */
export async function reorderEntries(
  db: Db,
  scheduleId: number,
  orderedIds: number[],
  at: Date,
): Promise<void> {
  const [last] = await db
    .select({ position: max(waitlistEntries.position) })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.scheduleId, scheduleId));
  const base = last?.position ?? 0;
  // One statement: each id's new position from its index in the list.
  const cases = sql.join(
    orderedIds.map((id, i) => sql`when ${id}::int then ${base + i + 1}::int`),
    sql` `,
  );
  await db
    .update(waitlistEntries)
    .set({ position: sql`case ${waitlistEntries.id} ${cases} end`, updatedAt: at })
    .where(
      and(eq(waitlistEntries.scheduleId, scheduleId), inArray(waitlistEntries.id, orderedIds)),
    );
}

export type OfferRow = typeof waitlistOffers.$inferSelect;

export async function insertOffer(
  db: Db,
  values: { entryId: number; scheduleId: number; seats: number; expiresAt: Date; at: Date },
): Promise<OfferRow> {
  const [row] = await db
    .insert(waitlistOffers)
    .values({
      entryId: values.entryId,
      scheduleId: values.scheduleId,
      seats: values.seats,
      expiresAt: values.expiresAt,
      createdAt: values.at,
    })
    .returning();
  if (!row) throw new Error('offer not written');
  return row;
}

export async function offerById(db: Db, id: number): Promise<OfferRow | undefined> {
  const [row] = await db.select().from(waitlistOffers).where(eq(waitlistOffers.id, id));
  return row;
}

export async function openOffersOfEntry(db: Db, entryId: number): Promise<OfferRow[]> {
  return db
    .select()
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.entryId, entryId), eq(waitlistOffers.status, 'open')));
}

/** Open offers of one schedule past their end at `at`. */
export function dueOffersOfSchedule(db: Db, scheduleId: number, at: Date): Promise<OfferRow[]> {
  return db
    .select()
    .from(waitlistOffers)
    .where(
      and(
        eq(waitlistOffers.scheduleId, scheduleId),
        eq(waitlistOffers.status, 'open'),
        lte(waitlistOffers.expiresAt, at),
      ),
    );
}

export async function setOfferStatus(
  db: Db,
  ids: number[],
  status: OfferRow['status'],
): Promise<void> {
  if (ids.length === 0) return;
  await db.update(waitlistOffers).set({ status }).where(inArray(waitlistOffers.id, ids));
}

/** The entries these offers were made to. */
export async function entryIdsOfOffers(db: Db, offerIds: number[]): Promise<number[]> {
  if (offerIds.length === 0) return [];
  const rows = await db
    .select({ entryId: waitlistOffers.entryId })
    .from(waitlistOffers)
    .where(inArray(waitlistOffers.id, offerIds));
  return rows.map((r) => r.entryId);
}

/** Schedules the sweep looks at: someone waiting, or an open offer past its end. */
export async function schedulesToSweep(db: Db, at: Date): Promise<number[]> {
  const waiting = db
    .selectDistinct({ id: waitlistEntries.scheduleId })
    .from(waitlistEntries)
    .where(eq(waitlistEntries.status, 'waiting'));
  const due = db
    .selectDistinct({ id: waitlistOffers.scheduleId })
    .from(waitlistOffers)
    .where(and(eq(waitlistOffers.status, 'open'), lte(waitlistOffers.expiresAt, at)));
  const rows = await waiting.union(due);
  return rows.map((r) => r.id).sort((a, b) => a - b);
}

/** Which of these schedules have someone waiting. */
export async function schedulesWithWaiting(db: Db, scheduleIds: number[]): Promise<number[]> {
  if (scheduleIds.length === 0) return [];
  const rows = await db
    .selectDistinct({ id: waitlistEntries.scheduleId })
    .from(waitlistEntries)
    .where(
      and(inArray(waitlistEntries.scheduleId, scheduleIds), eq(waitlistEntries.status, 'waiting')),
    );
  return rows.map((r) => r.id);
}
