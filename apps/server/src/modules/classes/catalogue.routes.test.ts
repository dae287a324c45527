import { gunzipSync } from 'node:zlib';
import {
  catalogueKlassGroupDocumentSchema,
  catalogueListDocumentSchema,
  catalogueScheduleDocumentSchema,
  flatten,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CATALOGUE_CHANGED_CHANNEL } from './classes.routes';
import { klassGroups } from './classes.tables';
import {
  as,
  type Cast,
  enroll,
  hold,
  type Person,
  planBody,
  programmeBody,
  programmeWithSchedule,
  scheduleBody,
} from './classes-testing';

type FlatCatalogue = {
  id: string;
  name: string;
  klass_group_schedules: {
    id: string;
    seats_left: number;
    teacher: Record<string, unknown>;
    klass_group_schedule_plans: { plan: { name: string } }[];
    klass_group_schedule_addons: { name: string; price: number }[];
    klasses: { starts_at: string; status: string }[];
  }[];
}[];

describe('public catalogue', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let published: Awaited<ReturnType<typeof programmeWithSchedule>>;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    published = await programmeWithSchedule(t, c, {
      programme: {
        name: 'Drawing Lab',
        format: 'online',
        location: null,
        meeting_url: 'https://meet.example.test/secret-room',
      },
    });
    await programmeWithSchedule(t, c, { programme: { name: 'Hidden Draft', published: false } });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/klass_group_schedules/${published.scheduleId}/addons`,
      headers: as(c.admin),
      payload: { addon: { name: 'Sketchbook', price: 1200 } },
    });
  }, 60_000);
  afterAll(() => t.close());

  const catalogue = (query = '', headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url: `/api/v1/catalogue/klass_groups${query}`, headers });

  it('shows guests the published programmes only, with everything in one request', async () => {
    const res = await catalogue();
    expect(res.statusCode).toBe(200);
    const doc = catalogueListDocumentSchema.parse(res.json());
    expect(doc.meta).toEqual({ total: 1, page: 1, per_page: 20 });
    const [group] = flatten(doc) as unknown as FlatCatalogue;
    expect(group?.name).toBe('Drawing Lab');
    const schedule = group?.klass_group_schedules[0];
    expect(schedule?.seats_left).toBe(10);
    expect(schedule?.teacher).toEqual({
      id: String(c.teacher.id),
      type: 'users',
      name: 'Theo Teacher',
      avatar_url: null,
    });
    expect(schedule?.klass_group_schedule_plans.map((l) => l.plan.name)).toEqual(['Term']);
    expect(schedule?.klass_group_schedule_addons.map((a) => [a.name, a.price])).toEqual([
      ['Sketchbook', 1200],
    ]);
    expect(schedule?.klasses).toHaveLength(8);
  });

  it('never shows staff-only fields: meeting links, e-mail addresses, capacity, seat internals', async () => {
    const body = (await catalogue()).body;
    for (const secret of [
      'meeting_url',
      'secret-room',
      'email',
      '@classes.test',
      'capacity',
      'seats_held',
      'enrollments_count',
      'published',
      'exception_dates',
    ]) {
      expect(body).not.toContain(secret);
    }
  });

  it('leaves out cancelled and past sessions and finished schedules', async () => {
    const cancelledId = (
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/klass_group_schedules/${published.scheduleId}`,
          headers: as(c.admin),
        })
      ).json().included as { id: string; type: string }[]
    ).find((r) => r.type === 'klasses')?.id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klasses/${cancelledId}`,
      headers: as(c.admin),
      payload: { klass: { status: 'cancelled' } },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/klass_group_schedules/${published.scheduleId}/klasses`,
      headers: as(c.admin),
      payload: { klass: { starts_at: '2021-01-01T10:00:00Z', ends_at: '2021-01-01T11:00:00Z' } },
    });
    await t.app.inject({
      method: 'POST',
      url: `/api/v1/klass_groups/${published.groupId}/schedules`,
      headers: as(c.admin),
      payload: scheduleBody(c.teacher.id, [published.planId], {
        name: 'Finished in 2021',
        start_date: '2021-01-02',
        end_date: '2021-02-27',
      }),
    });
    const [group] = flatten(
      catalogueListDocumentSchema.parse((await catalogue()).json()),
    ) as unknown as FlatCatalogue;
    expect(group?.klass_group_schedules.map((s) => s.id)).toEqual([published.scheduleId]);
    const klasses = group?.klass_group_schedules[0]?.klasses ?? [];
    expect(klasses).toHaveLength(7);
    expect(klasses.every((k) => k.status === 'scheduled' && k.starts_at > '2029')).toBe(true);
  });

  it('filters by audience and format, and finds one programme by slug or schedule id', async () => {
    expect((await catalogue('?format=in_person')).json().meta.total).toBe(0);
    expect((await catalogue('?format=online&audience=kids')).json().meta.total).toBe(1);
    const slug = (await catalogue()).json().data[0].attributes.slug;
    const one = await t.app.inject({
      method: 'GET',
      url: `/api/v1/catalogue/klass_groups/${slug}`,
    });
    expect(catalogueKlassGroupDocumentSchema.parse(one.json()).data.attributes.name).toBe(
      'Drawing Lab',
    );
    const schedule = await t.app.inject({
      method: 'GET',
      url: `/api/v1/catalogue/klass_group_schedules/${published.scheduleId}`,
    });
    expect(catalogueScheduleDocumentSchema.parse(schedule.json()).data.id).toBe(
      published.scheduleId,
    );
  });

  it('answers 404 for an unpublished programme, by slug and by schedule', async () => {
    const draft = await t.app.inject({
      method: 'GET',
      url: '/api/v1/klass_groups?search=hidden',
      headers: as(c.admin),
    });
    const slug = draft.json().data[0].attributes.slug;
    const scheduleId = draft.json().data[0].relationships.klass_group_schedules.data[0].id;
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/v1/catalogue/klass_groups/${slug}` }))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/v1/catalogue/klass_group_schedules/${scheduleId}`,
        })
      ).statusCode,
    ).toBe(404);
  });

  it('shows an admin change at once: every write drops the cached pages', async () => {
    await catalogue();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_groups/${published.groupId}`,
      headers: as(c.admin),
      payload: { klass_group: { name: 'Drawing Lab Online' } },
    });
    expect((await catalogue()).json().data[0].attributes.name).toBe('Drawing Lab Online');
  });

  it('drops the cache when another server instance announces a change over pub/sub', async () => {
    await catalogue();
    // Another instance wrote: simulate its row change and its announcement.
    await t.database.db
      .update(klassGroups)
      .set({ name: 'Renamed Elsewhere' })
      .where(eq(klassGroups.id, Number(published.groupId)));
    expect((await catalogue()).json().data[0].attributes.name).not.toBe('Renamed Elsewhere');
    await t.app.pubsub.publish(CATALOGUE_CHANGED_CHANNEL, {});
    expect((await catalogue()).json().data[0].attributes.name).toBe('Renamed Elsewhere');
  });

  it('counts holds and enrollments in seats left', async () => {
    await hold(t, published.scheduleId, 3, new Date(Date.now() + 10 * 60_000));
    await enroll(t, published.scheduleId, [c.parent.attendees.mia, c.parent.attendees.leo]);
    await t.app.pubsub.publish(CATALOGUE_CHANGED_CHANNEL, {});
    const [group] = flatten((await catalogue()).json()) as unknown as FlatCatalogue;
    expect(group?.klass_group_schedules[0]?.seats_left).toBe(5);
  });

  it('answers 304 to a client holding the current ETag, and serves gzip to clients that accept it', async () => {
    const first = await catalogue();
    const etag = String(first.headers.etag);
    expect(first.headers['cache-control']).toBe('private, no-cache');
    expect((await catalogue('', { 'if-none-match': etag })).statusCode).toBe(304);
    const zipped = await catalogue('', { 'accept-encoding': 'gzip' });
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(zipped.rawPayload).toString()).toBe(first.body);
  });

  it('answers 422 for an unknown audience filter', async () => {
    const res = await catalogue('?audience=pets');
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].meta).toEqual({ type: 'validate', field: 'audience' });
  });
});

describe('list endpoints cost a fixed number of queries', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, 60_000);
  afterAll(() => t.close());

  /**
   * Queries one request sends. Each signed-in request gets a fresh token, so the auth plugin's
   * verified-session cache always misses and its lookup adds exactly one query on both sides;
   * the catalogue cache is dropped first, so the page is really built.
   */
  async function queriesOf(url: string, who?: Person) {
    const headers = who
      ? {
          authorization: `Bearer ${await t.app.sessions.issueSessionToken({ id: who.id, role: who.role })}`,
        }
      : {};
    await t.app.pubsub.publish(CATALOGUE_CHANGED_CHANNEL, {});
    const before = t.database.queryCount();
    const res = await t.app.inject({ method: 'GET', url, headers });
    expect(res.statusCode).toBe(200);
    return { count: t.database.queryCount() - before, body: res.json() };
  }

  async function addProgramme(i: number, planId: string) {
    const group = await t.app.inject({
      method: 'POST',
      url: '/api/v1/klass_groups',
      headers: as(c.admin),
      payload: programmeBody({
        name: `Programme ${String(i).padStart(2, '0')}`,
        slug: `programme-${i}`,
      }),
    });
    for (const [n, teacher] of [c.teacher, c.otherTeacher].entries()) {
      const schedule = await t.app.inject({
        method: 'POST',
        url: `/api/v1/klass_groups/${group.json().data.id}/schedules`,
        headers: as(c.admin),
        payload: scheduleBody(teacher.id, [planId], { name: `Run ${n}` }),
      });
      await t.app.inject({
        method: 'POST',
        url: `/api/v1/klass_group_schedules/${schedule.json().data.id}/addons`,
        headers: as(c.admin),
        payload: { addon: { name: 'Kit', price: 500 } },
      });
    }
  }

  it('one programme or twelve: the same number of queries for every list', async () => {
    const plan = await t.app.inject({
      method: 'POST',
      url: '/api/v1/plans',
      headers: as(c.admin),
      payload: planBody(),
    });
    const planId = plan.json().data.id;
    await addProgramme(0, planId);
    const month = '?from=2030-01-01T00:00:00Z&to=2030-03-01T00:00:00Z';
    const urls: [string, Person | undefined][] = [
      ['/api/v1/catalogue/klass_groups', undefined],
      ['/api/v1/klass_groups', c.admin],
      ['/api/v1/klass_group_schedules', c.admin],
      ['/api/v1/plans', c.admin],
      [`/api/v1/calendar/klasses${month}`, c.admin],
      [`/api/v1/calendar/klasses${month}`, c.teacher],
    ];
    const one = [];
    for (const [url, who] of urls) one.push(await queriesOf(url, who));
    for (let i = 1; i < 12; i++) await addProgramme(i, planId);
    const many = [];
    for (const [url, who] of urls) many.push(await queriesOf(url, who));

    expect(one[0]?.body.data).toHaveLength(1);
    expect(many[0]?.body.data).toHaveLength(12);
    expect(many[2]?.body.data).toHaveLength(20);
    expect(many[4]?.body.data.length).toBeGreaterThan(100);
    expect(many.map((m) => m.count)).toEqual(one.map((o) => o.count));
    // The catalogue page: count, page, schedules, teachers, plan links, add-ons, seats, sessions.
    expect(one[0]?.count).toBe(8);
    // Admin programmes: the session lookup, count, page, schedules, teachers, plan links, add-ons,
    // seats, session counts, plan usage.
    expect(one[1]?.count).toBe(10);
  });
});
