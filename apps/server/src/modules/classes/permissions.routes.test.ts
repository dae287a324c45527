import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  as,
  type Cast,
  multipartFile,
  planBody,
  programmeBody,
  programmeWithSchedule,
  scheduleBody,
} from './classes-testing';

type Who = 'guest' | 'student' | 'teacher' | 'admin';
type Method = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
type Case = {
  method: Method;
  /** Makes what the request needs (fresh for deletes) and returns the URL. */
  url: () => Promise<string>;
  payload?: () => { body: unknown; headers?: Record<string, string> };
  /** Who may call it; everyone else gets 401 (guest) or 403. */
  allowed: Who[] | 'everyone';
  status: number;
};

// Every endpoint of the classes module and the calendar, called by a guest, a student, a teacher
// and an admin. Those not allowed go first, so a refused delete that still deleted would make the
// admin's call fail.
describe('permissions per role on every endpoint', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let fixture: Awaited<ReturnType<typeof programmeWithSchedule>>;
  let klassId: string;
  let addonId: string;
  let image: Buffer;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    fixture = await programmeWithSchedule(t, c);
    const schedule = await t.app.inject({
      method: 'GET',
      url: `/api/v1/klass_group_schedules/${fixture.scheduleId}`,
      headers: as(c.admin),
    });
    klassId = schedule.json().included.find((r: { type: string }) => r.type === 'klasses').id;
    addonId = (await newAddon()).toString();
    image = await sharp({ create: { width: 20, height: 20, channels: 3, background: '#41d9a0' } })
      .png()
      .toBuffer();
  }, 120_000);
  afterAll(() => t.close());

  const post = async (url: string, body: unknown) =>
    (
      await t.app.inject({ method: 'POST', url, headers: as(c.admin), payload: body as object })
    ).json().data.id as string;
  const newGroup = () =>
    post('/api/v1/klass_groups', programmeBody({ slug: undefined, name: `G ${Math.random()}` }));
  const newPlan = () => post('/api/v1/plans', planBody());
  const newSchedule = () =>
    post(
      `/api/v1/klass_groups/${fixture.groupId}/schedules`,
      scheduleBody(c.teacher.id, [fixture.planId]),
    );
  const newAddon = () =>
    post(`/api/v1/klass_group_schedules/${fixture.scheduleId}/addons`, {
      addon: { name: 'Kit', price: 100 },
    });
  const fixed = (url: string) => async () => url;

  const cases: Record<string, Case> = {
    'GET klass_groups': {
      method: 'GET',
      url: fixed('/api/v1/klass_groups'),
      allowed: ['admin'],
      status: 200,
    },
    'POST klass_groups': {
      method: 'POST',
      url: fixed('/api/v1/klass_groups'),
      payload: () => ({ body: programmeBody({ name: `New ${Math.random()}`, slug: undefined }) }),
      allowed: ['admin'],
      status: 201,
    },
    'GET klass_groups/{id}': {
      method: 'GET',
      url: async () => `/api/v1/klass_groups/${fixture.groupId}`,
      allowed: ['admin'],
      status: 200,
    },
    'PATCH klass_groups/{id}': {
      method: 'PATCH',
      url: async () => `/api/v1/klass_groups/${fixture.groupId}`,
      payload: () => ({ body: { klass_group: { description: 'Changed' } } }),
      allowed: ['admin'],
      status: 200,
    },
    'DELETE klass_groups/{id}': {
      method: 'DELETE',
      url: async () => `/api/v1/klass_groups/${await newGroup()}`,
      allowed: ['admin'],
      status: 204,
    },
    'PUT klass_groups/{id}/image': {
      method: 'PUT',
      url: async () => `/api/v1/klass_groups/${fixture.groupId}/image`,
      payload: () => {
        const form = multipartFile('image', 'a.png', 'image/png', image);
        return { body: form.payload, headers: form.headers };
      },
      allowed: ['admin'],
      status: 200,
    },
    'DELETE klass_groups/{id}/image': {
      method: 'DELETE',
      url: async () => `/api/v1/klass_groups/${fixture.groupId}/image`,
      allowed: ['admin'],
      status: 200,
    },
    'POST klass_groups/{id}/schedules': {
      method: 'POST',
      url: async () => `/api/v1/klass_groups/${fixture.groupId}/schedules`,
      payload: () => ({ body: scheduleBody(c.teacher.id, [fixture.planId]) }),
      allowed: ['admin'],
      status: 201,
    },
    'GET klass_group_schedules': {
      method: 'GET',
      url: fixed('/api/v1/klass_group_schedules'),
      allowed: ['teacher', 'admin'],
      status: 200,
    },
    'POST klass_group_schedules/preview': {
      method: 'POST',
      url: fixed('/api/v1/klass_group_schedules/preview'),
      payload: () => {
        const { name, teacher_id, capacity, plan_ids, ...pattern } = scheduleBody(c.teacher.id, [
          fixture.planId,
        ]).klass_group_schedule;
        return { body: { klass_group_schedule: pattern } };
      },
      allowed: ['admin'],
      status: 200,
    },
    'GET klass_group_schedules/{id} (its teacher)': {
      method: 'GET',
      url: async () => `/api/v1/klass_group_schedules/${fixture.scheduleId}`,
      allowed: ['teacher', 'admin'],
      status: 200,
    },
    'PATCH klass_group_schedules/{id}': {
      method: 'PATCH',
      url: async () => `/api/v1/klass_group_schedules/${fixture.scheduleId}`,
      payload: () => ({ body: { klass_group_schedule: { capacity: 12 } } }),
      allowed: ['admin'],
      status: 200,
    },
    'DELETE klass_group_schedules/{id}': {
      method: 'DELETE',
      url: async () => `/api/v1/klass_group_schedules/${await newSchedule()}`,
      allowed: ['admin'],
      status: 204,
    },
    'POST klass_group_schedules/{id}/klasses': {
      method: 'POST',
      url: async () => `/api/v1/klass_group_schedules/${fixture.scheduleId}/klasses`,
      payload: () => ({
        body: { klass: { starts_at: '2030-06-01T14:00:00Z', ends_at: '2030-06-01T16:00:00Z' } },
      }),
      allowed: ['admin'],
      status: 201,
    },
    'PATCH klasses/{id}': {
      method: 'PATCH',
      url: async () => `/api/v1/klasses/${klassId}`,
      payload: () => ({ body: { klass: { status: 'cancelled' } } }),
      allowed: ['admin'],
      status: 200,
    },
    'POST klass_group_schedules/{id}/addons': {
      method: 'POST',
      url: async () => `/api/v1/klass_group_schedules/${fixture.scheduleId}/addons`,
      payload: () => ({ body: { addon: { name: 'Apron', price: 900 } } }),
      allowed: ['admin'],
      status: 201,
    },
    'PATCH klass_group_schedule_addons/{id}': {
      method: 'PATCH',
      url: async () => `/api/v1/klass_group_schedule_addons/${addonId}`,
      payload: () => ({ body: { addon: { price: 150 } } }),
      allowed: ['admin'],
      status: 200,
    },
    'DELETE klass_group_schedule_addons/{id}': {
      method: 'DELETE',
      url: async () => `/api/v1/klass_group_schedule_addons/${await newAddon()}`,
      allowed: ['admin'],
      status: 204,
    },
    'GET plans': { method: 'GET', url: fixed('/api/v1/plans'), allowed: ['admin'], status: 200 },
    'POST plans': {
      method: 'POST',
      url: fixed('/api/v1/plans'),
      payload: () => ({ body: planBody() }),
      allowed: ['admin'],
      status: 201,
    },
    'GET plans/{id}': {
      method: 'GET',
      url: async () => `/api/v1/plans/${fixture.planId}`,
      allowed: ['admin'],
      status: 200,
    },
    'PATCH plans/{id}': {
      method: 'PATCH',
      url: async () => `/api/v1/plans/${fixture.planId}`,
      payload: () => ({ body: { plan: { name: 'Renamed' } } }),
      allowed: ['admin'],
      status: 200,
    },
    'DELETE plans/{id}': {
      method: 'DELETE',
      url: async () => `/api/v1/plans/${await newPlan()}`,
      allowed: ['admin'],
      status: 204,
    },
    'GET catalogue/klass_groups': {
      method: 'GET',
      url: fixed('/api/v1/catalogue/klass_groups'),
      allowed: 'everyone',
      status: 200,
    },
    'GET catalogue/klass_groups/{slug}': {
      method: 'GET',
      url: async () => {
        const group = await t.app.inject({
          method: 'GET',
          url: `/api/v1/klass_groups/${fixture.groupId}`,
          headers: as(c.admin),
        });
        return `/api/v1/catalogue/klass_groups/${group.json().data.attributes.slug}`;
      },
      allowed: 'everyone',
      status: 200,
    },
    'GET catalogue/klass_group_schedules/{id}': {
      method: 'GET',
      url: async () => `/api/v1/catalogue/klass_group_schedules/${fixture.scheduleId}`,
      allowed: 'everyone',
      status: 200,
    },
    'GET calendar/klasses': {
      method: 'GET',
      url: fixed('/api/v1/calendar/klasses?from=2030-01-01T00:00:00Z&to=2030-02-01T00:00:00Z'),
      allowed: ['student', 'teacher', 'admin'],
      status: 200,
    },
    'GET calendar/feed': {
      method: 'GET',
      url: fixed('/api/v1/calendar/feed'),
      allowed: ['student', 'teacher', 'admin'],
      status: 200,
    },
    'POST calendar/feed': {
      method: 'POST',
      url: fixed('/api/v1/calendar/feed'),
      allowed: ['student', 'teacher', 'admin'],
      status: 201,
    },
    'DELETE calendar/feed': {
      method: 'DELETE',
      url: fixed('/api/v1/calendar/feed'),
      allowed: ['student', 'teacher', 'admin'],
      status: 204,
    },
  };

  const order: Who[] = ['guest', 'student', 'teacher', 'admin'];
  for (const [name, spec] of Object.entries(cases)) {
    it(`${spec.method} ${name}: ${spec.allowed === 'everyone' ? 'everyone' : spec.allowed.join(', ')}`, async () => {
      const results: Record<Who, number> = { guest: 0, student: 0, teacher: 0, admin: 0 };
      const expected: Record<Who, number> = { guest: 0, student: 0, teacher: 0, admin: 0 };
      for (const who of order) {
        const url = await spec.url();
        const payload = spec.payload?.();
        const res = await t.app.inject({
          method: spec.method,
          url,
          headers: {
            ...(who === 'guest' ? {} : as(c[who])),
            ...payload?.headers,
          },
          ...(payload ? { payload: payload.body as object } : {}),
        });
        results[who] = res.statusCode;
        const allowed = spec.allowed === 'everyone' || spec.allowed.includes(who);
        expected[who] = allowed ? spec.status : who === 'guest' ? 401 : 403;
      }
      expect(results).toEqual(expected);
    });
  }
});
