import type { Language } from '@atelier/contract';
import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnInLanguage } from '../../db/translated-column';
import { klasses, klassGroupSchedules, klassGroups } from '../../modules/classes/classes.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import type { FamilyTrialRow } from '../../modules/trials';
import { trialBookings } from '../../modules/trials/trials.tables';
import { attendeeProfiles } from '../../modules/users/users.tables';

// The trials module's reads across the classes, enrollments and users tables
// (docs/decisions/054-module-boundaries.md) beyond those of any booking of one class
// (../klass-reads): a programme, enrollment in it, and a family's trials. Selects only; the
// module writes its rows.

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
