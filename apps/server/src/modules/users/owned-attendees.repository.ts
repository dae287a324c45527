import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbExecutor } from './users.repository';
import { attendeeProfiles } from './users.tables';

// Attendee profiles by who owns them, a family account or a walk-in (docs/product.md#customers):
// the customers module lists, adds and joins them through this module, which owns the table.

const attendeeColumns = {
  id: attendeeProfiles.id,
  name: attendeeProfiles.name,
  birthday: attendeeProfiles.birthday,
};

export type OwnedAttendee = { id: number; name: string; birthday: string | null };

export function attendeeRowsOf(
  executor: DbExecutor,
  owner: { userId: number } | { guestCustomerId: number },
): Promise<OwnedAttendee[]> {
  return executor
    .select(attendeeColumns)
    .from(attendeeProfiles)
    .where(
      'userId' in owner
        ? eq(attendeeProfiles.userId, owner.userId)
        : eq(attendeeProfiles.guestCustomerId, owner.guestCustomerId),
    )
    .orderBy(attendeeProfiles.id);
}

export async function insertGuestAttendeeRow(
  executor: DbExecutor,
  values: { guestCustomerId: number; name: string; birthday: string | null },
): Promise<OwnedAttendee> {
  const [row] = await executor.insert(attendeeProfiles).values(values).returning(attendeeColumns);
  if (!row) throw new Error('insert returned no row');
  return row;
}

/** The walk-ins' attendees not yet on an account take it (guest_customer_id stays, as history). */
export async function setGuestAttendeesUser(
  executor: DbExecutor,
  guestCustomerIds: number[],
  userId: number,
): Promise<void> {
  await executor
    .update(attendeeProfiles)
    .set({ userId })
    .where(
      and(
        inArray(attendeeProfiles.guestCustomerId, guestCustomerIds),
        isNull(attendeeProfiles.userId),
      ),
    );
}
