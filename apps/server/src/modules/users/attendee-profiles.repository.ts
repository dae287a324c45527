import { and, asc, desc, eq, inArray, ne, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { DbExecutor } from './users.repository';
import { attendeeProfiles } from './users.tables';

// Attendee profiles (a family account's members) live in the users module's tables, so their
// reads and writes are here; the family module's rules and other modules call them through
// the users module's index (docs/architecture.md#repository-layout-and-layers).

export type AttendeeProfileRow = typeof attendeeProfiles.$inferSelect;
export type AttendeeProfileChanges = Partial<
  Pick<
    AttendeeProfileRow,
    'name' | 'birthday' | 'isAccountHolder' | 'galleryVisibility' | 'commentsNeedApproval'
  >
>;

/** One page of a family, the account holder first, then by name; with the family's size. */
export async function listAttendeeProfiles(
  db: Db,
  userId: number,
  page: { limit: number; offset: number },
): Promise<{ rows: AttendeeProfileRow[]; total: number }> {
  // One statement for the page and the total: the window count is computed before LIMIT.
  const rows = await db
    .select({ profile: attendeeProfiles, total: sql<number>`count(*) over ()`.mapWith(Number) })
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.userId, userId))
    .orderBy(
      desc(attendeeProfiles.isAccountHolder),
      asc(attendeeProfiles.name),
      asc(attendeeProfiles.id),
    )
    .limit(page.limit)
    .offset(page.offset);
  if (rows.length > 0 || page.offset === 0) {
    return { rows: rows.map((r) => r.profile), total: rows[0]?.total ?? 0 };
  }
  // Past the last page: the window has no row to report the total on.
  const [count] = await db
    .select({ n: sql<number>`count(*)`.mapWith(Number) })
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.userId, userId));
  return { rows: [], total: count?.n ?? 0 };
}

export async function findAttendeeProfile(
  db: Db,
  userId: number,
  id: number,
): Promise<AttendeeProfileRow | undefined> {
  const [row] = await db
    .select()
    .from(attendeeProfiles)
    .where(and(eq(attendeeProfiles.id, id), eq(attendeeProfiles.userId, userId)))
    .limit(1);
  return row;
}

/** Whether another profile of the family is the account holder. */
export async function otherAccountHolderExists(
  db: Db,
  userId: number,
  exceptId?: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: attendeeProfiles.id })
    .from(attendeeProfiles)
    .where(
      and(
        eq(attendeeProfiles.userId, userId),
        eq(attendeeProfiles.isAccountHolder, true),
        exceptId === undefined ? undefined : ne(attendeeProfiles.id, exceptId),
      ),
    )
    .limit(1);
  return Boolean(row);
}

export async function insertAttendeeProfile(
  db: DbExecutor,
  profile: { userId: number; name: string; birthday: string; isAccountHolder: boolean },
): Promise<AttendeeProfileRow> {
  const [row] = await db.insert(attendeeProfiles).values(profile).returning();
  if (!row) throw new Error('attendee_profiles insert returned no row');
  return row;
}

export async function updateAttendeeProfile(
  db: Db,
  userId: number,
  id: number,
  changes: AttendeeProfileChanges,
): Promise<AttendeeProfileRow | undefined> {
  const [row] = await db
    .update(attendeeProfiles)
    .set(changes)
    .where(and(eq(attendeeProfiles.id, id), eq(attendeeProfiles.userId, userId)))
    .returning();
  return row;
}

export async function deleteAttendeeProfile(db: Db, userId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(attendeeProfiles)
    .where(and(eq(attendeeProfiles.id, id), eq(attendeeProfiles.userId, userId)))
    .returning({ id: attendeeProfiles.id });
  return rows.length > 0;
}

/** Every family member of an account (a family is small: a handful of rows). */
export function attendeeProfilesOfUser(
  db: DbExecutor,
  userId: number,
): Promise<AttendeeProfileRow[]> {
  return db
    .select()
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.userId, userId))
    .orderBy(asc(attendeeProfiles.id));
}

/** What other modules show of an attendee: who, whose family, and the birthday. */
export type AttendeeFacts = Pick<AttendeeProfileRow, 'id' | 'userId' | 'name' | 'birthday'>;

/** The attendees with these ids, ordered by name then id; ids with no profile are absent. */
export function findAttendeesByIds(
  executor: DbExecutor,
  ids: readonly number[],
): Promise<AttendeeFacts[]> {
  const unique = [...new Set(ids)];
  if (unique.length === 0) return Promise.resolve([]);
  return executor
    .select({
      id: attendeeProfiles.id,
      userId: attendeeProfiles.userId,
      name: attendeeProfiles.name,
      birthday: attendeeProfiles.birthday,
    })
    .from(attendeeProfiles)
    .where(inArray(attendeeProfiles.id, unique))
    .orderBy(asc(attendeeProfiles.name), asc(attendeeProfiles.id));
}

/** The account's attendees, ordered by name then id. */
export function findAttendeesOfAccount(
  executor: DbExecutor,
  userId: number,
): Promise<AttendeeFacts[]> {
  return executor
    .select({
      id: attendeeProfiles.id,
      userId: attendeeProfiles.userId,
      name: attendeeProfiles.name,
      birthday: attendeeProfiles.birthday,
    })
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.userId, userId))
    .orderBy(asc(attendeeProfiles.name), asc(attendeeProfiles.id));
}
