import { and, asc, eq, gt, gte, inArray, lt, lte, notExists, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnInLanguage } from '../../db/translated-column';
import { klasses, klassGroupSchedules, klassGroups } from '../../modules/classes/classes.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import type { AttendingRow } from '../../modules/reminders';
import { classRemindersSent } from '../../modules/reminders/reminders.tables';
import { attendeeProfiles, users } from '../../modules/users/users.tables';

// Who is due a class reminder or a weekly digest (docs/architecture.md#class-reminders): classes ×
// active enrollments × the families' choices, filtered, ordered and batched in SQL, with the
// programme's name picked in each family's language there (docs/decisions/059-translated-content.md).
// Selects only; the reminders module writes its sent markers itself.

const attendingColumns = {
  klassId: klasses.id,
  startsAt: klasses.startsAt,
  // In the family's own language where the school wrote one (docs/architecture.md#translated-content).
  programme: columnInLanguage(klassGroups.name, klassGroups.translations, 'name', users.locale),
  format: klassGroups.format,
  location: klassGroups.location,
  meetingUrl: klassGroups.meetingUrl,
  userId: users.id,
  email: users.email,
  name: users.name,
  locale: users.locale,
  timezone: users.timezone,
  attendee: attendeeProfiles.name,
};

/** Scheduled classes and the families whose children are actively enrolled in them. */
function attending(db: Db) {
  return db
    .select(attendingColumns)
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .innerJoin(
      enrollments,
      and(eq(enrollments.scheduleId, klasses.scheduleId), eq(enrollments.status, 'active')),
    )
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
    .innerJoin(users, eq(users.id, attendeeProfiles.userId));
}

/**
 * Classes starting within `leadMs` of `now` whose families want a reminder before each class and
 * have not had this one. Only enrollments made before the reminder's moment count: a family that
 * books a class less than a day ahead has just had its receipt (and a demo seeded this morning
 * does not mail its made-up families about today's classes).
 */
export function dueClassReminders(
  db: Db,
  now: Date,
  leadMs: number,
  limit: number,
): Promise<AttendingRow[]> {
  const until = new Date(now.getTime() + leadMs);
  return attending(db)
    .where(
      and(
        eq(klasses.status, 'scheduled'),
        gt(klasses.startsAt, now),
        lte(klasses.startsAt, until),
        lte(
          enrollments.createdAt,
          sql`${klasses.startsAt} - make_interval(secs => ${leadMs / 1000})`,
        ),
        eq(users.classReminders, 'each_class'),
        notExists(
          db
            .select({ one: sql`1` })
            .from(classRemindersSent)
            .where(
              and(
                eq(classRemindersSent.klassId, klasses.id),
                eq(classRemindersSent.userId, users.id),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(klasses.startsAt), asc(klasses.id), asc(users.id), asc(attendeeProfiles.id))
    .limit(limit);
}

/** The families that chose a weekly digest and have a child actively enrolled somewhere. */
export function digestFamilies(db: Db) {
  return db
    .selectDistinct({ id: users.id, timezone: users.timezone })
    .from(users)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.userId, users.id))
    .innerJoin(
      enrollments,
      and(eq(enrollments.attendeeProfileId, attendeeProfiles.id), eq(enrollments.status, 'active')),
    )
    .where(eq(users.classReminders, 'weekly_digest'))
    .orderBy(asc(users.id));
}

/** Scheduled classes in [from, to) of the given families, while they still want a digest. */
export function digestClasses(
  db: Db,
  userIds: number[],
  from: Date,
  to: Date,
): Promise<AttendingRow[]> {
  return attending(db)
    .where(
      and(
        eq(klasses.status, 'scheduled'),
        gte(klasses.startsAt, from),
        lt(klasses.startsAt, to),
        inArray(users.id, userIds),
        eq(users.classReminders, 'weekly_digest'),
      ),
    )
    .orderBy(asc(users.id), asc(klasses.startsAt), asc(klasses.id), asc(attendeeProfiles.id));
}

/** What the unsubscribe page needs of the account a link names. */
export async function findFamily(db: Db, userId: number) {
  const [row] = await db
    .select({ id: users.id, locale: users.locale, classReminders: users.classReminders })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}
