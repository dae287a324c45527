import { and, asc, eq, gt, inArray, isNull, lte, ne, or, type SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { klasses, klassGroupSchedules, klassGroups } from '../../modules/classes/classes.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import { attendeeProfiles, users } from '../../modules/users/users.tables';

// The reads that booking one dated class needs across the classes, enrollments and users tables
// (docs/decisions/054-module-boundaries.md), shared by the make-ups', trials' and drop-ins' read
// models: a class with its schedule, programme and teacher's language, whose child is whose, and
// whether an enrollment already covers the class. Selects only.

const klassColumns = {
  id: klasses.id,
  startsAt: klasses.startsAt,
  endsAt: klasses.endsAt,
  status: klasses.status,
  scheduleId: klasses.scheduleId,
  scheduleName: klassGroupSchedules.name,
  teacherId: klassGroupSchedules.teacherId,
  timeZone: klassGroupSchedules.timeZone,
  capacity: klassGroupSchedules.capacity,
  klassGroupId: klassGroups.id,
  programme: klassGroups.name,
  format: klassGroups.format,
  published: klassGroups.published,
  trialPrice: klassGroups.trialPrice,
  // The names' translations and the teacher's language: families read the names in theirs, the
  // teacher is told of a booking in theirs (docs/architecture.md#translated-content).
  scheduleTranslations: klassGroupSchedules.translations,
  programmeTranslations: klassGroups.translations,
  teacherLocale: users.locale,
};

/** A dated class as a booking of one class reads it. */
export type KlassFacts = Awaited<ReturnType<typeof klassesWhere>>[number];

function klassesWhere(db: Db, where: SQL | undefined) {
  return db
    .select(klassColumns)
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .leftJoin(users, eq(users.id, klassGroupSchedules.teacherId))
    .where(where);
}

export async function klassById(db: Db, klassId: number): Promise<KlassFacts | undefined> {
  const [row] = await klassesWhere(db, eq(klasses.id, klassId));
  return row;
}

export async function klassesByIds(db: Db, klassIds: number[]): Promise<Map<number, KlassFacts>> {
  if (klassIds.length === 0) return new Map();
  const rows = await klassesWhere(db, inArray(klasses.id, klassIds));
  return new Map(rows.map((row) => [row.id, row]));
}

/**
 * Classes not cancelled starting after `after`, soonest first, of these programmes (every
 * programme when `klassGroupIds` is undefined; none for an empty list).
 */
export function upcomingKlasses(
  db: Db,
  after: Date,
  limit: number,
  klassGroupIds?: number[],
): Promise<KlassFacts[]> {
  if (klassGroupIds?.length === 0) return Promise.resolve([]);
  return klassesWhere(
    db,
    and(
      klassGroupIds ? inArray(klassGroupSchedules.klassGroupId, klassGroupIds) : undefined,
      gt(klasses.startsAt, after),
      ne(klasses.status, 'cancelled'),
    ),
  )
    .orderBy(asc(klasses.startsAt), asc(klasses.id))
    .limit(limit);
}

/** The family account of an attendee profile (null for a walk-in's), or undefined for none. */
export async function familyOfAttendee(
  db: Db,
  attendeeProfileId: number,
): Promise<{ userId: number | null; name: string } | undefined> {
  const [row] = await db
    .select({ userId: attendeeProfiles.userId, name: attendeeProfiles.name })
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.id, attendeeProfileId));
  return row;
}

/** Whether the attendee's active enrollment in the class's schedule covers that class. */
export async function enrolledInKlass(
  db: Db,
  attendeeProfileId: number,
  klass: { scheduleId: number; startsAt: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.scheduleId, klass.scheduleId),
        eq(enrollments.attendeeProfileId, attendeeProfileId),
        eq(enrollments.status, 'active'),
        or(isNull(enrollments.enrolledFrom), lte(enrollments.enrolledFrom, klass.startsAt)),
      ),
    );
  return row !== undefined;
}
