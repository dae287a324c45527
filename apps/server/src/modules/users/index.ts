// The users module's public face: other modules and app.ts import from here only, apart from
// users.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
// Only this module writes the `users` table.
export {
  type AttendeeFacts,
  type AttendeeProfileChanges,
  type AttendeeProfileRow,
  attendeeProfilesOfUser,
  attendeesByIds,
  attendeesOfAccount,
  deleteAttendeeProfile,
  findAttendeeProfile,
  insertAttendeeProfile,
  listAttendeeProfiles,
  otherAccountHolderExists,
  updateAttendeeProfile,
} from './attendee-profiles.service';
export {
  attendeeIdsOfAccountQuery,
  attendeeIdsWithVisibilityQuery,
  galleryStudentsTable,
} from './attendee-subqueries.repository';
export { authPlugin, requireRole, requireUser, sessionOf } from './auth.plugin';
export {
  addGuestAttendee,
  attendeesOwnedBy,
  joinGuestAttendees,
  type OwnedAttendee,
} from './owned-attendees.service';
export { hashPassword, verifyPassword } from './passwords';
export type { InstructorRow, PeopleFilters } from './people-search.repository';
export { sessionRoutes } from './session.routes';
export type { Session, SessionsPort } from './session.service';
export { type UserResourceSource, userResource } from './user-resource';
export {
  anyUserExists,
  type DbExecutor,
  type Person,
  type SessionUser,
  type UserRow,
  userResourceColumns,
} from './users.repository';
export { type DemoAttendee, demoAttendees, seedDemoUsers } from './users.seed';
export {
  confirmUser,
  createUnconfirmedStudent,
  instructorsAmong,
  pageOfPeople,
  peopleByIds,
  type RegisteredProfile,
  roleOfUser,
  searchPeople,
  setUserEmail,
  setUserPassword,
  type UserProfileChanges,
  updateUserProfile,
  userByEmail,
  userById,
  userIdsByEmail,
} from './users.service';
// A deleting family's part of this module (docs/decisions/072-a-familys-data-is-theirs.md).
export {
  anonymiseUserRow,
  attendeeIdsForErasure,
  eraseAttendeeProfiles,
} from './users-erasure.repository';
