import type { Language } from '@atelier/contract';
import type { SQLWrapper } from 'drizzle-orm';
import {
  findInstructors,
  findPeoplePage,
  findPeopleRows,
  type InstructorRow,
  type PeopleFilters,
} from './people-search.repository';
import {
  type DbExecutor,
  findPeopleByIds,
  findUserByEmail,
  findUserById,
  findUserIdsByEmail,
  findUserRole,
  insertUserRow,
  type Person,
  type UserRow,
  updatePasswordHash,
  updateUserRow,
} from './users.repository';

/**
 * Every change to the `users` table goes through these functions: no other module writes it
 * (docs/architecture.md#repository-layout-and-layers). Each takes the caller's transaction when
 * the change belongs to a larger one (a confirmation link used, a mail queued).
 */

/** What a registration sets on the account it creates or confirms. */
export type RegisteredProfile = {
  passwordHash: string;
  name: string;
  timezone: string;
  /** Null when the registration did not say: the account has no language of its own yet. */
  locale: Language | null;
};

/** A new student account whose address is not confirmed yet. */
export function createUnconfirmedStudent(
  executor: DbExecutor,
  user: { email: string } & RegisteredProfile,
): Promise<UserRow> {
  return insertUserRow(executor, {
    email: user.email,
    name: user.name,
    passwordHash: user.passwordHash,
    timezone: user.timezone,
    locale: user.locale,
    role: 'student',
  });
}

/** Confirms the address and applies what the registration asked for (when it carried any). */
export async function confirmUser(
  executor: DbExecutor,
  userId: number,
  at: Date,
  registration: RegisteredProfile | null,
): Promise<UserRow> {
  const row = await updateUserRow(executor, userId, {
    confirmedAt: at,
    updatedAt: at,
    ...(registration ?? {}),
  });
  if (!row) throw new Error('users update returned no row');
  return row;
}

/** Sets the password; a reset also confirms the address, since the link proved the mailbox. */
export function setUserPassword(
  executor: DbExecutor,
  userId: number,
  passwordHash: string,
  at: Date,
  options: { confirm: boolean },
): Promise<void> {
  return updatePasswordHash(executor, userId, passwordHash, at, options.confirm);
}

export type UserProfileChanges = Partial<
  Pick<
    UserRow,
    'name' | 'timezone' | 'locale' | 'avatarKey' | 'bio' | 'translations' | 'classReminders'
  >
>;

/** Name, time zone, language, avatar, bio and class reminders; undefined when the user is gone. */
export function updateUserProfile(
  executor: DbExecutor,
  userId: number,
  changes: UserProfileChanges,
  at: Date,
): Promise<UserRow | undefined> {
  return updateUserRow(executor, userId, { ...changes, updatedAt: at });
}

/** The account's new address; undefined when the user is gone. */
export function setUserEmail(
  executor: DbExecutor,
  userId: number,
  email: string,
  at: Date,
): Promise<UserRow | undefined> {
  return updateUserRow(executor, userId, { email, updatedAt: at });
}

/** The user's current role, or undefined for no such user. */
export function roleOfUser(
  executor: DbExecutor,
  userId: number,
): Promise<UserRow['role'] | undefined> {
  return findUserRole(executor, userId);
}

/**
 * The people behind a set of user ids, one query for the whole set: how another module shows a
 * name, an email or an avatar without reading the users table itself
 * (docs/architecture.md#repository-layout-and-layers). Ids with no user are absent from the map.
 */
export async function peopleByIds(
  executor: DbExecutor,
  ids: readonly number[],
): Promise<Map<number, Person>> {
  const rows = await findPeopleByIds(executor, ids);
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * The whole account row (password hash and token cut-off included) by address: for the accounts
 * module, whose links and password checks need it. Undefined for no such user.
 */
export function userByEmail(executor: DbExecutor, email: string): Promise<UserRow | undefined> {
  return findUserByEmail(executor, email);
}

/** The whole account row by id, as `userByEmail`; undefined for no such user. */
export function userById(executor: DbExecutor, id: number): Promise<UserRow | undefined> {
  return findUserById(executor, id);
}

/**
 * A page of people by name (then id) matching the filters, and how many match: every picker and
 * list of people pages the same way, here where the names are
 * (docs/architecture.md#repository-layout-and-layers).
 */
export function searchPeople(
  executor: DbExecutor,
  filters: PeopleFilters,
  page: { limit: number; offset: number },
): Promise<{ rows: Person[]; total: number }> {
  return findPeoplePage(executor, filters, page);
}

/** A page of people as `searchPeople` orders them, for a caller that knows the total itself. */
export function pageOfPeople(
  executor: DbExecutor,
  filters: PeopleFilters,
  page: { limit: number; offset: number },
): Promise<Person[]> {
  return findPeopleRows(executor, filters, page);
}

/**
 * The school's instructors: every teacher, and every admin among `teacherIds` (a subquery of the
 * classes module's: who teaches a schedule), by name then id, in one statement.
 */
export function instructorsAmong(
  executor: DbExecutor,
  teacherIds: SQLWrapper,
): Promise<InstructorRow[]> {
  return findInstructors(executor, teacherIds);
}

/** The ids of the accounts with these addresses (the demo seeds find the demo accounts by them). */
export function userIdsByEmail(
  executor: DbExecutor,
  emails: readonly string[],
): Promise<Map<string, number>> {
  return findUserIdsByEmail(executor, emails);
}
