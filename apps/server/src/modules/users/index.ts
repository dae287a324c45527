// The users module's public face: other modules and app.ts import from here only, apart from
// users.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
// Only this module writes the `users` table.
export { authPlugin, requireRole, requireUser, sessionOf } from './auth.plugin';
export {
  addGuestAttendee,
  attendeesOwnedBy,
  joinGuestAttendees,
  type OwnedAttendee,
} from './owned-attendees.service';
export { hashPassword, verifyPassword } from './passwords';
export { sessionRoutes } from './session.routes';
export type { Session, SessionService } from './session.service';
export { type UserResourceSource, userResource } from './user-resource';
export {
  type DbExecutor,
  type Person,
  type SessionUser,
  type UserRow,
  userResourceColumns,
} from './users.repository';
export { seedDemoUsers } from './users.seed';
export {
  confirmUser,
  createUnconfirmedStudent,
  peopleByIds,
  type RegisteredProfile,
  roleOfUser,
  setUserEmail,
  setUserPassword,
  type UserProfileChanges,
  updateUserProfile,
} from './users.service';
