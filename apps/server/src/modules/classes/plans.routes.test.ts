import { planDocumentSchema, planListDocumentSchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, planBody, programmeWithSchedule } from './classes-testing';

describe('plans (admin)', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, 60_000);
  afterAll(() => t.close());

  const post = (body: unknown) =>
    t.app.inject({
      method: 'POST',
      url: '/api/v1/plans',
      headers: as(c.admin),
      payload: body as object,
    });

  it('creates, reads, changes and lists plans with prices in cents', async () => {
    const created = await post(
      planBody({ name: 'Ten-week term', base_price: 0, unit_price: 4500, unit_type: 'term' }),
    );
    expect(created.statusCode).toBe(201);
    const id = planDocumentSchema.parse(created.json()).data.id;
    const changed = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/plans/${id}`,
      headers: as(c.admin),
      payload: { plan: { unit_price: 5000 } },
    });
    expect(changed.json().data.attributes).toMatchObject({
      name: 'Ten-week term',
      base_price: 0,
      unit_price: 5000,
      unit_type: 'term',
      schedules_count: 0,
    });
    const list = planListDocumentSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v1/plans?search=ten-week',
          headers: as(c.admin),
        })
      ).json(),
    );
    expect(list.data.map((p) => p.id)).toEqual([id]);
    expect(list.meta).toEqual({ total: 1, page: 1, per_page: 20 });
  });

  it('refuses negative or fractional prices and unknown unit types with field messages', async () => {
    const res = await post(
      planBody({ name: '', base_price: -1, unit_price: 10.5, unit_type: 'week' }),
    );
    expect(res.statusCode).toBe(422);
    const fields = Object.fromEntries(
      res
        .json()
        .errors.map((e: { meta: { field: string }; detail: string }) => [e.meta.field, e.detail]),
    );
    expect(fields).toEqual({
      name: 'Required',
      base_price: 'Must not be negative',
      unit_price: 'Must be a whole number of cents',
      unit_type: 'Choose class, month or term',
    });
  });

  it('refuses with 409 to delete a plan a schedule offers, and deletes it once free', async () => {
    const { planId, scheduleId } = await programmeWithSchedule(t, c);
    const refused = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/plans/${planId}`,
      headers: as(c.admin),
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].detail).toBe(
      'This plan cannot be deleted: 1 schedule offers it. Remove it from that schedule first.',
    );
    const other = (await post(planBody({ name: 'Replacement' }))).json().data.id;
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_group_schedules/${scheduleId}`,
      headers: as(c.admin),
      payload: { klass_group_schedule: { plan_ids: [other] } },
    });
    const deleted = await t.app.inject({
      method: 'DELETE',
      url: `/api/v1/plans/${planId}`,
      headers: as(c.admin),
    });
    expect(deleted.statusCode).toBe(204);
    const gone = await t.app.inject({
      method: 'GET',
      url: `/api/v1/plans/${planId}`,
      headers: as(c.admin),
    });
    expect(gone.statusCode).toBe(404);
  });
});
