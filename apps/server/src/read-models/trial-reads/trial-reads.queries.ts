import type { Language } from '@atelier/contract';
import { and, asc, desc, eq, gt, ne } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnInLanguage } from '../../db/translated-column';
import { klasses, klassGroupSchedules, klassGroups } from '../../modules/classes/classes.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import type { FamilyTrialRow, TrialSessionRow } from '../../modules/trials';
import { trialBookings } from '../../modules/trials/trials.tables';
import { attendeeProfiles, users } from '../../modules/users/users.tables';

// The trials module's reads across the classes, enrollments and users tables
// (docs/decisions/054-module-boundaries.md): classes with their schedule and programme, whose
// child is whose, enrollments, and a family's trials. Selects only; the module writes its rows.

const sessionColumns = {
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
  published: klassGroups.published,
  trialPrice: klassGroups.trialPrice,
  // The names' translations and the teacher's language: families read the names in theirs, the
  // teacher is told of a trial in theirs (docs/architecture.md#translated-content).
  scheduleTranslations: klassGroupSchedules.translations,
  programmeTranslations: klassGroups.translations,
  teacherLocale: users.locale,
};

function sessions(db: Db) {
  return db
    .select(sessionColumns)
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .leftJoin(users, eq(users.id, klassGroupSchedules.teacherId));
}

export async function sessionById(db: Db, klassId: number): Promise<TrialSessionRow | undefined> {
  const [row] = await sessions(db).where(eq(klasses.id, klassId));
  return row;
}

export async function programmeById(db: Db, klassGroupId: number) {
  const [row] = await db
    .select({
      id: klassGroups.id,
      name: klassGroups.name,
      translations: klassGroups.translations,
      published: klassGroups.published,
      trialPrice: klassGroups.trialPrice,
    })
    .from(klassGroups)
    .where(eq(klassGroups.id, klassGroupId));
  return row;
}

/** The family account of an attendee profile (null for a walk-in's), or undefined for none. */
export async function familyOfAttendee(db: Db, attendeeProfileId: number) {
  const [row] = await db
    .select({ userId: attendeeProfiles.userId, name: attendeeProfiles.name })
    .from(attendeeProfiles)
    .where(eq(attendeeProfiles.id, attendeeProfileId));
  return row;
}

/** Whether the attendee is actively enrolled in any schedule of the programme. */
export async function enrolledInProgramme(
  db: Db,
  attendeeProfileId: number,
  klassGroupId: number,
): Promise<boolean> {
  const [row] = await db
    .select({ id: enrollments.id })
    .from(enrollments)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, enrollments.scheduleId))
    .where(
      and(
        eq(enrollments.attendeeProfileId, attendeeProfileId),
        eq(enrollments.status, 'active'),
        eq(klassGroupSchedules.klassGroupId, klassGroupId),
      ),
    )
    .limit(1);
  return row !== undefined;
}

/** The programme's upcoming, uncancelled classes, soonest first. */
export function upcomingSessionsOf(
  db: Db,
  klassGroupId: number,
  after: Date,
  limit: number,
): Promise<TrialSessionRow[]> {
  return sessions(db)
    .where(
      and(
        eq(klassGroups.id, klassGroupId),
        gt(klasses.startsAt, after),
        ne(klasses.status, 'cancelled'),
      ),
    )
    .orderBy(asc(klasses.startsAt), asc(klasses.id))
    .limit(limit);
}

/** The family's trials with child, class and programme (named in `language`), newest first. */
export function trialsOfFamily(
  db: Db,
  userId: number,
  language: Language,
): Promise<FamilyTrialRow[]> {
  return db
    .select({
      id: trialBookings.id,
      klassId: trialBookings.klassId,
      klassGroupId: trialBookings.klassGroupId,
      attendeeProfileId: trialBookings.attendeeProfileId,
      childName: attendeeProfiles.name,
      programme: columnInLanguage(klassGroups.name, klassGroups.translations, 'name', language),
      scheduleName: columnInLanguage(
        klassGroupSchedules.name,
        klassGroupSchedules.translations,
        'name',
        language,
      ),
      startsAt: klasses.startsAt,
      timeZone: klassGroupSchedules.timeZone,
      price: trialBookings.price,
      status: trialBookings.status,
      creditUntil: trialBookings.creditUntil,
      creditedAt: trialBookings.creditedAt,
      createdAt: trialBookings.createdAt,
      cancelledAt: trialBookings.cancelledAt,
    })
    .from(trialBookings)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, trialBookings.attendeeProfileId))
    .innerJoin(klasses, eq(klasses.id, trialBookings.klassId))
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, trialBookings.klassGroupId))
    .where(eq(trialBookings.userId, userId))
    .orderBy(desc(trialBookings.createdAt), desc(trialBookings.id));
}
