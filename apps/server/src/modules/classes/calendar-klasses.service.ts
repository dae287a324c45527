import type { Db } from '../../db/client';
import { enrolledAttendeesOfAccount } from '../enrollments';
import type { Viewer } from './classes.context';
import type { KlassGroupRow } from './klass-groups.repository';
import {
  type KlassRow,
  klassRowsInRange,
  type ScheduleRow,
  scheduleIdsTaughtBy,
} from './schedules.repository';
import { teacherRowsByIds } from './teachers';

/** A session as someone's calendar shows it. */
export type CalendarEntry = {
  klass: KlassRow;
  schedule: ScheduleRow;
  group: KlassGroupRow;
  teacherName: string;
  /** The viewer's own attendees enrolled in it (students); empty for teachers and admins. */
  attendeeNames: string[];
  /** The online meeting link: everyone a calendar shows a session to may join it. */
  meetingUrl: string | null;
};

/**
 * The sessions starting in [from, to) that concern `viewer`: an admin's are all sessions, a
 * teacher's those of the schedules they teach, a student's those their family's attendees are
 * enrolled in. Cancelled sessions are included (with their status) so calendars can strike them.
 * Three queries at most.
 */
export async function klassesConcerning(
  db: Db,
  viewer: Viewer,
  range: { from: Date; to: Date },
): Promise<CalendarEntry[]> {
  let attendees = new Map<number, string[]>();
  let scheduleIds: number[] | undefined;
  if (viewer.role === 'teacher') {
    scheduleIds = await scheduleIdsTaughtBy(db, viewer.id);
  } else if (viewer.role === 'student') {
    attendees = await enrolledAttendeesOfAccount(db, viewer.id);
    scheduleIds = [...attendees.keys()];
  }
  const rows = await klassRowsInRange(db, range, scheduleIds);
  const teachers = new Map(
    (await teacherRowsByIds(db, [...new Set(rows.map((r) => r.schedule.teacherId))])).map((t) => [
      t.id,
      t.name,
    ]),
  );
  return rows.map(({ klass, schedule, group }) => ({
    klass,
    schedule,
    group,
    teacherName: teachers.get(schedule.teacherId) ?? '',
    attendeeNames: attendees.get(schedule.id) ?? [],
    meetingUrl: group.format === 'online' ? group.meetingUrl : null,
  }));
}
