import type { Language } from '@atelier/contract';
import { and, asc, eq, gte, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { columnInLanguage } from '../../db/translated-column';
import {
  klasses,
  klassGroupSchedulePlans,
  klassGroupSchedules,
  klassGroups,
  plans,
} from '../../modules/classes/classes.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import { orderItems } from '../../modules/orders/orders.tables';
import type {
  EnrollmentFacts,
  FamilyContact,
  FamilyEnrollmentRow,
  PlanFacts,
  ScheduleFacts,
} from '../../modules/transfers';
import { attendeeProfiles, users } from '../../modules/users/users.tables';

// The transfers module's reads across the classes, enrollments, orders and users tables
// (docs/decisions/054-module-boundaries.md): an enrollment with its child and plan, schedules
// with their sessions and plans, a family's address. Selects only; the module writes its rows.

export async function enrollmentFacts(
  db: Db,
  enrollmentId: number,
): Promise<EnrollmentFacts | undefined> {
  const [row] = await db
    .select({
      id: enrollments.id,
      scheduleId: enrollments.scheduleId,
      status: enrollments.status,
      attendeeProfileId: enrollments.attendeeProfileId,
      attendeeName: attendeeProfiles.name,
      userId: attendeeProfiles.userId,
      guestCustomerId: attendeeProfiles.guestCustomerId,
      planId: orderItems.planId,
    })
    .from(enrollments)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
    .leftJoin(orderItems, eq(orderItems.id, enrollments.orderItemId))
    .where(eq(enrollments.id, enrollmentId));
  return row;
}

const scheduleColumns = {
  id: klassGroupSchedules.id,
  name: klassGroupSchedules.name,
  programme: klassGroups.name,
  // Families and teachers read the names in their language (docs/architecture.md#translated-content).
  translations: klassGroupSchedules.translations,
  programmeTranslations: klassGroups.translations,
  klassGroupId: klassGroupSchedules.klassGroupId,
  teacherId: klassGroupSchedules.teacherId,
  timeZone: klassGroupSchedules.timeZone,
  startDate: klassGroupSchedules.startDate,
  endDate: klassGroupSchedules.endDate,
  capacity: klassGroupSchedules.capacity,
};

/** The schedules' sessions and plans, added to their rows (two queries for all). */
async function withSessionsAndPlans(
  db: Db,
  rows: Omit<ScheduleFacts, 'klasses' | 'planIds'>[],
): Promise<ScheduleFacts[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((r) => r.id);
  const [sessions, offered] = await Promise.all([
    db
      .select({
        id: klasses.id,
        scheduleId: klasses.scheduleId,
        startsAt: klasses.startsAt,
        status: klasses.status,
      })
      .from(klasses)
      .where(inArray(klasses.scheduleId, ids)),
    db
      .select({
        scheduleId: klassGroupSchedulePlans.scheduleId,
        planId: klassGroupSchedulePlans.planId,
      })
      .from(klassGroupSchedulePlans)
      .where(inArray(klassGroupSchedulePlans.scheduleId, ids)),
  ]);
  return rows.map((r) => ({
    ...r,
    klasses: sessions
      .filter((s) => s.scheduleId === r.id)
      .map((s) => ({ id: s.id, startsAt: s.startsAt, status: s.status })),
    planIds: offered.filter((p) => p.scheduleId === r.id).map((p) => p.planId),
  }));
}

export async function scheduleFacts(
  db: Db,
  scheduleId: number,
): Promise<ScheduleFacts | undefined> {
  const rows = await db
    .select(scheduleColumns)
    .from(klassGroupSchedules)
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(eq(klassGroupSchedules.id, scheduleId));
  return (await withSessionsAndPlans(db, rows))[0];
}

export async function schedulesOfferingPlan(
  db: Db,
  planId: number,
  today: string,
): Promise<ScheduleFacts[]> {
  const rows = await db
    .select(scheduleColumns)
    .from(klassGroupSchedules)
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .innerJoin(
      klassGroupSchedulePlans,
      eq(klassGroupSchedulePlans.scheduleId, klassGroupSchedules.id),
    )
    .where(and(eq(klassGroupSchedulePlans.planId, planId), gte(klassGroupSchedules.endDate, today)))
    .orderBy(asc(klassGroups.name), asc(klassGroupSchedules.startDate), asc(klassGroupSchedules.id))
    .limit(100);
  return withSessionsAndPlans(db, rows);
}

export async function schedulesOfProgramme(
  db: Db,
  klassGroupId: number,
  today: string,
): Promise<ScheduleFacts[]> {
  const rows = await db
    .select(scheduleColumns)
    .from(klassGroupSchedules)
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(
      and(
        eq(klassGroupSchedules.klassGroupId, klassGroupId),
        gte(klassGroupSchedules.endDate, today),
      ),
    )
    .orderBy(asc(klassGroupSchedules.startDate), asc(klassGroupSchedules.id))
    .limit(100);
  return withSessionsAndPlans(db, rows);
}

export async function planFacts(db: Db, planId: number): Promise<PlanFacts | undefined> {
  const [row] = await db
    .select({
      id: plans.id,
      name: plans.name,
      basePrice: plans.basePrice,
      unitPrice: plans.unitPrice,
      unitType: plans.unitType,
    })
    .from(plans)
    .where(eq(plans.id, planId));
  return row;
}

export async function familyContact(db: Db, userId: number): Promise<FamilyContact | undefined> {
  const [row] = await db
    .select({ email: users.email, name: users.name, locale: users.locale })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

/** The family's active enrollments, the programmes and schedules named in `language`. */
export function familyEnrollments(
  db: Db,
  userId: number,
  language: Language,
): Promise<FamilyEnrollmentRow[]> {
  return db
    .select({
      id: enrollments.id,
      attendeeProfileId: enrollments.attendeeProfileId,
      attendeeName: attendeeProfiles.name,
      scheduleId: enrollments.scheduleId,
      scheduleName: columnInLanguage(
        klassGroupSchedules.name,
        klassGroupSchedules.translations,
        'name',
        language,
      ),
      programme: columnInLanguage(klassGroups.name, klassGroups.translations, 'name', language),
      endDate: klassGroupSchedules.endDate,
    })
    .from(enrollments)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, enrollments.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(and(eq(attendeeProfiles.userId, userId), eq(enrollments.status, 'active')))
    .orderBy(asc(attendeeProfiles.name), asc(klassGroups.name), asc(enrollments.id));
}
