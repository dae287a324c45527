import { and, eq, gt, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { waitlistEntries, waitlistOffers } from '../waitlist/waitlist.tables';
import { seatHolds } from './enrollments.tables';

// The seats a waitlist offer holds are a seat_holds row naming the offer (docs/product.md#waitlist),
// so seats left counts them like any hold. Decision 035: checkout takes an offer's seats under
// the same schedule lock that counts them, so the offer's acceptance is written here too, in the
// order's transaction; the waitlist module (which calls this module) owns everything else.

/** An open, unexpired offer's hold of one account. */
export type OfferHoldRow = {
  holdId: number;
  offerId: number;
  entryId: number;
  scheduleId: number;
  seats: number;
};

/** The account's open offers' holds in these schedules, unexpired at `at`. */
export async function openOfferHoldsOfUser(
  db: Db,
  userId: number,
  scheduleIds: number[],
  at: Date,
): Promise<OfferHoldRow[]> {
  if (scheduleIds.length === 0) return [];
  return db
    .select({
      holdId: seatHolds.id,
      offerId: waitlistOffers.id,
      entryId: waitlistOffers.entryId,
      scheduleId: seatHolds.scheduleId,
      seats: seatHolds.seats,
    })
    .from(seatHolds)
    .innerJoin(waitlistOffers, eq(waitlistOffers.id, seatHolds.waitlistOfferId))
    .where(
      and(
        eq(seatHolds.userId, userId),
        inArray(seatHolds.scheduleId, scheduleIds),
        gt(seatHolds.expiresAt, at),
        eq(waitlistOffers.status, 'open'),
      ),
    );
}

/** The offers' seats go to the order: holds deleted, offers accepted, entries booked. */
export async function consumeOfferHolds(db: Db, rows: OfferHoldRow[], at: Date): Promise<void> {
  if (rows.length === 0) return;
  await db.delete(seatHolds).where(
    inArray(
      seatHolds.id,
      rows.map((r) => r.holdId),
    ),
  );
  await db
    .update(waitlistOffers)
    .set({ status: 'accepted' })
    .where(
      inArray(
        waitlistOffers.id,
        rows.map((r) => r.offerId),
      ),
    );
  await db
    .update(waitlistEntries)
    .set({ status: 'booked', updatedAt: at })
    .where(
      inArray(
        waitlistEntries.id,
        rows.map((r) => r.entryId),
      ),
    );
}

export async function insertOfferHold(
  db: Db,
  row: { scheduleId: number; userId: number; offerId: number; seats: number; expiresAt: Date },
): Promise<void> {
  await db.insert(seatHolds).values({
    scheduleId: row.scheduleId,
    userId: row.userId,
    waitlistOfferId: row.offerId,
    seats: row.seats,
    expiresAt: row.expiresAt,
  });
}

export async function deleteHoldsOfOffers(db: Db, offerIds: number[]): Promise<void> {
  if (offerIds.length === 0) return;
  await db.delete(seatHolds).where(inArray(seatHolds.waitlistOfferId, offerIds));
}
