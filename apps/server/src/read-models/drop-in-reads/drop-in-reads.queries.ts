import { and, asc, eq, gt, inArray, isNull, lte, ne, or } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { klasses, klassGroupSchedules, klassGroups } from '../../modules/classes/classes.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import type { DropInSession } from '../../modules/passes';
import { attendeeProfiles } from '../../modules/users/users.tables';

// The passes module's reads across the classes and users tables
// (docs/decisions/054-module-boundaries.md): classes with their schedule and programme, and whose
// child is whose, and enrollments. Selects only; the module writes its rows.

const sessionColumns = {
  id: klasses.id,
  startsAt: klasses.startsAt,
  endsAt: klasses.endsAt,
  status: klasses.status,
  scheduleId: klasses.scheduleId,
  scheduleName: klassGroupSchedules.name,
  klassGroupId: klassGroupSchedules.klassGroupId,
  timeZone: klassGroupSchedules.timeZone,
  programme: klassGroups.name,
  capacity: klassGroupSchedules.capacity,
  // Families read the names in their language (docs/architecture.md#translated-content).
  scheduleTranslations: klassGroupSchedules.translations,
  programmeTranslations: klassGroups.translations,
};

function sessions(db: Db) {
  return db
    .select(sessionColumns)
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId));
}

export async function sessionsByIds(
  db: Db,
  klassIds: number[],
): Promise<Map<number, DropInSession>> {
  if (klassIds.length === 0) return new Map();
  const rows = await sessions(db).where(inArray(klasses.id, klassIds));
  return new Map(rows.map((row) => [row.id, row]));
}

export async function childNames(db: Db, ids: number[]): Promise<Map<number, string>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .select({ id: attendeeProfiles.id, name: attendeeProfiles.name })
    .from(attendeeProfiles)
    .where(inArray(attendeeProfiles.id, ids));
  return new Map(rows.map((row) => [row.id, row.name]));
}

/** Scheduled sessions of these programmes starting after `after`, soonest first. */
export function upcomingSessionsOf(
  db: Db,
  klassGroupIds: number[],
  after: Date,
  limit: number,
): Promise<DropInSession[]> {
  if (klassGroupIds.length === 0) return Promise.resolve([]);
  return sessions(db)
    .where(
      and(
        inArray(klassGroupSchedules.klassGroupId, klassGroupIds),
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

/** Whether the attendee's active enrollment in the session's schedule covers that session. */
export async function enrolledInSession(
  db: Db,
  attendeeProfileId: number,
  session: { scheduleId: number; startsAt: Date },
): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.scheduleId, session.scheduleId),
        eq(enrollments.attendeeProfileId, attendeeProfileId),
        eq(enrollments.status, 'active'),
        or(isNull(enrollments.enrolledFrom), lte(enrollments.enrolledFrom, session.startsAt)),
      ),
    );
  return row !== undefined;
}
