import { inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItemAttendees } from './orders.tables';

/**
 * A deleting family's orders stay for the school's accounts; the children's names on them are
 * replaced by `label` ("Deleted family #id") and the link to their profiles is cut, so the
 * profiles can be deleted next.
 */
export async function anonymiseOrderAttendees(
  tx: Tx,
  attendeeProfileIds: number[],
  label: string,
): Promise<void> {
  if (attendeeProfileIds.length === 0) return;
  await tx
    .update(orderItemAttendees)
    .set({ name: label, attendeeProfileId: null })
    .where(inArray(orderItemAttendees.attendeeProfileId, attendeeProfileIds));
}
