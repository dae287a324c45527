import type { Db } from '../../db/client';
import { peopleByIds } from '../users';
import { scheduledKlassesFrom, teacherIdsOfSchedules } from './schedule-snapshots.repository';

/** What an order's snapshot adds to the cart's view of a schedule: its teacher, and session end times. */
export type ScheduleSnapshotExtras = {
  teacherName: string | null;
  klasses: { startsAt: Date; endsAt: Date }[];
};

/**
 * Teacher names and the scheduled sessions from `at` on, of these schedules: three queries
 * whatever their number (the teachers' names come from the users module).
 */
export async function scheduleSnapshotExtras(
  db: Db,
  scheduleIds: number[],
  at: Date,
): Promise<Map<number, ScheduleSnapshotExtras>> {
  const out = new Map<number, ScheduleSnapshotExtras>();
  if (scheduleIds.length === 0) return out;
  const [teachers, klassRows] = await Promise.all([
    teacherIdsOfSchedules(db, scheduleIds),
    scheduledKlassesFrom(db, scheduleIds, at),
  ]);
  const teacherIds = [...teachers.values()].flatMap((id) => (id === null ? [] : [id]));
  const people = await peopleByIds(db, teacherIds);
  for (const [id, teacherId] of teachers) {
    const teacherName = teacherId === null ? null : (people.get(teacherId)?.name ?? null);
    out.set(id, { teacherName, klasses: [] });
  }
  for (const s of klassRows) {
    out.get(s.scheduleId)?.klasses.push({ startsAt: s.startsAt, endsAt: s.endsAt });
  }
  return out;
}
