import { and, eq } from 'drizzle-orm';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import {
  as,
  type Cast,
  enroll,
  programmeWithSchedule,
  scheduleBody,
} from '../classes/classes-testing';
import { enrollments } from '../enrollments/enrollments.tables';

/**
 * A programme with two schedules offering one plan (35.00 a session): `from` has 8 Saturday
 * sessions in 2030, `to` as `toSchedule` says (by default 13 sessions, so moving costs 5 more).
 */
export async function twoSchedules(
  t: TestApp,
  c: Cast,
  options: { toSchedule?: Record<string, unknown>; fromSchedule?: Record<string, unknown> } = {},
) {
  const made = await programmeWithSchedule(t, c, { schedule: options.fromSchedule });
  const res = await t.app.inject({
    method: 'POST',
    url: `/api/v1/klass_groups/${made.groupId}/schedules`,
    headers: as(c.admin),
    payload: scheduleBody(c.otherTeacher.id, [made.planId], {
      name: 'Sundays',
      end_date: '2030-03-30',
      ...options.toSchedule,
    }),
  });
  if (res.statusCode !== 201) throw new Error(`schedule: ${res.body}`);
  return {
    ...made,
    fromId: Number(made.scheduleId),
    toId: Number(res.json().data.id),
    planId: Number(made.planId),
  };
}

/** Enrolls the child in the schedule (no order) and answers the enrollment's id. */
export async function enrolled(t: TestApp, scheduleId: number, attendeeProfileId: number) {
  await enroll(t, scheduleId, [attendeeProfileId]);
  const [row] = await t.database.db
    .select({ id: enrollments.id })
    .from(enrollments)
    .where(
      and(
        eq(enrollments.scheduleId, scheduleId),
        eq(enrollments.attendeeProfileId, attendeeProfileId),
        eq(enrollments.status, 'active'),
      ),
    );
  if (!row) throw new Error('not enrolled');
  return row.id;
}
