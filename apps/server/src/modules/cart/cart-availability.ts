import type { CartUnavailableReason } from '@atelier/contract';
import type { Db } from '../../db/client';
import type { CartSchedule } from '../classes';
import { offeredSeatsOfUser, seatCountsBySchedule, seatsLeft } from '../enrollments';

// Whether a cart item can be bought now (decision 028): an item that cannot stays in the cart,
// priced and flagged, so one stale item never fails the whole cart.

/**
 * Seats left now in each of these schedules (one query). For a signed-in family (`userId`), the
 * seats its own open waitlist offers hold are left for it (docs/product.md#waitlist).
 */
export async function seatsLeftBySchedule(
  db: Db,
  schedules: Iterable<CartSchedule>,
  at: Date,
  userId: number | null = null,
): Promise<Map<number, number>> {
  const list = [...schedules];
  if (list.length === 0) return new Map();
  const ids = list.map((s) => s.id);
  const counts = await seatCountsBySchedule(db, ids, at);
  // Only a schedule with holds can hold an offer's seats: most carts need no second query.
  const withHolds = ids.filter((id) => (counts.get(id)?.held ?? 0) > 0);
  const offered =
    userId === null || withHolds.length === 0
      ? new Map<number, number>()
      : await offeredSeatsOfUser(db, userId, withHolds, at);
  return new Map(
    list.map((s) => [s.id, seatsLeft(s.capacity, counts.get(s.id)) + (offered.get(s.id) ?? 0)]),
  );
}

/**
 * Why an item booking `numberOfAttendees` seats of `schedule` cannot be bought now, or null.
 * The programme's publication comes first, then the run being over (no session ahead counts as
 * over: nothing is left to attend), then seats.
 */
export function unavailableReasonOf(
  schedule: CartSchedule,
  numberOfAttendees: number,
  seatsLeft: number | undefined,
): CartUnavailableReason | null {
  if (!schedule.published) return 'unpublished';
  if (!schedule.bookable || schedule.klassesAhead.length === 0) return 'over';
  if ((seatsLeft ?? 0) < numberOfAttendees) return 'sold_out';
  return null;
}
