import type { Db } from '../../db/client';
import { cancelActiveEnrollments } from './enrollments.repository';

/** An attendee as an order item enrolled them. */
export type OrderItemAttendee = { orderItemId: number; attendeeProfileId: number | null };

/**
 * Ends the active enrollments these order items made for these attendees (a refund paid them
 * back: docs/architecture.md#refunds). Cancelled enrollments stay on record and no longer take a
 * seat. Returns the schedules whose seats were freed, one entry per seat.
 */
export async function cancelOrderItemEnrollments(
  db: Db,
  attendees: OrderItemAttendee[],
): Promise<{ scheduleId: number; attendeeProfileId: number }[]> {
  if (attendees.length === 0) return [];
  const byItem = new Map<number, number[]>();
  for (const a of attendees) {
    // A deleted family's attendee has no enrollments left to end.
    if (a.attendeeProfileId === null) continue;
    byItem.set(a.orderItemId, [...(byItem.get(a.orderItemId) ?? []), a.attendeeProfileId]);
  }
  return cancelActiveEnrollments(db, byItem);
}
