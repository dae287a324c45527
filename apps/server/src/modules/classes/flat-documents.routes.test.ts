import {
  calendarFeedFlatSchema,
  calendarKlassFlatSchema,
  catalogueKlassGroupFlatSchema,
  klassFlatSchema,
  klassGroupFlatSchema,
  parseDocument,
  planFlatSchema,
  publicScheduleFlatSchema,
  scheduleFlatSchema,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, enroll, programmeWithSchedule } from './classes-testing';

// The web parses every classes response with `parseDocument(flat schema, body)`: each document
// must flatten into exactly the shape the contract promises.
describe('documents flatten into the contract shapes the web parses', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let made: Awaited<ReturnType<typeof programmeWithSchedule>>;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    made = await programmeWithSchedule(t, c);
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/klass_group_schedules/${made.scheduleId}/addons`,
      headers: as(c.admin),
      payload: { addon: { name: 'Kit', price: 500 } },
    });
    await enroll(t, made.scheduleId, [c.parent.attendees.mia]);
  }, 60_000);
  afterAll(() => t.close());

  const get = async (url: string, who?: { token: string }) => {
    const res = await t.app.inject({ method: 'GET', url, headers: who ? as(who) : {} });
    expect(res.statusCode).toBe(200);
    return res.json();
  };

  it('admin programmes, one and a page', async () => {
    const one = parseDocument(
      klassGroupFlatSchema,
      await get(`/api/v1/klass_groups/${made.groupId}`, c.admin),
    );
    expect(one.klass_group_schedules[0]?.teacher.email).toMatch(/@classes\.test$/);
    expect(one.klass_group_schedules[0]?.klass_group_schedule_plans[0]?.plan.name).toBe('Term');
    expect(one.klass_group_schedules[0]?.klass_group_schedule_addons[0]?.name).toBe('Kit');
    const page = parseDocument(
      z.array(klassGroupFlatSchema),
      await get('/api/v1/klass_groups', c.admin),
    );
    expect(page).toHaveLength(1);
  });

  it('a schedule with its programme, sessions and roster; a page of schedules', async () => {
    const one = parseDocument(
      scheduleFlatSchema,
      await get(`/api/v1/klass_group_schedules/${made.scheduleId}`, c.teacher),
    );
    expect(one.klass_group.id).toBe(made.groupId);
    expect(one.klasses).toHaveLength(8);
    expect(one.enrollments?.[0]?.attendee_profile.name).toBe('Mia Parent');
    const page = parseDocument(
      z.array(scheduleFlatSchema),
      await get('/api/v1/klass_group_schedules', c.admin),
    );
    expect(page[0]?.klasses).toBeUndefined();
    const klass = parseDocument(klassFlatSchema, {
      data: (await get(`/api/v1/klass_group_schedules/${made.scheduleId}`, c.admin)).included.find(
        (r: { type: string }) => r.type === 'klasses',
      ),
    });
    expect(klass.origin).toBe('pattern');
  });

  it('plans', async () => {
    const plans = parseDocument(z.array(planFlatSchema), await get('/api/v1/plans', c.admin));
    expect(plans[0]?.schedules_count).toBe(1);
  });

  it('the public catalogue: a page, by slug, one schedule', async () => {
    const page = parseDocument(
      z.array(catalogueKlassGroupFlatSchema),
      await get('/api/v1/catalogue/klass_groups'),
    );
    const slug = page[0]?.slug;
    expect(page[0]?.klass_group_schedules[0]?.teacher).toEqual({
      id: String(c.teacher.id),
      type: 'users',
      name: 'Theo Teacher',
      avatar_url: null,
    });
    parseDocument(
      catalogueKlassGroupFlatSchema,
      await get(`/api/v1/catalogue/klass_groups/${slug}`),
    );
    const schedule = parseDocument(
      publicScheduleFlatSchema,
      await get(`/api/v1/catalogue/klass_group_schedules/${made.scheduleId}`),
    );
    expect(schedule.klasses).toHaveLength(8);
  });

  it('the calendar and the feed', async () => {
    const klasses = parseDocument(
      z.array(calendarKlassFlatSchema),
      await get(
        '/api/v1/calendar/klasses?from=2030-01-01T00:00:00Z&to=2030-03-01T00:00:00Z',
        c.parent,
      ),
    );
    expect(klasses[0]?.klass_group.name).toBe('Observational Drawing');
    expect(klasses[0]?.attendee_names).toEqual(['Mia Parent']);
    const feed = parseDocument(
      calendarFeedFlatSchema,
      await get('/api/v1/calendar/feed', c.parent),
    );
    expect(feed.url).toBeNull();
  });
});
