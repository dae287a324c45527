import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { klassGroupSchedules } from '../../modules/classes/classes.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import type { Family as MessageFamily } from '../../modules/messages';
import { messageRecipients } from '../../modules/messages/messages.tables';
import { searchUsers, type UserSearchRow } from '../../modules/user-search';
import { attendeeProfiles, users } from '../../modules/users/users.tables';

/** A family account a notice goes to, with the language it reads. */
export type Family = { id: number; locale: string | null };

/** The families with a child actively enrolled in the schedule, each once. */
export function familiesEnrolledIn(db: Db, scheduleId: number): Promise<Family[]> {
  return db
    .selectDistinct({ id: users.id, locale: users.locale })
    .from(enrollments)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
    .innerJoin(users, eq(users.id, attendeeProfiles.userId))
    .where(and(eq(enrollments.scheduleId, scheduleId), eq(enrollments.status, 'active')));
}

const familyColumns = {
  id: users.id,
  name: users.name,
  email: users.email,
  locale: users.locale,
};

/** Families with a child actively enrolled in the schedule: each account once, however many children. */
export function familiesOfSchedule(db: Db, scheduleId: number): Promise<MessageFamily[]> {
  return db
    .selectDistinct(familyColumns)
    .from(enrollments)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
    .innerJoin(users, eq(users.id, attendeeProfiles.userId))
    .where(and(eq(enrollments.scheduleId, scheduleId), eq(enrollments.status, 'active')))
    .orderBy(asc(users.id));
}

/** Families with a child actively enrolled in any schedule `teacherId` teaches (a subquery). */
const taughtFamilies = (teacherId: number) =>
  sql`select ${attendeeProfiles.userId} from ${enrollments}
      inner join ${attendeeProfiles} on ${attendeeProfiles.id} = ${enrollments.attendeeProfileId}
      inner join ${klassGroupSchedules} on ${klassGroupSchedules.id} = ${enrollments.scheduleId}
      where ${enrollments.status} = 'active' and ${klassGroupSchedules.teacherId} = ${teacherId}`;

/** Which of these accounts have a child actively enrolled in a schedule `teacherId` teaches. */
export async function familiesTaughtBy(
  db: Db,
  teacherId: number,
  userIds: number[],
): Promise<Set<number>> {
  if (userIds.length === 0) return new Set();
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(inArray(users.id, userIds), sql`${users.id} in (${taughtFamilies(teacherId)})`));
  return new Set(rows.map((r) => r.id));
}

/** Every recipient of a message by name, with their read time (the read receipts). */
export function recipientsOfMessage(
  db: Db,
  messageId: number,
): Promise<{ id: number; name: string; readAt: Date | null }[]> {
  return db
    .select({ id: users.id, name: users.name, readAt: messageRecipients.readAt })
    .from(messageRecipients)
    .innerJoin(users, eq(users.id, messageRecipients.recipientId))
    .where(eq(messageRecipients.messageId, messageId))
    .orderBy(asc(users.name), asc(users.id));
}

/**
 * One page of the family accounts `teacherId` may write to (every family account when null), by
 * name, optionally whose name or e-mail holds `keyword`: the user search under the sending rules.
 * One statement.
 */
export function familiesToWrite(
  db: Db,
  filters: { teacherId: number | null; keyword?: string },
  window: { limit: number; offset: number },
): Promise<{ rows: UserSearchRow[]; total: number }> {
  return searchUsers(
    db,
    {
      role: 'student',
      keyword: filters.keyword,
      among:
        filters.teacherId !== null
          ? sql`${users.id} in (${taughtFamilies(filters.teacherId)})`
          : undefined,
    },
    window,
  );
}
