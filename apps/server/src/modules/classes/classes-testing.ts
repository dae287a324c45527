import type { Role } from '@atelier/contract';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { enrollments, seatHolds } from '../enrollments/enrollments.tables';
import { insertUserRows } from '../users/users-testing';

/** Test people of every role, each with a session token. */
export type Person = { id: number; token: string; role: Role };
export type Cast = {
  admin: Person;
  teacher: Person;
  otherTeacher: Person;
  student: Person;
  parent: Person & { attendees: { mia: number; leo: number } };
};

let counter = 0;

/** Inserts a user (no real password: these tests sign in by issuing tokens) and a token. */
export async function person(t: TestApp, role: Role, name: string): Promise<Person> {
  counter += 1;
  const [row] = await insertUserRows(t.database.db, [
    {
      email: `${role}-${counter}-${Date.now().toString(36)}@classes.test`,
      name,
      passwordHash: 'not used in these tests',
      role,
      confirmedAt: new Date(),
    },
  ]);
  if (!row) throw new Error('no user');
  return { id: row.id, role, token: await t.app.sessions.issueSessionToken({ id: row.id, role }) };
}

export const as = (who: { token: string }) => ({ authorization: `Bearer ${who.token}` });

export const programmeBody = (overrides: Record<string, unknown> = {}) => ({
  klass_group: {
    name: 'Observational Drawing',
    description: 'Drawing from life.',
    audience: 'kids',
    format: 'in_person',
    location: '12 Main St, Brooklyn',
    min_age: 8,
    max_age: 12,
    published: true,
    ...overrides,
  },
});

export const planBody = (overrides: Record<string, unknown> = {}) => ({
  plan: { name: 'Term', base_price: 2000, unit_price: 3500, unit_type: 'class', ...overrides },
});

export const scheduleBody = (
  teacherId: number,
  planIds: (string | number)[],
  overrides: Record<string, unknown> = {},
) => ({
  klass_group_schedule: {
    name: 'Saturdays',
    teacher_id: String(teacherId),
    capacity: 10,
    time_zone: 'America/New_York',
    start_date: '2030-01-05',
    end_date: '2030-02-23',
    slots: [{ weekday: 6, start_time: '10:00', end_time: '12:00' }],
    exception_dates: [],
    plan_ids: planIds.map(String),
    ...overrides,
  },
});

/** Creates a programme, a plan and a schedule through the API; returns their ids. */
export async function programmeWithSchedule(
  t: TestApp,
  c: Cast,
  options: { programme?: Record<string, unknown>; schedule?: Record<string, unknown> } = {},
) {
  const plan = await t.app.inject({
    method: 'POST',
    url: '/api/v1/plans',
    headers: as(c.admin),
    payload: planBody(),
  });
  const group = await t.app.inject({
    method: 'POST',
    url: '/api/v1/klass_groups',
    headers: as(c.admin),
    payload: programmeBody({ slug: `p-${++counter}`, ...options.programme }),
  });
  if (group.statusCode !== 201) throw new Error(`programme: ${group.body}`);
  const groupId: string = group.json().data.id;
  const planId: string = plan.json().data.id;
  const schedule = await t.app.inject({
    method: 'POST',
    url: `/api/v1/klass_groups/${groupId}/schedules`,
    headers: as(c.admin),
    payload: scheduleBody(c.teacher.id, [planId], options.schedule),
  });
  if (schedule.statusCode !== 201) throw new Error(`schedule: ${schedule.body}`);
  return {
    groupId,
    planId,
    scheduleId: schedule.json().data.id as string,
    schedule: schedule.json(),
  };
}

/** Enrolls attendees in a schedule the way the commerce module will (rows, no order yet). */
export async function enroll(
  t: TestApp,
  scheduleId: number | string,
  attendeeProfileIds: number[],
  status: 'active' | 'cancelled' = 'active',
) {
  await t.database.db.insert(enrollments).values(
    attendeeProfileIds.map((id) => ({
      scheduleId: Number(scheduleId),
      attendeeProfileId: id,
      status,
    })),
  );
}

/** Holds seats for a pending order until `expiresAt`. */
export async function hold(
  t: TestApp,
  scheduleId: number | string,
  seats: number,
  expiresAt: Date,
) {
  await t.database.db
    .insert(seatHolds)
    .values({ scheduleId: Number(scheduleId), seats, expiresAt });
}

/** A multipart/form-data body with one file field, for app.inject. */
export function multipartFile(field: string, filename: string, contentType: string, data: Buffer) {
  const boundary = `----atelier${Math.random().toString(16).slice(2)}`;
  const payload = Buffer.concat([
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${filename}"\r\nContent-Type: ${contentType}\r\n\r\n`,
    ),
    data,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  return { payload, headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
