import type { AttendanceStatus } from '@atelier/contract';
import { and, asc, count, desc, eq, gte, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { klasses, klassGroupSchedules, klassGroups } from '../classes/classes.tables';
import { enrollments } from '../enrollments/enrollments.tables';
import { attendeeProfiles } from '../users/users.tables';
import { attendances } from './attendance.tables';

// Attendance's reads and writes (docs/product.md#attendance). Who may be marked is read from the
// enrollments table (active enrollments of the session's schedule, from the placing of the order
// that made each); sessions and schedules from the classes tables. Every list runs a fixed number of statements.

/** A session with what the rules need of its schedule and programme. */
export type KlassFacts = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  scheduleId: number;
  scheduleName: string;
  teacherId: number;
  timeZone: string;
  klassGroupName: string;
};

export async function klassFacts(db: Db, klassId: number): Promise<KlassFacts | undefined> {
  const [row] = await db
    .select({
      id: klasses.id,
      startsAt: klasses.startsAt,
      endsAt: klasses.endsAt,
      status: klasses.status,
      scheduleId: klasses.scheduleId,
      scheduleName: klassGroupSchedules.name,
      teacherId: klassGroupSchedules.teacherId,
      timeZone: klassGroupSchedules.timeZone,
      klassGroupName: klassGroups.name,
    })
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(eq(klasses.id, klassId));
  return row;
}

export type ScheduleFacts = { id: number; teacherId: number; timeZone: string };

export async function scheduleFacts(
  db: Db,
  scheduleId: number,
): Promise<ScheduleFacts | undefined> {
  const [row] = await db
    .select({
      id: klassGroupSchedules.id,
      teacherId: klassGroupSchedules.teacherId,
      timeZone: klassGroupSchedules.timeZone,
    })
    .from(klassGroupSchedules)
    .where(eq(klassGroupSchedules.id, scheduleId));
  return row;
}

/**
 * An attendee actively enrolled in a schedule. `bookedAt` is when their order was placed (the
 * enrollment's `enrolled_from`, which the orders module records as it enrolls): they
 * attend the sessions starting then or later, as their plan priced them (a late joiner on a
 * "sessions still ahead" plan pays for and attends those only). Null for an enrollment made
 * without an order (by hand, or before orders existed): every session of the schedule.
 */
export type Attendee = { id: number; name: string; bookedAt: Date | null };

/** Whether a session is one of the attendee's: it starts at or after their booking. */
export const attendsKlass = (attendee: Attendee, startsAt: Date) =>
  attendee.bookedAt === null || startsAt.getTime() >= attendee.bookedAt.getTime();

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

export type Mark = {
  klassId: number;
  attendeeProfileId: number;
  status: AttendanceStatus;
  updatedAt: Date;
};

/** The marks of some sessions (all attendees, enrolled or not: the caller picks). */
export function marksOfKlasses(db: Db, klassIds: number[]): Promise<Mark[]> {
  if (klassIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      klassId: attendances.klassId,
      attendeeProfileId: attendances.attendeeProfileId,
      status: attendances.status,
      updatedAt: attendances.updatedAt,
    })
    .from(attendances)
    .where(inArray(attendances.klassId, klassIds));
}

/**
 * Saves a session's marks in one transaction: `null` takes a mark back (deleted), anything else is
 * upserted on (session, attendee). A mark saved again unchanged is left alone, so saving twice
 * changes neither the row nor who marked it when.
 */
export async function saveMarks(
  db: Db,
  klassId: number,
  marks: { attendeeProfileId: number; status: AttendanceStatus | null }[],
  markedById: number,
  at: Date,
): Promise<void> {
  const cleared = marks.filter((m) => m.status === null).map((m) => m.attendeeProfileId);
  const set = marks.flatMap((m) =>
    m.status === null
      ? []
      : [
          {
            klassId,
            attendeeProfileId: m.attendeeProfileId,
            status: m.status,
            markedById,
            createdAt: at,
            updatedAt: at,
          },
        ],
  );
  await db.transaction(async (tx) => {
    if (cleared.length > 0) {
      await tx
        .delete(attendances)
        .where(
          and(eq(attendances.klassId, klassId), inArray(attendances.attendeeProfileId, cleared)),
        );
    }
    if (set.length > 0) {
      await tx
        .insert(attendances)
        .values(set)
        .onConflictDoUpdate({
          target: [attendances.klassId, attendances.attendeeProfileId],
          set: {
            status: sql`excluded.status`,
            markedById: sql`excluded.marked_by_id`,
            updatedAt: sql`excluded.updated_at`,
          },
          setWhere: sql`${attendances.status} is distinct from excluded.status`,
        });
    }
  });
}

// A family's view

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

export type FamilyFilter = {
  userId: number;
  attendeeProfileId?: number;
  klassId?: number;
  /** Only sessions that started by then. */
  startedBy: Date;
};

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

export type FamilyAttendanceRow = {
  klassId: number;
  startsAt: Date;
  endsAt: Date;
  timeZone: string;
  scheduleName: string;
  klassGroupName: string;
  attendeeProfileId: number;
  attendeeName: string;
  status: AttendanceStatus | null;
};

/** A page of the family's rows, the latest session first; with the total, two statements. */
export async function familyAttendancePage(
  db: Db,
  filter: FamilyFilter,
  window: { offset: number; limit: number },
): Promise<{ rows: FamilyAttendanceRow[]; total: number }> {
  const where = familyRowsWhere(filter);
  const [rows, totals] = await Promise.all([
    db
      .select({
        klassId: klasses.id,
        startsAt: klasses.startsAt,
        endsAt: klasses.endsAt,
        timeZone: klassGroupSchedules.timeZone,
        scheduleName: klassGroupSchedules.name,
        klassGroupName: klassGroups.name,
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

// A schedule's matrix

export type KlassRow = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
};

/** A page of a schedule's sessions in time order, and how many it has. */
export async function klassesPage(
  db: Db,
  scheduleId: number,
  window: { offset: number; limit: number },
): Promise<{ rows: KlassRow[]; total: number }> {
  const [rows, totals] = await Promise.all([
    db
      .select({
        id: klasses.id,
        startsAt: klasses.startsAt,
        endsAt: klasses.endsAt,
        status: klasses.status,
      })
      .from(klasses)
      .where(eq(klasses.scheduleId, scheduleId))
      .orderBy(asc(klasses.startsAt), asc(klasses.id))
      .offset(window.offset)
      .limit(window.limit),
    db.select({ total: count() }).from(klasses).where(eq(klasses.scheduleId, scheduleId)),
  ]);
  return { rows, total: totals[0]?.total ?? 0 };
}
