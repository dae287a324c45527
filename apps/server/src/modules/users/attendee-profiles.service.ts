import {
  type AttendeeFacts,
  findAttendeesByIds,
  findAttendeesOfAccount,
} from './attendee-profiles.repository';
import type { DbExecutor } from './users.repository';

// A family's attendee profiles as other modules reach them: the family module holds the rules
// (who may manage a family, one account holder); the rows are this module's
// (docs/architecture.md#repository-layout-and-layers).
export {
  type AttendeeFacts,
  type AttendeeProfileChanges,
  type AttendeeProfileRow,
  attendeeProfilesOfUser,
  deleteAttendeeProfile,
  findAttendeeProfile,
  insertAttendeeProfile,
  listAttendeeProfiles,
  otherAccountHolderExists,
  updateAttendeeProfile,
} from './attendee-profiles.repository';

/**
 * The attendees behind a set of profile ids, one query for the whole set, ordered by name then
 * id (the database's collation, so a caller can order its own rows by attendee name with it).
 */
export function attendeesByIds(
  executor: DbExecutor,
  ids: readonly number[],
): Promise<AttendeeFacts[]> {
  return findAttendeesByIds(executor, ids);
}

/** A family account's attendees, ordered by name then id, as `attendeesByIds` orders them. */
export function attendeesOfAccount(executor: DbExecutor, userId: number): Promise<AttendeeFacts[]> {
  return findAttendeesOfAccount(executor, userId);
}
