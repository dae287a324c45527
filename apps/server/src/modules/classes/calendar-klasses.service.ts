import type { Language } from '@atelier/contract';
import type { Db } from '../../db/client';
import { inLanguage } from '../../lib/translated-content';
import { enrolledAttendeesOfAccount } from '../enrollments';
import type { Viewer } from './classes.context';
import type { KlassGroupRow } from './klass-groups.repository';
import { roomRows } from './rooms.repository';
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
  /** The schedule, its name in the reader's language. */
  schedule: ScheduleRow;
  /** The programme, its name and description in the reader's language. */
  group: KlassGroupRow;
  teacherName: string;
  /** The name of the room it meets in, in the reader's language; null when none is named. */
  room: string | null;
  /** The viewer's own attendees enrolled in it (students); empty for teachers and admins. */
  attendeeNames: string[];
  /** The online meeting link: everyone a calendar shows a session to may join it. */
  meetingUrl: string | null;
};

/**
 * The sessions starting in [from, to) that concern `viewer`: an admin's are all sessions, a
 * teacher's those of the schedules they teach, a student's those their family's attendees are
 * enrolled in. Cancelled sessions are included (with their status) so calendars can strike them.
 * Four queries at most.
 */
export async function klassesConcerning(
  db: Db,
  viewer: Viewer,
  range: { from: Date; to: Date },
  language: Language = 'en',
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
  const roomIds = [...new Set(rows.flatMap((r) => r.schedule.roomId ?? []))];
  const [teacherRows, roomsMet] = await Promise.all([
    teacherRowsByIds(db, [...new Set(rows.map((r) => r.schedule.teacherId))]),
    roomRows.byIds(db, roomIds),
  ]);
  const teachers = new Map(teacherRows.map((t) => [t.id, t.name]));
  const rooms = new Map(roomsMet.map((r) => [r.id, inLanguage(r, language, ['name']).name]));
  // The programme's and schedule's names and description in the reader's language too: every
  // calendar (the page and the feed) shows them.
  return rows.map(({ klass, schedule: scheduleRow, group: groupRow }) => {
    const schedule = inLanguage(scheduleRow, language, ['name']);
    const group = inLanguage(groupRow, language, ['name', 'description']);
    return {
      klass,
      schedule,
      group,
      teacherName: teachers.get(schedule.teacherId) ?? '',
      room: schedule.roomId === null ? null : (rooms.get(schedule.roomId) ?? null),
      attendeeNames: attendees.get(schedule.id) ?? [],
      meetingUrl: group.format === 'online' ? group.meetingUrl : null,
    };
  });
}
