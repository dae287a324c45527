import type { Language } from '@atelier/contract';
import { and, asc, count, desc, eq, gte, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnInLanguage } from '../../db/translated-column';
import type { Attendee, FamilyAttendanceRow, FamilyFilter } from '../../modules/attendance';
import { attendances } from '../../modules/attendance/attendance.tables';
import { klasses, klassGroupSchedules, klassGroups } from '../../modules/classes/classes.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import { absences, makeupBookings } from '../../modules/makeups/makeups.tables';
import { dropIns } from '../../modules/passes/passes.tables';
import { trialBookings } from '../../modules/trials/trials.tables';
import { attendeeProfiles } from '../../modules/users/users.tables';

// Attendance's reads across modules (docs/architecture.md#attendance): who may be marked (active
// enrollments of a schedule, from the placing of the order that made each, by name) and a family's
// children × the sessions they attend with their marks, filtered, ordered and paged in SQL.
// Selects only; the attendance module writes the marks.

/** The attendees actively enrolled in a schedule, by name. */
export function enrolledAttendees(db: Db, scheduleId: number): Promise<Attendee[]> {
  return db
    .select({
      id: attendeeProfiles.id,
      name: attendeeProfiles.name,
      bookedAt: enrollments.enrolledFrom,
    })
    .from(enrollments)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
    .where(and(eq(enrollments.scheduleId, scheduleId), eq(enrollments.status, 'active')))
    .orderBy(asc(attendeeProfiles.name), asc(attendeeProfiles.id));
}

/**
 * Who the family reported absent from a session, who comes to it on a make-up credit
 * (docs/product.md#absences-and-make-ups), for a trial class (docs/product.md#trial-classes) and
 * who drops in with a class pass (docs/product.md#class-passes-and-drop-ins), by name.
 */
export async function rollExtras(
  db: Db,
  klassId: number,
): Promise<{
  excused: Set<number>;
  makeups: { id: number; name: string }[];
  trials: { id: number; name: string }[];
  dropIns: { id: number; name: string }[];
}> {
  const [excused, makeups, trials, drops] = await Promise.all([
    db
      .select({ attendeeProfileId: absences.attendeeProfileId })
      .from(absences)
      .where(eq(absences.klassId, klassId)),
    db
      .select({ id: attendeeProfiles.id, name: attendeeProfiles.name })
      .from(makeupBookings)
      .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, makeupBookings.attendeeProfileId))
      .where(and(eq(makeupBookings.klassId, klassId), isNull(makeupBookings.cancelledAt)))
      .orderBy(asc(attendeeProfiles.name), asc(attendeeProfiles.id)),
    db
      .select({ id: attendeeProfiles.id, name: attendeeProfiles.name })
      .from(trialBookings)
      .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, trialBookings.attendeeProfileId))
      .where(and(eq(trialBookings.klassId, klassId), eq(trialBookings.status, 'booked')))
      .orderBy(asc(attendeeProfiles.name), asc(attendeeProfiles.id)),
    db
      .select({ id: attendeeProfiles.id, name: attendeeProfiles.name })
      .from(dropIns)
      .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, dropIns.attendeeProfileId))
      .where(and(eq(dropIns.klassId, klassId), isNull(dropIns.cancelledAt)))
      .orderBy(asc(attendeeProfiles.name), asc(attendeeProfiles.id)),
  ]);
  return {
    excused: new Set(excused.map((e) => e.attendeeProfileId)),
    makeups,
    trials,
    dropIns: drops,
  };
}

/** Whether the attendee profile belongs to the family account. */
export async function isAttendeeOfFamily(
  db: Db,
  attendeeProfileId: number,
  userId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: attendeeProfiles.id })
    .from(attendeeProfiles)
    .where(and(eq(attendeeProfiles.id, attendeeProfileId), eq(attendeeProfiles.userId, userId)));
  return row !== undefined;
}

/**
 * The family's children × the sessions of the schedules they are actively enrolled in that have
 * started and were not cancelled, from each enrollment's first session on (attendsKlass): the
 * rows a family's attendance list is made of.
 */
function familyRowsWhere(filter: FamilyFilter) {
  return and(
    eq(attendeeProfiles.userId, filter.userId),
    eq(enrollments.status, 'active'),
    or(isNull(enrollments.enrolledFrom), gte(klasses.startsAt, enrollments.enrolledFrom)),
    ne(klasses.status, 'cancelled'),
    lte(klasses.startsAt, filter.startedBy),
    filter.attendeeProfileId === undefined
      ? undefined
      : eq(attendeeProfiles.id, filter.attendeeProfileId),
    filter.klassId === undefined ? undefined : eq(klasses.id, filter.klassId),
  );
}

/**
 * A page of the family's rows, the latest session first, the programmes and schedules named in
 * `language`; with the total, two statements.
 */
export async function familyAttendancePage(
  db: Db,
  filter: FamilyFilter,
  window: { offset: number; limit: number },
  language: Language,
): Promise<{ rows: FamilyAttendanceRow[]; total: number }> {
  const where = familyRowsWhere(filter);
  const [rows, totals] = await Promise.all([
    db
      .select({
        klassId: klasses.id,
        startsAt: klasses.startsAt,
        endsAt: klasses.endsAt,
        timeZone: klassGroupSchedules.timeZone,
        scheduleName: columnInLanguage(
          klassGroupSchedules.name,
          klassGroupSchedules.translations,
          'name',
          language,
        ),
        klassGroupName: columnInLanguage(
          klassGroups.name,
          klassGroups.translations,
          'name',
          language,
        ),
        attendeeProfileId: attendeeProfiles.id,
        attendeeName: attendeeProfiles.name,
        status: attendances.status,
      })
      .from(enrollments)
      .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
      .innerJoin(klasses, eq(klasses.scheduleId, enrollments.scheduleId))
      .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, enrollments.scheduleId))
      .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
      .leftJoin(
        attendances,
        and(
          eq(attendances.klassId, klasses.id),
          eq(attendances.attendeeProfileId, attendeeProfiles.id),
        ),
      )
      .where(where)
      .orderBy(desc(klasses.startsAt), desc(klasses.id), asc(attendeeProfiles.name))
      .offset(window.offset)
      .limit(window.limit),
    db
      .select({ total: count() })
      .from(enrollments)
      .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
      .innerJoin(klasses, eq(klasses.scheduleId, enrollments.scheduleId))
      .where(where),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
