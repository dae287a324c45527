import type { Db } from '../../db/client';
import { lockScheduleCapacities } from '../classes';
import { holdSeatsForOrder, type SeatRequest } from '../enrollments';
import { acceptOffers } from '../waitlist';

/**
 * Holds a pending order's seats until it expires, all or none, under the classes module's schedule
 * lock; the account's own waitlist offers in those schedules give their seats to the order and the
 * waitlist accepts them, in the same transaction. Answers the first schedule short of seats
 * (nothing is written), or null once every request is held.
 */
export async function holdOrderSeats(
  db: Db,
  order: { id: number; userId: number | null; expiresAt: Date },
  requests: SeatRequest[],
  at: Date,
): Promise<{ shortOf: number } | null> {
  const held = await holdSeatsForOrder(db, lockScheduleCapacities, order, requests, at);
  if (held.shortOf !== null) return { shortOf: held.shortOf };
  await acceptOffers(db, held.offersTaken, at);
  return null;
}
