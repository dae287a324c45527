import type { EnrollmentStatus } from '@atelier/contract';
import { and, asc, count, eq, gt, inArray, or, sql, sum } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { enrollments, seatHolds } from './enrollments.tables';

export type SeatCountRow = {
  scheduleId: number;
  held: number;
  enrolledActive: number;
  enrollmentsTotal: number;
};

/**
 * Seats taken per schedule in one statement: active holds (not expired at `now`), active
 * enrollments, and all enrollments ever (which block deleting the schedule).
 */
export async function seatCountRows(
  db: Db,
  scheduleIds: number[],
  now: Date,
): Promise<SeatCountRow[]> {
  if (scheduleIds.length === 0) return [];
  const holds = db
    .select({
      scheduleId: seatHolds.scheduleId,
      held: sql<number>`${sum(seatHolds.seats)}::int`.as('held'),
      enrolledActive: sql<number>`0`.as('enrolled_active'),
      enrollmentsTotal: sql<number>`0`.as('enrollments_total'),
    })
    .from(seatHolds)
    .where(and(inArray(seatHolds.scheduleId, scheduleIds), gt(seatHolds.expiresAt, now)))
    .groupBy(seatHolds.scheduleId);
  const enrolled = db
    .select({
      scheduleId: enrollments.scheduleId,
      held: sql<number>`0`.as('held'),
      enrolledActive:
        sql<number>`(count(*) filter (where ${enrollments.status} = 'active'))::int`.as(
          'enrolled_active',
        ),
      enrollmentsTotal: sql<number>`${count()}::int`.as('enrollments_total'),
    })
    .from(enrollments)
    .where(inArray(enrollments.scheduleId, scheduleIds))
    .groupBy(enrollments.scheduleId);
  return holds.unionAll(enrolled);
}

export type RosterRow = {
  id: number;
  scheduleId: number;
  status: EnrollmentStatus;
  createdAt: Date;
  attendee: { id: number; name: string; birthday: string | null };
};

/**
 * Everyone enrolled in one schedule, active first, then cancelled (the status's order in the
 * database), each status by enrollment id: the service orders each status by attendee name.
 */
export function enrollmentRowsOfSchedule(
  db: Db,
  scheduleId: number,
): Promise<
  {
    id: number;
    scheduleId: number;
    status: EnrollmentStatus;
    createdAt: Date;
    attendeeProfileId: number;
  }[]
> {
  return db
    .select({
      id: enrollments.id,
      scheduleId: enrollments.scheduleId,
      status: enrollments.status,
      createdAt: enrollments.createdAt,
      attendeeProfileId: enrollments.attendeeProfileId,
    })
    .from(enrollments)
    .where(eq(enrollments.scheduleId, scheduleId))
    .orderBy(asc(enrollments.status), asc(enrollments.id));
}

/** The schedules these attendees are actively enrolled in, one row per enrollment. */
export function activeEnrollmentsOfAttendees(
  db: Db,
  attendeeProfileIds: number[],
): Promise<{ scheduleId: number; attendeeProfileId: number }[]> {
  if (attendeeProfileIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      scheduleId: enrollments.scheduleId,
      attendeeProfileId: enrollments.attendeeProfileId,
    })
    .from(enrollments)
    .where(
      and(
        inArray(enrollments.attendeeProfileId, attendeeProfileIds),
        eq(enrollments.status, 'active'),
      ),
    );
}

export async function countEnrollmentsOfAttendee(
  db: Db,
  attendeeProfileId: number,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(enrollments)
    .where(eq(enrollments.attendeeProfileId, attendeeProfileId));
  return row?.n ?? 0;
}

// Seats of orders (docs/architecture.md#orders-and-payments): capacity lives on the schedule row,
// which the classes module owns; its lock is passed in (enrollments.service.ts, CapacityLock).

export async function insertSeatHolds(
  db: Db,
  rows: {
    scheduleId: number;
    userId: number | null;
    orderId: number;
    seats: number;
    expiresAt: Date;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(seatHolds).values(rows);
}

export async function deleteSeatHoldsOfOrder(db: Db, orderId: number): Promise<void> {
  await db.delete(seatHolds).where(eq(seatHolds.orderId, orderId));
}

export async function deleteSeatHoldsOfOrders(db: Db, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.delete(seatHolds).where(inArray(seatHolds.orderId, orderIds));
}

/**
 * Active enrollments for these (order item, schedule, attendee) triples; an attendee already
 * actively enrolled in the schedule keeps the enrollment they have (the partial unique index).
 */
export async function insertEnrollments(
  db: Db,
  rows: {
    scheduleId: number;
    attendeeProfileId: number;
    orderItemId: number;
    enrolledFrom: Date;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(enrollments).values(rows).onConflictDoNothing();
}

/** Which of these attendees are actively enrolled in the schedule. */
export async function activelyEnrolledAttendees(
  db: Db,
  scheduleId: number,
  attendeeProfileIds: number[],
): Promise<Set<number>> {
  if (attendeeProfileIds.length === 0) return new Set();
  const rows = await db
    .select({ id: enrollments.attendeeProfileId })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.scheduleId, scheduleId),
        eq(enrollments.status, 'active'),
        inArray(enrollments.attendeeProfileId, attendeeProfileIds),
      ),
    );
  return new Set(rows.map((r) => r.id));
}

/**
 * Cancels the active enrollments of these order items' attendees (order item id → attendee
 * profile ids); answers each cancelled enrollment's schedule and attendee.
 */
export function cancelActiveEnrollments(
  db: Db,
  byItem: Map<number, number[]>,
): Promise<{ scheduleId: number; attendeeProfileId: number }[]> {
  return db
    .update(enrollments)
    .set({ status: 'cancelled' })
    .where(
      and(
        eq(enrollments.status, 'active'),
        or(
          ...[...byItem].map(([orderItemId, profileIds]) =>
            and(
              eq(enrollments.orderItemId, orderItemId),
              inArray(enrollments.attendeeProfileId, profileIds),
            ),
          ),
        ),
      ),
    )
    .returning({
      scheduleId: enrollments.scheduleId,
      attendeeProfileId: enrollments.attendeeProfileId,
    });
}
