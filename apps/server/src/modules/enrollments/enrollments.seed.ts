import type { Db } from '../../db/client';
import { demoAttendees } from '../users';
import { enrollments } from './enrollments.tables';

/**
 * The demo families' enrollments, so calendars and rosters show something after `npm start`: Mia
 * (the parent's daughter) takes Observational Drawing, Sam goes to Figure Drawing. Schedules are
 * named `{programme slug}/{schedule name}`, as the classes seed answers them.
 */
export const DEMO_ENROLLMENTS = [
  {
    attendee: 'Mia Parent',
    schedule: 'observational-drawing/Current term · Saturdays 10:00–12:00',
  },
  { attendee: 'Sam Student', schedule: 'figure-drawing/Current term · Tuesdays 19:00–21:30' },
] as const;

/** Enrols the demo attendees in the demo schedules the classes seed made (`scheduleIds`). */
export async function seedDemoEnrollments(
  db: Db,
  scheduleIds: ReadonlyMap<string, number>,
): Promise<void> {
  const attendees = await demoAttendees(db);
  const rows = DEMO_ENROLLMENTS.flatMap(({ attendee, schedule }) => {
    const attendeeProfileId = attendees.get(attendee)?.id;
    const scheduleId = scheduleIds.get(schedule);
    return attendeeProfileId === undefined || scheduleId === undefined
      ? []
      : [{ attendeeProfileId, scheduleId }];
  });
  if (rows.length > 0) await db.insert(enrollments).values(rows);
}
