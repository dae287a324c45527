import { ATTENDANCE_API, ATTENDANCE_MESSAGES, CLASSES_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { attendanceReads } from '../../read-models/attendance-lists';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { klassGroupSchedules } from '../classes/classes.tables';
import {
  as,
  type Cast,
  enroll,
  type Person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { attendeeProfiles } from '../users/users.tables';
import { markAttendance, markableFrom } from './attendance.service';
import { attendances } from './attendance.tables';

// Attendance (docs/product.md#attendance): the session's teacher or an admin marks the attendees
// actively enrolled in its schedule; families read their own children's marks of past sessions;
// admins (and the teacher) read a schedule's sessions × attendees.
describe('attendance routes', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let scheduleId: string;
  let otherScheduleId: string;
  /** The pattern's eight Saturdays of early 2024, in time order: long past. */
  let past: string[];
  /** An extra session that started a minute ago: today's class. */
  let today: string;
  /** An extra session in 2030. */
  let future: string;
  let mia: number;
  let leo: number;
  /** The other family's (Sam's) child, enrolled in the same schedule. */
  let zoe: number;
  /** Enrolled once, then cancelled (refunded). */
  let ivy: number;
  /** Enrolled in another schedule only. */
  let kai: number;

  const addKlass = async (id: string, startsAt: Date) => {
    const res = await t.app.inject({
      method: 'POST',
      url: CLASSES_API.scheduleKlasses(id),
      headers: as(c.admin),
      payload: {
        klass: {
          starts_at: startsAt.toISOString(),
          ends_at: new Date(startsAt.getTime() + 2 * 3_600_000).toISOString(),
        },
      },
    });
    if (res.statusCode !== 201) throw new Error(`klass: ${res.body}`);
    return res.json().data.id as string;
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const made = await programmeWithSchedule(t, c, {
      programme: { name: 'Comics Drawing' },
      schedule: { start_date: '2024-01-06', end_date: '2024-02-24' },
    });
    scheduleId = made.scheduleId;
    past = (made.schedule.included as { type: string; id: string }[])
      .filter((r) => r.type === 'klasses')
      .map((r) => r.id);
    today = await addKlass(scheduleId, new Date(Date.now() - 60_000));
    future = await addKlass(scheduleId, new Date('2030-03-09T15:00:00Z'));
    otherScheduleId = (
      await programmeWithSchedule(t, c, { schedule: { start_date: '2024-01-06' } })
    ).scheduleId;
    const kids = await t.database.db
      .insert(attendeeProfiles)
      .values([
        { userId: c.student.id, name: 'Zoe Student' },
        { userId: c.student.id, name: 'Ivy Student' },
        { userId: c.student.id, name: 'Kai Student' },
      ])
      .returning({ id: attendeeProfiles.id });
    [zoe, ivy, kai] = kids.map((k) => k.id) as [number, number, number];
    ({ mia, leo } = c.parent.attendees);
    await enroll(t, scheduleId, [mia, leo, zoe]);
    await enroll(t, scheduleId, [ivy], 'cancelled');
    await enroll(t, otherScheduleId, [kai]);
    // The last pattern Saturday was cancelled.
    const cancel = await t.app.inject({
      method: 'PATCH',
      url: CLASSES_API.klass(past[7] as string),
      headers: as(c.admin),
      payload: { klass: { status: 'cancelled' } },
    });
    expect(cancel.statusCode).toBe(200);
  }, 60_000);
  afterAll(() => t.close());

  const get = (who: Person | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? as(who) : {} });
  const put = (who: Person | undefined, klassId: string, payload: unknown) =>
    t.app.inject({
      method: 'PUT',
      url: ATTENDANCE_API.klass(klassId),
      headers: who ? as(who) : {},
      payload: payload as object,
    });
  const mark = (attendee: number, status: string | null) => ({
    attendee_profile_id: String(attendee),
    status,
  });
  const rowsOf = (klassId: string) =>
    t.database.db
      .select()
      .from(attendances)
      .where(eq(attendances.klassId, Number(klassId)))
      .orderBy(attendances.attendeeProfileId);
  const statusesOf = (body: {
    data: { attributes: { attendees: { name: string; status: string | null }[] } };
  }) => Object.fromEntries(body.data.attributes.attendees.map((a) => [a.name, a.status]));

  it('gives the teacher the roll: everyone actively enrolled, by name, none marked yet', async () => {
    const res = await get(c.teacher, ATTENDANCE_API.klass(past[0] as string));
    expect(res.statusCode).toBe(200);
    const roll = res.json().data;
    expect(roll).toMatchObject({ id: past[0], type: 'attendance_rolls' });
    expect(roll.attributes).toMatchObject({
      klass_status: 'scheduled',
      klass_group_name: 'Comics Drawing',
      schedule_name: 'Saturdays',
      time_zone: 'America/New_York',
      markable: true,
      // 6 January 2024, midnight in New York.
      markable_from: '2024-01-06T05:00:00.000Z',
      starts_at: '2024-01-06T15:00:00.000Z',
    });
    // Ivy's enrollment was cancelled and Kai is in another schedule: neither is on the roll.
    // (Each entry also carries the child's card: child-care.routes.test.ts.)
    expect(roll.attributes.attendees).toMatchObject([
      { attendee_profile_id: String(leo), name: 'Leo Parent', status: null, marked_at: null },
      { attendee_profile_id: String(mia), name: 'Mia Parent', status: null, marked_at: null },
      { attendee_profile_id: String(zoe), name: 'Zoe Student', status: null, marked_at: null },
    ]);
    // An admin reads it too.
    expect((await get(c.admin, ATTENDANCE_API.klass(past[0] as string))).statusCode).toBe(200);
  });

  it('keeps the roll from everyone else: guests 401, another teacher and families 403, unknown 404', async () => {
    const url = ATTENDANCE_API.klass(past[0] as string);
    expect((await get(undefined, url)).statusCode).toBe(401);
    expect((await get(c.otherTeacher, url)).statusCode).toBe(403);
    expect((await get(c.parent, url)).statusCode).toBe(403);
    expect(
      (await put(c.otherTeacher, past[0] as string, { attendances: [mark(mia, 'present')] }))
        .statusCode,
    ).toBe(403);
    expect(
      (await put(c.parent, past[0] as string, { attendances: [mark(mia, 'present')] })).statusCode,
    ).toBe(403);
    expect((await get(c.teacher, ATTENDANCE_API.klass(2_147_483_647))).statusCode).toBe(404);
    expect(
      (await put(c.teacher, '2147483647', { attendances: [mark(mia, 'present')] })).statusCode,
    ).toBe(404);
    expect(await rowsOf(past[0] as string)).toHaveLength(0);
  });

  it('saves marks once: saving the same again changes nothing, a new status updates, null takes a mark back', async () => {
    const id = past[1] as string;
    const first = await put(c.teacher, id, {
      attendances: [mark(mia, 'present'), mark(leo, 'late')],
    });
    expect(first.statusCode).toBe(200);
    expect(statusesOf(first.json())).toEqual({
      'Leo Parent': 'late',
      'Mia Parent': 'present',
      'Zoe Student': null,
    });
    const saved = await rowsOf(id);
    expect(saved).toHaveLength(2);
    expect(saved.every((r) => r.markedById === c.teacher.id)).toBe(true);

    // The same marks again, by an admin this time: nothing is rewritten, not even who marked.
    const again = await put(c.admin, id, {
      attendances: [mark(mia, 'present'), mark(leo, 'late')],
    });
    expect(again.statusCode).toBe(200);
    expect(await rowsOf(id)).toEqual(saved);

    const changed = await put(c.admin, id, {
      attendances: [mark(leo, 'absent'), mark(mia, null), mark(zoe, 'present')],
    });
    expect(changed.statusCode).toBe(200);
    expect(statusesOf(changed.json())).toEqual({
      'Leo Parent': 'absent',
      'Mia Parent': null,
      'Zoe Student': 'present',
    });
    const rows = await rowsOf(id);
    expect(rows.map((r) => [r.attendeeProfileId, r.status, r.markedById])).toEqual(
      [
        [leo, 'absent', c.admin.id],
        [zoe, 'present', c.admin.id],
      ].sort((a, b) => Number(a[0]) - Number(b[0])),
    );
    // The roll says when each mark was made.
    const roll = (await get(c.teacher, ATTENDANCE_API.klass(id))).json();
    const leoEntry = roll.data.attributes.attendees.find(
      (a: { name: string }) => a.name === 'Leo Parent',
    );
    expect(Date.parse(leoEntry.marked_at)).toBeGreaterThan(0);
  });

  it('refuses attendees who are not enrolled with 422 naming the entry, and saves none of the marks', async () => {
    const id = past[2] as string;
    for (const other of [ivy, kai, 2_147_483_647]) {
      const res = await put(c.teacher, id, {
        attendances: [mark(mia, 'present'), mark(other, 'present')],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        {
          status: '422',
          code: 'validation',
          detail: ATTENDANCE_MESSAGES.notEnrolled,
          meta: { type: 'validate', field: '1.attendee_profile_id' },
        },
      ]);
    }
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('answers bad bodies and ids with 422 field messages, never a 500', async () => {
    const id = past[2] as string;
    const fieldsOf = async (payload: unknown, klassId = id) => {
      const res = await put(c.teacher, klassId, payload);
      expect(res.statusCode).toBe(422);
      return res.json().errors.map((e: { meta: { field: string } }) => e.meta.field);
    };
    expect(await fieldsOf({ attendances: [mark(mia, 'present'), mark(mia, 'late')] })).toEqual([
      '1.attendee_profile_id',
    ]);
    expect(await fieldsOf({ attendances: [mark(mia, 'here')] })).toEqual(['0.status']);
    expect(
      await fieldsOf({ attendances: [{ attendee_profile_id: mia, status: 'present' }] }),
    ).toEqual(['0.attendee_profile_id']);
    expect(
      await fieldsOf({ attendances: [{ attendee_profile_id: '0', status: 'present' }] }),
    ).toEqual(['0.attendee_profile_id']);
    expect(await fieldsOf({ attendances: [{ status: 'present' }] })).toEqual([
      '0.attendee_profile_id',
    ]);
    expect(await fieldsOf({ attendances: [] })).toEqual(['attendances']);
    expect(await fieldsOf({ attendances: 'everyone' })).toEqual(['attendances']);
    expect(await fieldsOf({})).toEqual(['attendances']);
    expect(
      await fieldsOf({
        attendances: Array.from({ length: 201 }, (_v, i) => mark(i + 1, 'present')),
      }),
    ).toEqual(['attendances']);
    expect(await fieldsOf({ attendances: [mark(mia, 'present')] }, 'abc')).toEqual(['id']);
    for (const url of [
      ATTENDANCE_API.klass('-1'),
      ATTENDANCE_API.klass('1e3'),
      ATTENDANCE_API.klass('99999999999'),
      `${ATTENDANCE_API.family}?page=0`,
      `${ATTENDANCE_API.family}?attendee_profile_id=x`,
      `${ATTENDANCE_API.family}?klass_id=-2`,
      `${ATTENDANCE_API.schedule('abc')}`,
      `${ATTENDANCE_API.schedule(scheduleId)}?page=two`,
    ]) {
      const res = await get(c.admin, url);
      expect(res.statusCode, url).toBe(422);
    }
    const notJson = await t.app.inject({
      method: 'PUT',
      url: ATTENDANCE_API.klass(id),
      headers: { ...as(c.teacher), 'content-type': 'application/json' },
      payload: '{"attendances": [',
    });
    expect(notJson.statusCode).toBe(400);
    expect(await rowsOf(id)).toHaveLength(0);
  });

  it('refuses marks for a cancelled session and before the session’s day (409), with the reason', async () => {
    const cancelled = await put(c.teacher, past[7] as string, {
      attendances: [mark(mia, 'present')],
    });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().errors[0].detail).toBe(ATTENDANCE_MESSAGES.cancelled);

    const early = await put(c.teacher, future, { attendances: [mark(mia, 'present')] });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0]).toMatchObject({
      detail: ATTENDANCE_MESSAGES.tooEarly,
      meta: { markable_from: '2030-03-09T05:00:00.000Z' },
    });
    expect(
      (await get(c.teacher, ATTENDANCE_API.klass(future))).json().data.attributes,
    ).toMatchObject({
      markable: false,
      klass_status: 'scheduled',
    });
    expect(
      (await get(c.teacher, ATTENDANCE_API.klass(past[7] as string))).json().data.attributes
        .markable,
    ).toBe(false);
    // Today's class, which has begun, is marked.
    const now = await put(c.teacher, today, {
      attendances: [mark(mia, 'present'), mark(leo, 'absent')],
    });
    expect(now.statusCode).toBe(200);
  });

  it('takes marks from midnight of the session’s day in the schedule’s zone, not before', async () => {
    // The 2030 session starts at 10:00 in New York (15:00 UTC); its day starts at 05:00 UTC.
    expect(markableFrom(new Date('2030-03-09T15:00:00Z'), 'America/New_York').toISOString()).toBe(
      '2030-03-09T05:00:00.000Z',
    );
    const at = (iso: string) => ({
      db: t.database.db,
      now: () => new Date(iso),
      reads: attendanceReads,
    });
    const teacher = { id: c.teacher.id, role: 'teacher' as const };
    const marks = [{ attendee_profile_id: zoe, status: 'late' as const }];
    await expect(
      markAttendance(at('2030-03-09T04:59:59Z'), teacher, Number(future), marks),
    ).rejects.toMatchObject({ code: 'conflict', detail: ATTENDANCE_MESSAGES.tooEarly });
    await expect(
      markAttendance(at('2030-03-09T04:59:59Z'), teacher, Number(future), marks),
    ).rejects.toBeInstanceOf(AppError);
    const roll = await markAttendance(at('2030-03-09T05:00:00Z'), teacher, Number(future), marks);
    expect(roll.data.attributes.attendees.find((a) => a.name === 'Zoe Student')?.status).toBe(
      'late',
    );
  });

  it('shows a family only its own children’s marks of sessions that have started, the latest first', async () => {
    const res = await get(c.parent, ATTENDANCE_API.family);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    // Seven past Saturdays (the eighth was cancelled) and today's class, for Mia and Leo; not 2030.
    expect(body.meta).toEqual({ total: 16, page: 1, per_page: 20 });
    const rows = body.data.map(
      (r: { attributes: { klass_id: string; attendee_name: string; status: string | null } }) => [
        r.attributes.klass_id,
        r.attributes.attendee_name,
        r.attributes.status,
      ],
    );
    expect(rows.slice(0, 2)).toEqual([
      [today, 'Leo Parent', 'absent'],
      [today, 'Mia Parent', 'present'],
    ]);
    expect(rows).toContainEqual([past[1], 'Leo Parent', 'absent']);
    expect(rows).toContainEqual([past[1], 'Mia Parent', null]);
    expect(rows.some((r: string[]) => r[0] === future || r[0] === past[7])).toBe(false);
    expect(rows.some((r: string[]) => r[1] === 'Zoe Student')).toBe(false);
    expect(body.data[0]).toMatchObject({
      id: `${today}-${leo}`,
      type: 'attendances',
      attributes: {
        klass_group_name: 'Comics Drawing',
        schedule_name: 'Saturdays',
        time_zone: 'America/New_York',
        attendee_profile_id: String(leo),
      },
    });

    // One child, one session, the next page.
    const miaOnly = (
      await get(c.parent, `${ATTENDANCE_API.family}?attendee_profile_id=${mia}`)
    ).json();
    expect(miaOnly.meta.total).toBe(8);
    expect(
      miaOnly.data.every(
        (r: { attributes: { attendee_name: string } }) =>
          r.attributes.attendee_name === 'Mia Parent',
      ),
    ).toBe(true);
    const oneKlass = (await get(c.parent, `${ATTENDANCE_API.family}?klass_id=${past[1]}`)).json();
    expect(oneKlass.data.map((r: { id: string }) => r.id)).toEqual([
      `${past[1]}-${leo}`,
      `${past[1]}-${mia}`,
    ]);
    const page2 = (await get(c.parent, `${ATTENDANCE_API.family}?page=2`)).json();
    expect(page2.data).toHaveLength(0);
    expect(page2.meta).toEqual({ total: 16, page: 2, per_page: 20 });
  });

  it('answers 404 for another family’s child, and nothing of other families’ sessions', async () => {
    expect(
      (await get(c.parent, `${ATTENDANCE_API.family}?attendee_profile_id=${zoe}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(c.student, `${ATTENDANCE_API.family}?attendee_profile_id=${mia}`)).statusCode,
    ).toBe(404);
    expect(
      (await get(c.parent, `${ATTENDANCE_API.family}?attendee_profile_id=2147483647`)).statusCode,
    ).toBe(404);
    expect((await get(undefined, ATTENDANCE_API.family)).statusCode).toBe(401);
    // Sam sees his own: Zoe, and Kai in his other schedule (unmarked); not Ivy, whose enrollment
    // was cancelled.
    const sam = (await get(c.student, ATTENDANCE_API.family)).json();
    const names = new Set(
      sam.data.map((r: { attributes: { attendee_name: string } }) => r.attributes.attendee_name),
    );
    expect([...names].sort()).toEqual(['Kai Student', 'Zoe Student']);
    // Staff have no children: an empty list.
    const teacher = (await get(c.teacher, ATTENDANCE_API.family)).json();
    expect(teacher).toEqual({ data: [], meta: { total: 0, page: 1, per_page: 20 } });
  });

  it('runs the family list in a fixed number of statements', async () => {
    // A first request puts the parent's session in the auth hook's cache.
    await get(c.parent, ATTENDANCE_API.family);
    const before = t.database.queryCount();
    expect((await get(c.parent, ATTENDANCE_API.family)).statusCode).toBe(200);
    // The page and its total.
    expect(t.database.queryCount() - before).toBe(2);
  });

  it('gives admins and the teacher the schedule’s sessions × attendees with counts', async () => {
    await get(c.admin, ATTENDANCE_API.schedule(scheduleId));
    const before = t.database.queryCount();
    const res = await get(c.admin, ATTENDANCE_API.schedule(scheduleId));
    // Schedule, attendees, sessions, their total, their marks: whatever the page holds.
    expect(t.database.queryCount() - before).toBe(5);
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.meta).toEqual({
      total: 10,
      page: 1,
      per_page: 20,
      time_zone: 'America/New_York',
      attendees: [
        { id: String(leo), name: 'Leo Parent' },
        { id: String(mia), name: 'Mia Parent' },
        { id: String(zoe), name: 'Zoe Student' },
      ],
    });
    const ids = body.data.map((s: { id: string }) => s.id);
    expect(ids).toEqual([...past, today, future]);
    const klass = (id: string) => body.data.find((s: { id: string }) => s.id === id).attributes;
    expect(klass(past[0] as string).counts).toEqual({
      present: 0,
      absent: 0,
      late: 0,
      unmarked: 3,
    });
    expect(klass(past[1] as string).counts).toEqual({
      present: 1,
      absent: 1,
      late: 0,
      unmarked: 1,
    });
    expect(klass(past[1] as string).marks).toEqual(
      expect.arrayContaining([
        { attendee_profile_id: String(leo), status: 'absent' },
        { attendee_profile_id: String(zoe), status: 'present' },
      ]),
    );
    expect(klass(past[7] as string)).toMatchObject({
      klass_status: 'cancelled',
      counts: { present: 0, absent: 0, late: 0, unmarked: 0 },
    });
    expect((await get(c.teacher, ATTENDANCE_API.schedule(scheduleId))).statusCode).toBe(200);
    expect((await get(c.otherTeacher, ATTENDANCE_API.schedule(scheduleId))).statusCode).toBe(403);
    expect((await get(c.parent, ATTENDANCE_API.schedule(scheduleId))).statusCode).toBe(403);
    expect((await get(c.admin, ATTENDANCE_API.schedule(2_147_483_647))).statusCode).toBe(404);
    const empty = (await get(c.admin, `${ATTENDANCE_API.schedule(scheduleId)}?page=2`)).json();
    expect(empty.data).toEqual([]);
  });

  // Last: it gives the programme Japanese names (docs/architecture.md#translated-content).
  it("names the programme and schedule in the reader's language: the teacher's roll and the family's marks", async () => {
    const [row] = await t.database.db
      .select({ groupId: klassGroupSchedules.klassGroupId })
      .from(klassGroupSchedules)
      .where(eq(klassGroupSchedules.id, Number(scheduleId)));
    for (const [url, payload] of [
      [
        `/api/v1/klass_groups/${row?.groupId}`,
        { klass_group: { translations: { ja: { name: 'マンガ教室' } } } },
      ],
      [
        `/api/v1/klass_group_schedules/${scheduleId}`,
        { klass_group_schedule: { translations: { ja: { name: '土曜クラス' } } } },
      ],
    ] as const) {
      expect(
        (await t.app.inject({ method: 'PATCH', url, headers: as(c.admin), payload })).statusCode,
      ).toBe(200);
    }
    const read = async (who: Person, url: string, language: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url,
          headers: { ...as(who), 'accept-language': language },
        })
      ).json().data;
    const roll = (language: string) =>
      read(c.teacher, ATTENDANCE_API.klass(past[0] as string), language);
    expect((await roll('ja')).attributes).toMatchObject({
      klass_group_name: 'マンガ教室',
      schedule_name: '土曜クラス',
    });
    expect((await roll('en')).attributes).toMatchObject({
      klass_group_name: 'Comics Drawing',
      schedule_name: 'Saturdays',
    });
    expect((await read(c.parent, ATTENDANCE_API.family, 'ja'))[0].attributes).toMatchObject({
      klass_group_name: 'マンガ教室',
      schedule_name: '土曜クラス',
    });
    expect((await read(c.parent, ATTENDANCE_API.family, 'en'))[0].attributes).toMatchObject({
      klass_group_name: 'Comics Drawing',
      schedule_name: 'Saturdays',
    });
  });
});
