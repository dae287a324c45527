import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { enrollments } from './enrollments.tables';

/**
 * Removes every enrollment of these attendees (a deleting family's children): their seats free
 * up, and the paid order items that made them stay on the orders for the school's accounts.
 */
export async function eraseEnrollmentsOf(tx: Tx, attendeeProfileIds: number[]): Promise<void> {
  if (attendeeProfileIds.length === 0) return;
  await tx.delete(enrollments).where(inArray(enrollments.attendeeProfileId, attendeeProfileIds));
}
