import {
  flatten,
  type KlassResource,
  scheduleDocumentSchema,
  scheduleListDocumentSchema,
  schedulePreviewDocumentSchema,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  as,
  type Cast,
  enroll,
  hold,
  planBody,
  programmeBody,
  programmeWithSchedule,
  scheduleBody,
} from './classes-testing';

describe('schedules, sessions and add-ons', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let groupId: string;
  let planId: string;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    groupId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/klass_groups',
        headers: as(c.admin),
        payload: programmeBody({ slug: 'schedules-home' }),
      })
    ).json().data.id;
    planId = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/plans',
        headers: as(c.admin),
        payload: planBody(),
      })
    ).json().data.id;
  }, 60_000);
  afterAll(() => t.close());

  const createSchedule = (overrides: Record<string, unknown> = {}, teacherId = c.teacher.id) =>
    t.app.inject({
      method: 'POST',
      url: `/api/v1/klass_groups/${groupId}/schedules`,
      headers: as(c.admin),
      payload: scheduleBody(teacherId, [planId], overrides),
    });
  const getSchedule = (id: string, who: { token: string } = c.admin) =>
    t.app.inject({ method: 'GET', url: `/api/v1/klass_group_schedules/${id}`, headers: as(who) });
  const klassesOf = (doc: unknown) =>
    (scheduleDocumentSchema.parse(doc).included ?? []).filter(
      (r): r is KlassResource => r.type === 'klasses',
    );
  const fieldsOf = (body: { errors: { meta?: { field?: string }; detail: string }[] }) =>
    Object.fromEntries(body.errors.map((e) => [e.meta?.field, e.detail]));

  it('generates sessions that keep 10:00 New York time across the March DST change', async () => {
    const res = await createSchedule({
      name: 'Spring Sundays',
      start_date: '2030-03-03',
      end_date: '2030-03-17',
      slots: [{ weekday: 7, start_time: '10:00', end_time: '12:00' }],
    });
    expect(res.statusCode).toBe(201);
    // 2030-03-10 is the second Sunday of March: EST (−5) before it, EDT (−4) from it.
    expect(
      klassesOf(res.json()).map((k) => [k.attributes.starts_at, k.attributes.ends_at]),
    ).toEqual([
      ['2030-03-03T15:00:00.000Z', '2030-03-03T17:00:00.000Z'],
      ['2030-03-10T14:00:00.000Z', '2030-03-10T16:00:00.000Z'],
      ['2030-03-17T14:00:00.000Z', '2030-03-17T16:00:00.000Z'],
    ]);
    expect(res.json().data.attributes).toMatchObject({
      klasses_count: 3,
      time_zone: 'America/New_York',
    });
  });

  it('previews the sessions of a pattern across the November DST change without saving', async () => {
    const before = await t.app.inject({
      method: 'GET',
      url: '/api/v1/klass_group_schedules',
      headers: as(c.admin),
    });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/klass_group_schedules/preview',
      headers: as(c.admin),
      payload: {
        klass_group_schedule: {
          time_zone: 'America/New_York',
          start_date: '2030-10-26',
          end_date: '2030-11-09',
          slots: [{ weekday: 6, start_time: '10:00', end_time: '11:30' }],
          exception_dates: [],
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const doc = schedulePreviewDocumentSchema.parse(res.json());
    // 2030-11-03 is the first Sunday of November: EDT (−4) before it, EST (−5) after.
    expect(doc.data.map((k) => k.attributes.starts_at)).toEqual([
      '2030-10-26T14:00:00.000Z',
      '2030-11-02T14:00:00.000Z',
      '2030-11-09T15:00:00.000Z',
    ]);
    expect(doc.data.every((k) => k.attributes.local_start_time === '10:00')).toBe(true);
    const after = await t.app.inject({
      method: 'GET',
      url: '/api/v1/klass_group_schedules',
      headers: as(c.admin),
    });
    expect(after.json().meta.total).toBe(before.json().meta.total);
  });

  it('skips exception dates (holidays) and the preview names the ones that removed a session', async () => {
    const pattern = {
      time_zone: 'America/New_York',
      start_date: '2030-11-18',
      end_date: '2030-12-06',
      slots: [{ weekday: 4, start_time: '16:00', end_time: '17:30' }],
      exception_dates: ['2030-11-28'],
    };
    const preview = await t.app.inject({
      method: 'POST',
      url: '/api/v1/klass_group_schedules/preview',
      headers: as(c.admin),
      payload: { klass_group_schedule: pattern },
    });
    expect(preview.json().meta).toEqual({ total: 2, skipped_dates: ['2030-11-28'] });
    const res = await createSchedule({ name: 'Thursdays', ...pattern });
    expect(res.statusCode).toBe(201);
    expect(klassesOf(res.json()).map((k) => k.attributes.starts_at)).toEqual([
      '2030-11-21T21:00:00.000Z',
      '2030-12-05T21:00:00.000Z',
    ]);
    expect(res.json().data.attributes.exception_dates).toEqual(['2030-11-28']);
  });

  it('answers 422 with a message per field: dates, capacity, time zone, teacher, plans, times', async () => {
    const res = await createSchedule({
      start_date: '2030-03-10',
      end_date: '2030-03-01',
      capacity: 0,
      time_zone: 'Mars/Olympus_Mons',
      plan_ids: [],
    });
    expect(res.statusCode).toBe(422);
    expect(fieldsOf(res.json())).toEqual({
      capacity: 'Must be at least 1',
      time_zone: 'Unknown time zone: use an IANA name such as America/New_York',
      plan_ids: 'Choose at least one plan',
    });

    const rules = await createSchedule(
      {
        start_date: '2030-03-10',
        end_date: '2030-03-01',
        slots: [
          { weekday: 1, start_time: '10:00', end_time: '09:00' },
          { weekday: 2, start_time: '10:00', end_time: '12:00' },
          { weekday: 2, start_time: '11:00', end_time: '13:00' },
        ],
        exception_dates: ['2031-01-01'],
        plan_ids: ['999999'],
      },
      999_999,
    );
    expect(rules.statusCode).toBe(422);
    expect(fieldsOf(rules.json())).toEqual({
      end_date: 'Must be on or after the start date',
      'slots.0.end_time': 'Must be after the start time',
      'slots.2.start_time': 'Overlaps another time on the same weekday',
      'exception_dates.0': 'Must be between the start and end dates',
      teacher_id: 'Unknown teacher',
      plan_ids: 'Unknown plan: 999999',
    });

    const student = await createSchedule({}, c.student.id);
    expect(fieldsOf(student.json())).toEqual({ teacher_id: 'Choose a user with the teacher role' });

    const tooMany = await createSchedule({
      start_date: '2030-01-01',
      end_date: '2031-12-31',
      slots: [1, 2, 3, 4, 5].map((weekday) => ({
        weekday,
        start_time: '09:00',
        end_time: '10:00',
      })),
    });
    expect(fieldsOf(tooMany.json())).toEqual({
      end_date: 'The pattern makes more than 500 sessions: choose an earlier end date',
    });
  });

  it('lets a teacher read the schedules they teach, and only those', async () => {
    const mine = (await createSchedule({ name: 'Taught by Theo' })).json().data.id;
    const theirs = (await createSchedule({ name: 'Taught by Olga' }, c.otherTeacher.id)).json().data
      .id;
    expect((await getSchedule(mine, c.teacher)).statusCode).toBe(200);
    const other = await getSchedule(theirs, c.teacher);
    expect(other.statusCode).toBe(403);
    expect((await getSchedule(theirs, c.otherTeacher)).statusCode).toBe(200);
    expect((await getSchedule(mine, c.student)).statusCode).toBe(403);

    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/klass_group_schedules',
      headers: as(c.otherTeacher),
    });
    const doc = scheduleListDocumentSchema.parse(list.json());
    expect(doc.data.map((s) => s.id)).toEqual([theirs]);
    expect(doc.meta.total).toBe(1);
  });

  it('moves and cancels single sessions, keeping cancelled rows, and adds extra sessions', async () => {
    const created = await createSchedule({ name: 'Editable' });
    const id = created.json().data.id;
    const [first, second] = klassesOf(created.json());
    const moved = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klasses/${first?.id}`,
      headers: as(c.admin),
      payload: {
        klass: { starts_at: '2030-01-06T15:00:00-05:00', ends_at: '2030-01-06T17:00:00-05:00' },
      },
    });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().data.attributes).toMatchObject({
      starts_at: '2030-01-06T20:00:00.000Z',
      original_starts_at: '2030-01-05T15:00:00.000Z',
      status: 'scheduled',
    });
    const cancelled = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klasses/${second?.id}`,
      headers: as(c.admin),
      payload: { klass: { status: 'cancelled' } },
    });
    expect(cancelled.json().data.attributes.status).toBe('cancelled');
    const backwards = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klasses/${second?.id}`,
      headers: as(c.admin),
      payload: { klass: { ends_at: '2030-01-01T00:00:00Z' } },
    });
    expect(fieldsOf(backwards.json())).toEqual({ ends_at: 'Must be after the start' });

    const extra = await t.app.inject({
      method: 'POST',
      url: `/api/v1/klass_group_schedules/${id}/klasses`,
      headers: as(c.admin),
      payload: { klass: { starts_at: '2030-03-01T15:00:00Z', ends_at: '2030-03-01T17:00:00Z' } },
    });
    expect(extra.statusCode).toBe(201);
    expect(extra.json().data.attributes).toMatchObject({
      origin: 'extra',
      original_starts_at: null,
    });

    const after = await getSchedule(id);
    const klasses = klassesOf(after.json());
    expect(klasses).toHaveLength(9);
    expect(klasses.filter((k) => k.attributes.status === 'cancelled').map((k) => k.id)).toEqual([
      second?.id,
    ]);
    expect(after.json().data.attributes.klasses_count).toBe(8);
  });

  it('re-makes untouched future sessions when the pattern changes, keeping the ones people edited', async () => {
    const created = await createSchedule({ name: 'Retimed' });
    const id = created.json().data.id;
    const klasses = klassesOf(created.json());
    const [jan5, jan12, jan19] = klasses;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klasses/${jan12?.id}`,
      headers: as(c.admin),
      payload: { klass: { status: 'cancelled' } },
    });
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klasses/${jan19?.id}`,
      headers: as(c.admin),
      payload: { klass: { starts_at: '2030-01-20T15:00:00Z', ends_at: '2030-01-20T17:00:00Z' } },
    });
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_group_schedules/${id}`,
      headers: as(c.admin),
      payload: {
        klass_group_schedule: {
          end_date: '2030-03-02',
          slots: [{ weekday: 6, start_time: '13:00', end_time: '15:00' }],
        },
      },
    });
    expect(res.statusCode).toBe(200);
    const after = klassesOf(res.json()).map((k) => [
      k.id,
      k.attributes.starts_at,
      k.attributes.status,
    ]);
    expect(after).toEqual([
      [jan5?.id, '2030-01-05T18:00:00.000Z', 'scheduled'], // same session, new time
      [jan12?.id, '2030-01-12T15:00:00.000Z', 'cancelled'], // still cancelled, not doubled
      [jan19?.id, '2030-01-20T15:00:00.000Z', 'scheduled'], // moved by hand: stays
      ...['01-26', '02-02', '02-09', '02-16', '02-23'].map((d) => [
        expect.any(String),
        `2030-${d}T18:00:00.000Z`,
        'scheduled',
      ]),
      [expect.any(String), '2030-03-02T18:00:00.000Z', 'scheduled'], // new occurrence
    ]);
    // Shortening the run removes the untouched sessions past the new end.
    const shorter = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_group_schedules/${id}`,
      headers: as(c.admin),
      payload: { klass_group_schedule: { end_date: '2030-01-31' } },
    });
    expect(klassesOf(shorter.json()).map((k) => k.attributes.starts_at)).toEqual([
      '2030-01-05T18:00:00.000Z',
      '2030-01-12T15:00:00.000Z',
      '2030-01-20T15:00:00.000Z',
      '2030-01-26T18:00:00.000Z',
    ]);
  });

  it('counts seats left from capacity, active holds and active enrollments', async () => {
    const id = (await createSchedule({ name: 'Seats', capacity: 5 })).json().data.id;
    await hold(t, id, 2, new Date(Date.now() + 15 * 60_000));
    await hold(t, id, 3, new Date(Date.now() - 60_000)); // expired: counts for nothing
    await enroll(t, id, [c.parent.attendees.mia]);
    await enroll(t, id, [c.parent.attendees.leo], 'cancelled'); // refunded: seat freed
    const res = await getSchedule(id);
    expect(res.json().data.attributes).toMatchObject({
      capacity: 5,
      seats_held: 2,
      enrolled_count: 1,
      enrollments_count: 2,
      seats_left: 2,
    });
    const roster = flatten(res.json()) as unknown as {
      enrollments: { status: string; attendee_profile: { name: string } }[];
    };
    expect(roster.enrollments.map((e) => [e.attendee_profile.name, e.status])).toEqual([
      ['Mia Parent', 'active'],
      ['Leo Parent', 'cancelled'],
    ]);
    const shrink = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_group_schedules/${id}`,
      headers: as(c.admin),
      payload: { klass_group_schedule: { capacity: 2 } },
    });
    expect(fieldsOf(shrink.json())).toEqual({
      capacity: 'Cannot be below the 3 seats already taken',
    });
  });

  it('never shows seats left below zero when holds exceed capacity', async () => {
    const id = (await createSchedule({ name: 'Overheld', capacity: 1 })).json().data.id;
    await hold(t, id, 3, new Date(Date.now() + 60_000));
    expect((await getSchedule(id)).json().data.attributes.seats_left).toBe(0);
  });

  it('deletes a schedule with its sessions, but refuses with 409 once anyone enrolled', async () => {
    const free = (await createSchedule({ name: 'Deletable' })).json().data.id;
    const del = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/klass_group_schedules/${free}`,
      headers: as(c.admin),
    });
    expect(del.statusCode).toBe(204);
    expect((await getSchedule(free)).statusCode).toBe(404);

    const taken = (await createSchedule({ name: 'Kept' })).json().data.id;
    await enroll(t, taken, [c.parent.attendees.leo]);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/klass_group_schedules/${taken}`,
      headers: as(c.admin),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].detail).toBe(
      'This schedule cannot be deleted: it has 1 enrollment.',
    );
  });

  it('changes the offered plans and manages add-ons', async () => {
    const second = (
      await t.app.inject({
        method: 'POST',
        url: '/api/v1/plans',
        headers: as(c.admin),
        payload: planBody({ name: 'Monthly', unit_type: 'month' }),
      })
    ).json().data.id;
    const id = (await createSchedule({ name: 'Priced' })).json().data.id;
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_group_schedules/${id}`,
      headers: as(c.admin),
      payload: { klass_group_schedule: { plan_ids: [second] } },
    });
    const flat = flatten(patched.json()) as unknown as {
      klass_group_schedule_plans: { plan: { id: string; name: string } }[];
    };
    expect(flat.klass_group_schedule_plans.map((l) => l.plan.name)).toEqual(['Monthly']);

    const addon = await t.app.inject({
      method: 'POST',
      url: `/api/v1/klass_group_schedules/${id}/addons`,
      headers: as(c.admin),
      payload: { addon: { name: 'Materials kit', price: 2500 } },
    });
    expect(addon.statusCode).toBe(201);
    const addonId = addon.json().data.id;
    const negative = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_group_schedule_addons/${addonId}`,
      headers: as(c.admin),
      payload: { addon: { price: -5 } },
    });
    expect(fieldsOf(negative.json())).toEqual({ price: 'Must not be negative' });
    const renamed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_group_schedule_addons/${addonId}`,
      headers: as(c.admin),
      payload: { addon: { name: 'Paper and paints' } },
    });
    expect(renamed.json().data.attributes).toEqual({
      klass_group_schedule_id: id,
      name: 'Paper and paints',
      price: 2500,
      translations: {},
    });
    const removed = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/klass_group_schedule_addons/${addonId}`,
      headers: as(c.admin),
    });
    expect(removed.statusCode).toBe(204);
    const gone = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/klass_group_schedule_addons/${addonId}`,
      headers: as(c.admin),
    });
    expect(gone.statusCode).toBe(404);
  });

  it('answers 404 for a schedule of an unknown programme and 422 for a malformed id', async () => {
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/api/v1/klass_groups/999999/schedules',
      headers: as(c.admin),
      payload: scheduleBody(c.teacher.id, [planId]),
    });
    expect(unknown.statusCode).toBe(404);
    const malformed = await t.app.inject({
      method: 'GET',
      url: '/api/v1/klass_group_schedules/abc',
      headers: as(c.admin),
    });
    expect(malformed.statusCode).toBe(422);
    expect(malformed.json().errors[0].meta).toEqual({ type: 'validate', field: 'id' });
  });

  it('makes sessions for a programme created by the helper too', async () => {
    const made = await programmeWithSchedule(t, c);
    expect(klassesOf(made.schedule)).toHaveLength(8);
  });
});
