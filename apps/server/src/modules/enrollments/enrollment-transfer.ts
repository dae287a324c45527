import type { Db } from '../../db/client';
import {
  type EnrollmentRow,
  endEnrollment,
  findEnrollment,
  insertEnrollment,
  lockEnrollment,
} from './enrollment-transfer.repository';
import { activelyEnrolledAttendees } from './enrollments.repository';
import type { CapacityLock } from './enrollments.service';
import { lockSeatsLeft } from './enrollments.service';

// Moving an enrollment to another schedule (docs/decisions/078-transfers.md): the new seat is
// taken under the same schedule locks orders, waitlist offers and make-ups take (lockSeatsLeft),
// the old one is freed in the same transaction.

export type { EnrollmentRow };

/** What moving came to: the new enrollment, or why nothing was written. */
export type EnrollmentMove =
  | { moved: true; from: EnrollmentRow; newEnrollmentId: number }
  | { moved: false; reason: 'not_active' | 'same_schedule' | 'full' | 'already_enrolled' };

/** One enrollment by id, unlocked (a check before the transaction; moveEnrollment reads again). */
export function enrollmentById(db: Db, id: number): Promise<EnrollmentRow | undefined> {
  return findEnrollment(db, id);
}

/**
 * Moves an active enrollment to `toScheduleId`, all or nothing, in the caller's transaction:
 * locks both schedules (by id, as checkout does, so two moves queue instead of deadlocking), then
 * the enrollment, and checks under those locks that it is still active and that the new schedule
 * has a seat left. The old enrollment is ended (it stays on record, its seat free from the
 * commit); the new one covers the sessions from `at` and keeps the order item that paid for the
 * place, so a later refund of that item ends the new place.
 */
export async function moveEnrollment(
  db: Db,
  lockCapacities: CapacityLock,
  move: { enrollmentId: number; fromScheduleId: number; toScheduleId: number; at: Date },
): Promise<EnrollmentMove> {
  if (move.fromScheduleId === move.toScheduleId) return { moved: false, reason: 'same_schedule' };
  const left = await lockSeatsLeft(
    db,
    lockCapacities,
    [move.fromScheduleId, move.toScheduleId],
    move.at,
  );
  const from = await lockEnrollment(db, move.enrollmentId);
  if (from?.status !== 'active' || from.scheduleId !== move.fromScheduleId) {
    return { moved: false, reason: 'not_active' };
  }
  const already = await activelyEnrolledAttendees(db, move.toScheduleId, [from.attendeeProfileId]);
  if (already.size > 0) return { moved: false, reason: 'already_enrolled' };
  if ((left.get(move.toScheduleId) ?? 0) < 1) return { moved: false, reason: 'full' };
  await endEnrollment(db, from.id);
  const newEnrollmentId = await insertEnrollment(db, {
    scheduleId: move.toScheduleId,
    attendeeProfileId: from.attendeeProfileId,
    orderItemId: from.orderItemId,
    enrolledFrom: move.at,
  });
  // Checked above under the enrollment's lock; the unique index on active (schedule, attendee)
  // is the last word should another path enroll the child meanwhile.
  if (newEnrollmentId === undefined) throw new Error('the child is already in the new schedule');
  return { moved: true, from, newEnrollmentId };
}
