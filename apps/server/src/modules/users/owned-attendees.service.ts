import {
  attendeeRowsOf,
  insertGuestAttendeeRow,
  type OwnedAttendee,
  setGuestAttendeesUser,
} from './owned-attendees.repository';
import type { DbExecutor } from './users.repository';

export type { OwnedAttendee };

/** The attendees of a family account or of a walk-in, oldest first. */
export function attendeesOwnedBy(
  executor: DbExecutor,
  owner: { userId: number } | { guestCustomerId: number },
): Promise<OwnedAttendee[]> {
  return attendeeRowsOf(executor, owner);
}

/** A new attendee of a walk-in (no account), booked at the desk. */
export function addGuestAttendee(
  executor: DbExecutor,
  values: { guestCustomerId: number; name: string; birthday: string | null },
): Promise<OwnedAttendee> {
  return insertGuestAttendeeRow(executor, values);
}

/**
 * Walk-ins joined an account: their attendees not yet on one take it. Run it in the transaction
 * that joins the walk-ins.
 */
export async function joinGuestAttendees(
  executor: DbExecutor,
  guestCustomerIds: number[],
  userId: number,
): Promise<void> {
  if (guestCustomerIds.length === 0) return;
  await setGuestAttendeesUser(executor, guestCustomerIds, userId);
}
