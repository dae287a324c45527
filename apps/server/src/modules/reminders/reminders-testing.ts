import type { ClassReminders, Language } from '@atelier/contract';
import type { Db } from '../../db/client';
import { klasses, klassGroupSchedules, klassGroups } from '../classes/classes.tables';
import { enrollments } from '../enrollments/enrollments.tables';
import { updateUserProfile } from '../users';
import { attendeeProfiles } from '../users/users.tables';
import { insertTestUser } from '../users/users-testing';

// Test helpers of the reminders module: a programme with dated sessions and a family whose
// children are enrolled in it, written straight to the tables (no API round trips per test).

let counter = 0;

export type ReminderProgramme = { scheduleId: number; klassIds: number[] };

/** A programme with one schedule in `zone` and a session at each of `sessions`. */
export async function programmeWithKlasses(
  db: Db,
  options: {
    name: string;
    zone?: string;
    klasses: Date[];
    format?: 'in_person' | 'online';
    meetingUrl?: string | null;
    location?: string | null;
    /** The programme's name and description in other languages. */
    translations?: (typeof klassGroups.$inferInsert)['translations'];
  },
): Promise<ReminderProgramme> {
  counter += 1;
  const teacherId = await insertTestUser(db, {
    email: `teacher-${counter}-${Date.now().toString(36)}@reminders.test`,
    password: 'not used in these tests',
    role: 'teacher',
  });
  const [group] = await db
    .insert(klassGroups)
    .values({
      name: options.name,
      slug: `reminders-${counter}-${Date.now().toString(36)}`,
      audience: 'kids',
      format: options.format ?? 'in_person',
      location: options.location ?? null,
      meetingUrl: options.meetingUrl ?? null,
      translations: options.translations ?? {},
      published: true,
    })
    .returning({ id: klassGroups.id });
  const [schedule] = await db
    .insert(klassGroupSchedules)
    .values({
      klassGroupId: group?.id ?? 0,
      name: 'Weekly',
      teacherId,
      capacity: 10,
      timeZone: options.zone ?? 'America/New_York',
      startDate: '2026-01-01',
      endDate: '2030-12-31',
      slots: [],
    })
    .returning({ id: klassGroupSchedules.id });
  const scheduleId = schedule?.id ?? 0;
  const rows = await db
    .insert(klasses)
    .values(
      options.klasses.map((startsAt) => ({
        scheduleId,
        startsAt,
        endsAt: new Date(startsAt.getTime() + 2 * 3_600_000),
        origin: 'extra' as const,
      })),
    )
    .returning({ id: klasses.id });
  return { scheduleId, klassIds: rows.map((r) => r.id) };
}

export type ReminderFamily = { id: number; email: string; children: number[] };

/** A family account with children, its zone, language and reminder choice. */
export async function family(
  db: Db,
  options: {
    children: string[];
    timezone?: string;
    locale?: Language;
    reminders?: ClassReminders;
  },
): Promise<ReminderFamily> {
  counter += 1;
  const email = `family-${counter}-${Date.now().toString(36)}@reminders.test`;
  const id = await insertTestUser(db, {
    email,
    password: 'not used in these tests',
    name: `Family ${counter}`,
    locale: options.locale ?? 'en',
  });
  await updateUserProfile(
    db,
    id,
    {
      timezone: options.timezone ?? 'America/New_York',
      classReminders: options.reminders ?? 'each_class',
    },
    new Date(),
  );
  const children = await db
    .insert(attendeeProfiles)
    .values(options.children.map((name) => ({ userId: id, name })))
    .returning({ id: attendeeProfiles.id });
  return { id, email, children: children.map((c) => c.id) };
}

/** Enrolls the family's children in the schedule, as booked at `at`. */
export async function enrollFamily(
  db: Db,
  scheduleId: number,
  who: ReminderFamily,
  at: Date,
): Promise<void> {
  await db
    .insert(enrollments)
    .values(
      who.children.map((attendeeProfileId) => ({ scheduleId, attendeeProfileId, createdAt: at })),
    );
}
