import type { CartUnavailableReason } from '@atelier/contract';
import type { Db } from '../../db/client';
import type { CartSchedule } from '../classes';
import { seatCountsBySchedule, seatsLeft } from '../enrollments';

// Whether a cart item can be bought now (decision 028): an item that cannot stays in the cart,
// priced and flagged, so one stale item never fails the whole cart.

/** Seats left now in each of these schedules (one query). */
export async function seatsLeftBySchedule(
  db: Db,
  schedules: Iterable<CartSchedule>,
  at: Date,
): Promise<Map<number, number>> {
  const list = [...schedules];
  if (list.length === 0) return new Map();
  const counts = await seatCountsBySchedule(
    db,
    list.map((s) => s.id),
    at,
  );
  return new Map(list.map((s) => [s.id, seatsLeft(s.capacity, counts.get(s.id))]));
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
  if (!schedule.bookable || schedule.sessionsAhead.length === 0) return 'over';
  if ((seatsLeft ?? 0) < numberOfAttendees) return 'sold_out';
  return null;
}
