import { SALES_API, salesOverviewDocumentSchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { as, type Cast, programmeWithSchedule } from '../../modules/classes/classes-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { insertBulkOrders, type TestItem } from './sales-testing';

// docs/product.md#sales-overview: the overview is summed in the database, so the number of
// queries it makes is fixed, whatever the number of orders, refunds or days.
describe('sales overview query count', { timeout: 180_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let item: TestItem;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const p = await programmeWithSchedule(t, c);
    item = {
      scheduleId: Number(p.scheduleId),
      programme: { id: p.groupId, name: 'Observational Drawing' },
      plan: { id: p.planId, name: 'Term' },
      total: 0,
    };
  }, 60_000);
  afterAll(() => t.close());

  const once = async (query: string) => {
    const before = t.database.queryCount();
    const res = await t.app.inject({
      method: 'GET',
      url: `${SALES_API.overview}?${query}`,
      headers: as(c.admin),
    });
    const count = t.database.queryCount() - before;
    expect(res.statusCode).toBe(200);
    return { count, overview: salesOverviewDocumentSchema.parse(res.json()).data.attributes };
  };
  // The counter sees every query of the app: the order and waitlist sweeps run on timers and may
  // land inside one call on a slow machine. The fewest of three calls is the route's own count.
  const measure = async (query: string) => {
    const first = await once(query);
    const more = [await once(query), await once(query)];
    return { count: Math.min(first.count, ...more.map((r) => r.count)), overview: first.overview };
  };

  it('makes the same few queries with no orders and with 100,000', async () => {
    const q = 'from=2026-01-01&to=2026-12-31&interval=day';
    const empty = await measure(q);
    expect(empty.overview.totals.orders).toBe(0);

    await insertBulkOrders(t.database.db, {
      count: 100_000,
      userId: c.parent.id,
      item,
      firstPaidAt: new Date('2026-01-01T05:00:00Z'),
      tag: 'count',
    });
    const full = await measure(q);
    expect(full.overview.totals.orders).toBe(100_000);
    expect(full.overview.totals.net).toBe(
      full.overview.totals.gross - full.overview.totals.refunds,
    );
    expect(full.overview.totals.refunds).toBeGreaterThan(0);
    // Buckets, programme and plan items, schedules; plus at most the session check.
    expect(full.count).toBe(empty.count);
    expect(full.count).toBeLessThanOrEqual(4);
    expect((await measure('from=2026-01-01&to=2026-12-31&interval=month')).count).toBe(empty.count);
  });
});
