import { and, eq, gt, inArray, isNotNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { seatHolds } from './enrollments.tables';

// The seats a waitlist offer holds are a seat_holds row naming the offer (docs/product.md#waitlist),
// so seats left counts them like any hold. Decision 035: checkout takes an offer's seats under
// the same schedule lock that counts them; the orders module then has the waitlist mark the offer
// accepted in the same transaction (decision 055). A hold naming an offer lives exactly as long as
// the offer is open, since the waitlist frees it whenever the offer ends, so no join is needed.

/** An open, unexpired offer's hold of one account. */
export type OfferHoldRow = {
  holdId: number;
  offerId: number;
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
      offerId: sql<number>`${seatHolds.waitlistOfferId}`,
      scheduleId: seatHolds.scheduleId,
      seats: seatHolds.seats,
    })
    .from(seatHolds)
    .where(
      and(
        eq(seatHolds.userId, userId),
        inArray(seatHolds.scheduleId, scheduleIds),
        gt(seatHolds.expiresAt, at),
        isNotNull(seatHolds.waitlistOfferId),
      ),
    );
}

/** The offers' seats go to the order: their holds are deleted (the waitlist accepts the offers). */
export async function consumeOfferHolds(db: Db, rows: OfferHoldRow[]): Promise<void> {
  if (rows.length === 0) return;
  await db.delete(seatHolds).where(
    inArray(
      seatHolds.id,
      rows.map((r) => r.holdId),
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
