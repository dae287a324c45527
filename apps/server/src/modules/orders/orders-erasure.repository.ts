import { and, eq, inArray, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { orderItemAttendees, orderItems } from './orders.tables';

/**
 * A deleting family's orders stay for the school's accounts; the children's names on them are
 * replaced by `label` ("Deleted family #id") and the link to their profiles is cut, so the
 * profiles can be deleted next. A paid trial's snapshot names its child too
 * (docs/decisions/077-trial-classes.md): that name goes the same way.
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
  await tx
    .update(orderItems)
    .set({
      snapshot: sql`jsonb_set(${orderItems.snapshot}, '{trial,child_name}', to_jsonb(${label}::text))`,
    })
    .where(
      and(
        eq(orderItems.kind, 'trial'),
        inArray(
          sql`(${orderItems.snapshot}->'trial'->>'attendee_profile_id')::int`,
          attendeeProfileIds,
        ),
      ),
    );
}
