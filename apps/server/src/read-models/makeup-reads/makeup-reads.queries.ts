import type { Language } from '@atelier/contract';
import { and, asc, count, desc, eq, gt, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnInLanguage } from '../../db/translated-column';
import { klasses, klassGroupSchedules, klassGroups } from '../../modules/classes/classes.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import type { FamilyAbsenceRow } from '../../modules/makeups';
import { absences, makeupBookings, makeupCredits } from '../../modules/makeups/makeups.tables';
import { attendeeProfiles, users } from '../../modules/users/users.tables';

// The makeups module's reads across the classes, enrollments and users tables
// (docs/decisions/054-module-boundaries.md) beyond those of any booking of one class
// (../klass-reads): the policy's count, a family's credits and absences, a child's schedules and
// the credits due a reminder. Selects only; the module writes its rows.

/** Absence credits of the child that count against the policy in this schedule (not revoked). */
export async function absenceCreditsInSchedule(
  db: Db,
  attendeeProfileId: number,
  scheduleId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(makeupCredits)
    .innerJoin(klasses, eq(klasses.id, makeupCredits.originKlassId))
    .where(
      and(
        eq(makeupCredits.attendeeProfileId, attendeeProfileId),
        eq(makeupCredits.source, 'absence'),
        isNull(makeupCredits.revokedAt),
        eq(klasses.scheduleId, scheduleId),
      ),
    );
  return row?.n ?? 0;
}

/**
 * The family's credits with child, origin session and live booking, newest first; the programmes
 * named in `language`.
 */
export async function creditsOfFamily(db: Db, userId: number, language: Language) {
  const origin = klasses;
  const programme = columnInLanguage(klassGroups.name, klassGroups.translations, 'name', language);
  const credits = await db
    .select({
      credit: makeupCredits,
      childName: attendeeProfiles.name,
      originStartsAt: origin.startsAt,
      originName: sql<string | null>`${programme}`,
    })
    .from(makeupCredits)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, makeupCredits.attendeeProfileId))
    .leftJoin(origin, eq(origin.id, makeupCredits.originKlassId))
    .leftJoin(klassGroupSchedules, eq(klassGroupSchedules.id, origin.scheduleId))
    .leftJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(eq(attendeeProfiles.userId, userId))
    .orderBy(desc(makeupCredits.createdAt), desc(makeupCredits.id));
  const ids = credits.map((c) => c.credit.id);
  const bookings =
    ids.length === 0
      ? []
      : await db
          .select({
            id: makeupBookings.id,
            creditId: makeupBookings.creditId,
            klassId: makeupBookings.klassId,
            startsAt: klasses.startsAt,
            name: programme,
          })
          .from(makeupBookings)
          .innerJoin(klasses, eq(klasses.id, makeupBookings.klassId))
          .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
          .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
          .where(and(inArray(makeupBookings.creditId, ids), isNull(makeupBookings.cancelledAt)));
  const byCredit = new Map(bookings.map((b) => [b.creditId, b]));
  return credits.map((c) => ({ ...c, booking: byCredit.get(c.credit.id) ?? null }));
}

/**
 * Upcoming scheduled sessions (any programme, in person or online), soonest first, with what
 * booking needs; `limit` keeps the list short.
 */
/** Schedule ids the child is actively enrolled in. */
export async function schedulesOfChild(db: Db, attendeeProfileId: number): Promise<Set<number>> {
  const rows = await db
    .select({ scheduleId: enrollments.scheduleId })
    .from(enrollments)
    .where(
      and(eq(enrollments.attendeeProfileId, attendeeProfileId), eq(enrollments.status, 'active')),
    );
  return new Set(rows.map((r) => r.scheduleId));
}

/** Unused, unrevoked credits expiring within `(now, until]` not yet reminded, with the family. */
export function creditsDueReminder(db: Db, now: Date, until: Date, limit: number) {
  return db
    .select({
      id: makeupCredits.id,
      expiresAt: makeupCredits.expiresAt,
      childName: attendeeProfiles.name,
      email: users.email,
      name: users.name,
      locale: users.locale,
    })
    .from(makeupCredits)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, makeupCredits.attendeeProfileId))
    .innerJoin(users, eq(users.id, attendeeProfiles.userId))
    .where(
      and(
        isNull(makeupCredits.usedAt),
        isNull(makeupCredits.revokedAt),
        isNull(makeupCredits.remindedAt),
        gt(makeupCredits.expiresAt, now),
        lte(makeupCredits.expiresAt, until),
      ),
    )
    .orderBy(asc(makeupCredits.id))
    .limit(limit);
}

/** The family's reported absences from sessions starting after `after`, soonest first. */
export function absencesOfFamily(db: Db, userId: number, after: Date): Promise<FamilyAbsenceRow[]> {
  return db
    .select({
      klassId: absences.klassId,
      attendeeProfileId: absences.attendeeProfileId,
      childName: attendeeProfiles.name,
      startsAt: klasses.startsAt,
      creditId: makeupCredits.id,
    })
    .from(absences)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, absences.attendeeProfileId))
    .innerJoin(klasses, eq(klasses.id, absences.klassId))
    .leftJoin(
      makeupCredits,
      and(eq(makeupCredits.absenceId, absences.id), isNull(makeupCredits.revokedAt)),
    )
    .where(and(eq(attendeeProfiles.userId, userId), gt(klasses.startsAt, after)))
    .orderBy(asc(klasses.startsAt), asc(attendeeProfiles.name));
}
