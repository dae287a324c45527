import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { enrollments, seatHolds } from './enrollments.tables';

/**
 * Removes every enrollment of these attendees (a deleting family's children): their seats free
 * up, and the paid order items that made them stay on the orders for the school's accounts.
 */
export async function eraseEnrollmentsOf(tx: Tx, attendeeProfileIds: number[]): Promise<void> {
  if (attendeeProfileIds.length === 0) return;
  await tx.delete(enrollments).where(inArray(enrollments.attendeeProfileId, attendeeProfileIds));
}

/**
 * Frees the session seats held for a deleting family (docs/glossary.md#session-seat): their
 * children's bookings go with the profiles, and the user row is kept, so no cascade frees them.
 */
export async function eraseSessionSeatsOf(tx: Tx, userId: number): Promise<void> {
  await tx
    .delete(seatHolds)
    .where(and(eq(seatHolds.userId, userId), isNotNull(seatHolds.sessionSeatKey)));
}
