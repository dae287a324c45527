import { and, eq, inArray, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments } from './enrollments.tables';

/** An attendee as an order item enrolled them. */
export type OrderItemAttendee = { orderItemId: number; attendeeProfileId: number };

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
    byItem.set(a.orderItemId, [...(byItem.get(a.orderItemId) ?? []), a.attendeeProfileId]);
  }
  return db
    .update(enrollments)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(enrollments.status, 'active'),
        or(
          ...[...byItem].map(([orderItemId, profileIds]) =>
            and(
              eq(enrollments.orderItemId, orderItemId),
              inArray(enrollments.attendeeProfileId, profileIds),
            ),
          ),
        ),
      ),
    )
    .returning({
      scheduleId: enrollments.scheduleId,
      attendeeProfileId: enrollments.attendeeProfileId,
    });
}
