import type { Db } from '../../db/client';
import {
  activeEnrollmentsOfAccount,
  countEnrollmentsOfAttendee,
  type RosterRow,
  rosterRows,
  seatCountRows,
} from './enrollments.repository';

export type { RosterRow };

/** How a schedule's seats are taken right now. */
export type SeatCounts = {
  /** Seats of unexpired holds (pending orders). */
  held: number;
  /** Active enrollments: each takes one seat. */
  enrolled: number;
  /** Enrollments ever, cancelled ones included: a schedule with any is history, not deletable. */
  enrollmentsTotal: number;
};

const NONE: SeatCounts = { held: 0, enrolled: 0, enrollmentsTotal: 0 };

/** Seat counts of many schedules in one query; schedules with nothing taken get zeros. */
export async function seatCountsBySchedule(
  db: Db,
  scheduleIds: number[],
  now: Date,
): Promise<Map<number, SeatCounts>> {
  const out = new Map<number, SeatCounts>(scheduleIds.map((id) => [id, { ...NONE }]));
  for (const row of await seatCountRows(db, scheduleIds, now)) {
    const counts = out.get(row.scheduleId);
    if (!counts) continue;
    counts.held += row.held;
    counts.enrolled += row.enrolledActive;
    counts.enrollmentsTotal += row.enrollmentsTotal;
  }
  return out;
}

/** Seats left: capacity − active holds − active enrollments, never below 0. */
export function seatsLeft(capacity: number, counts: SeatCounts | undefined): number {
  const taken = (counts?.held ?? 0) + (counts?.enrolled ?? 0);
  return Math.max(0, capacity - taken);
}

/** The roster of one schedule. */
export function rosterOfSchedule(db: Db, scheduleId: number): Promise<RosterRow[]> {
  return rosterRows(db, scheduleId);
}

/** Schedule id → names of the account's attendees actively enrolled in it. */
export async function enrolledAttendeesOfAccount(
  db: Db,
  userId: number,
): Promise<Map<number, string[]>> {
  const out = new Map<number, string[]>();
  for (const row of await activeEnrollmentsOfAccount(db, userId)) {
    const names = out.get(row.scheduleId) ?? [];
    names.push(row.attendeeName);
    out.set(row.scheduleId, names);
  }
  return out;
}

/**
 * Enrollments (cancelled ones too) of one attendee profile. While above 0 the profile is history:
 * the database refuses to delete it (foreign key), so the family module should refuse first, with
 * a message, instead of failing.
 */
export function enrollmentCountOfAttendee(db: Db, attendeeProfileId: number): Promise<number> {
  return countEnrollmentsOfAttendee(db, attendeeProfileId);
}
