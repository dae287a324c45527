import { and, asc, count, desc, eq, gt, inArray, isNull, lte, ne, or, sql } from 'drizzle-orm';
import type { Db, Tx } from '../../db/client';
import { klasses, klassGroupSchedules, klassGroups } from '../classes/classes.tables';
import { enrollments } from '../enrollments/enrollments.tables';
import { attendeeProfiles, users } from '../users/users.tables';
import { absences, makeupBookings, makeupCredits } from './makeups.tables';

// The makeups module's queries (docs/decisions/074-absences-and-make-ups.md). Sessions and
// enrollments are joined, never written.

export type SessionRow = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  scheduleId: number;
  scheduleName: string;
  teacherId: number;
  timeZone: string;
  programme: string;
  format: 'in_person' | 'online';
  capacity: number;
};

const sessionColumns = {
  id: klasses.id,
  startsAt: klasses.startsAt,
  endsAt: klasses.endsAt,
  status: klasses.status,
  scheduleId: klasses.scheduleId,
  scheduleName: klassGroupSchedules.name,
  teacherId: klassGroupSchedules.teacherId,
  timeZone: klassGroupSchedules.timeZone,
  programme: klassGroups.name,
  format: klassGroups.format,
  capacity: klassGroupSchedules.capacity,
};

function sessions(db: Db) {
  return db
    .select(sessionColumns)
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId));
}

export async function sessionById(db: Db, klassId: number): Promise<SessionRow | undefined> {
  const [row] = await sessions(db).where(eq(klasses.id, klassId));
  return row;
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

/**
 * Serialises the credit writes of one child (absence credits against the policy count) until the
 * transaction ends: two reports at once cannot both take the term's last make-up.
 */
export async function lockChildCredits(tx: Tx, attendeeProfileId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(hashtext('makeups.credits'), ${attendeeProfileId}::int)`,
  );
}

export async function insertAbsence(
  tx: Tx,
  row: { klassId: number; attendeeProfileId: number; reason: string; reportedById: number },
): Promise<{ id: number; createdAt: Date } | undefined> {
  const [inserted] = await tx
    .insert(absences)
    .values(row)
    .onConflictDoNothing()
    .returning({ id: absences.id, createdAt: absences.createdAt });
  return inserted;
}

export async function findAbsence(db: Db, klassId: number, attendeeProfileId: number) {
  const [row] = await db
    .select()
    .from(absences)
    .where(and(eq(absences.klassId, klassId), eq(absences.attendeeProfileId, attendeeProfileId)));
  return row;
}

export async function deleteAbsence(tx: Tx, id: number): Promise<void> {
  await tx.delete(absences).where(eq(absences.id, id));
}

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

export async function insertCredit(
  tx: Db,
  row: typeof makeupCredits.$inferInsert,
): Promise<number> {
  const [inserted] = await tx.insert(makeupCredits).values(row).returning({ id: makeupCredits.id });
  if (!inserted) throw new Error('make-up credit not inserted');
  return inserted.id;
}

/** Revokes the absence's credit unless it was spent; answers whether one was revoked. */
export async function revokeUnusedCreditOfAbsence(tx: Tx, absenceId: number, at: Date) {
  const rows = await tx
    .update(makeupCredits)
    .set({ revokedAt: at })
    .where(
      and(
        eq(makeupCredits.absenceId, absenceId),
        isNull(makeupCredits.usedAt),
        isNull(makeupCredits.revokedAt),
      ),
    )
    .returning({ id: makeupCredits.id });
  return rows.length > 0;
}

export async function creditOfAbsence(db: Db, absenceId: number) {
  const [row] = await db
    .select({ id: makeupCredits.id })
    .from(makeupCredits)
    .where(and(eq(makeupCredits.absenceId, absenceId), isNull(makeupCredits.revokedAt)));
  return row;
}

export type CreditRow = typeof makeupCredits.$inferSelect;

/**
 * The credit, locked `FOR UPDATE` until the transaction ends: of two tabs spending it at once,
 * the second waits and then sees it used.
 */
export async function lockCredit(tx: Tx, id: number): Promise<CreditRow | undefined> {
  const [row] = await tx.select().from(makeupCredits).where(eq(makeupCredits.id, id)).for('update');
  return row;
}

export async function findCredit(db: Db, id: number): Promise<CreditRow | undefined> {
  const [row] = await db.select().from(makeupCredits).where(eq(makeupCredits.id, id));
  return row;
}

export async function setCreditUsed(tx: Tx, id: number, usedAt: Date | null): Promise<void> {
  await tx.update(makeupCredits).set({ usedAt }).where(eq(makeupCredits.id, id));
}

/** Live make-up bookings of each of these sessions. */
export async function liveMakeupsOfKlasses(
  db: Db,
  klassIds: number[],
): Promise<Map<number, number>> {
  if (klassIds.length === 0) return new Map();
  const rows = await db
    .select({ klassId: makeupBookings.klassId, n: count() })
    .from(makeupBookings)
    .where(and(inArray(makeupBookings.klassId, klassIds), isNull(makeupBookings.cancelledAt)))
    .groupBy(makeupBookings.klassId);
  return new Map(rows.map((r) => [r.klassId, r.n]));
}

/** Whether the child has a live make-up booking in the session. */
export async function hasLiveMakeupIn(db: Db, klassId: number, attendeeProfileId: number) {
  const [row] = await db
    .select({ id: makeupBookings.id })
    .from(makeupBookings)
    .where(
      and(
        eq(makeupBookings.klassId, klassId),
        eq(makeupBookings.attendeeProfileId, attendeeProfileId),
        isNull(makeupBookings.cancelledAt),
      ),
    );
  return row !== undefined;
}

export async function insertBooking(
  tx: Tx,
  row: { creditId: number; klassId: number; attendeeProfileId: number },
) {
  const [inserted] = await tx.insert(makeupBookings).values(row).returning();
  if (!inserted) throw new Error('make-up booking not inserted');
  return inserted;
}

export type BookingRow = typeof makeupBookings.$inferSelect;

export async function lockBooking(tx: Tx, id: number): Promise<BookingRow | undefined> {
  const [row] = await tx
    .select()
    .from(makeupBookings)
    .where(eq(makeupBookings.id, id))
    .for('update');
  return row;
}

export async function cancelBooking(tx: Tx, id: number, at: Date): Promise<BookingRow> {
  const [row] = await tx
    .update(makeupBookings)
    .set({ cancelledAt: at })
    .where(eq(makeupBookings.id, id))
    .returning();
  if (!row) throw new Error('make-up booking vanished');
  return row;
}

/** The family's credits with child, origin session and live booking, newest first. */
export async function creditsOfFamily(db: Db, userId: number) {
  const origin = klasses;
  const credits = await db
    .select({
      credit: makeupCredits,
      childName: attendeeProfiles.name,
      originStartsAt: origin.startsAt,
      originName: klassGroups.name,
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
            name: klassGroups.name,
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
export function upcomingSessions(db: Db, after: Date, limit: number): Promise<SessionRow[]> {
  return sessions(db)
    .where(and(gt(klasses.startsAt, after), ne(klasses.status, 'cancelled')))
    .orderBy(asc(klasses.startsAt), asc(klasses.id))
    .limit(limit);
}

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

/** Absent-reported and make-up attendees of a session, for its roll. */
export async function rollExtrasOfKlass(db: Db, klassId: number) {
  const [excused, makeups] = await Promise.all([
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
  ]);
  return { excused: new Set(excused.map((e) => e.attendeeProfileId)), makeups };
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

/**
 * Claims a credit's expiry reminder: true for the one caller whose update landed. A second
 * process's update waits for the first's transaction, then finds `reminded_at` set and does nothing.
 */
export async function claimReminder(tx: Tx, id: number, at: Date): Promise<boolean> {
  const rows = await tx
    .update(makeupCredits)
    .set({ remindedAt: at })
    .where(and(eq(makeupCredits.id, id), isNull(makeupCredits.remindedAt)))
    .returning({ id: makeupCredits.id });
  return rows.length > 0;
}
