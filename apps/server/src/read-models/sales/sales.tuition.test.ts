import {
  BILLING_API,
  DEFAULT_TIMEZONE,
  SALES_API,
  salesOverviewDocumentSchema,
} from '@atelier/contract';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { monthlyFamily, monthPlanSchedule } from '../../modules/billing/billing-testing';
import { as, type Cast } from '../../modules/classes/classes-testing';
import { ledgerSalesFigures } from '../../modules/ledger';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';

// A month of tuition is a sale of the month a billing run charged it, on the programme and plan
// the family ordered, whether or not it has been paid yet, and counted once however often the
// month is run (docs/product.md#sales-overview).

describe('sales overview: monthly tuition', { timeout: 180_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let s: Awaited<ReturnType<typeof monthPlanSchedule>>;
  const today = DateTime.now().setZone(DEFAULT_TIMEZONE).startOf('day');
  const range = {
    from: today.minus({ days: 1 }).toISODate() ?? '',
    to: today.plus({ days: 1 }).toISODate() ?? '',
  };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    s = await monthPlanSchedule(t, c);
  }, 120_000);
  afterAll(() => t.close());

  const run = async (period: string, dryRun = false) => {
    const res = await t.app.inject({
      method: 'POST',
      url: BILLING_API.adminBillingRuns,
      headers: as(c.admin),
      payload: { period, dry_run: dryRun },
    });
    expect(res.statusCode).toBe(200);
  };
  const overview = async () => {
    const res = await t.app.inject({
      method: 'GET',
      url: `${SALES_API.overview}?from=${range.from}&to=${range.to}&interval=day`,
      headers: as(c.admin),
    });
    expect(res.statusCode).toBe(200);
    return salesOverviewDocumentSchema.parse(res.json()).data.attributes;
  };

  it('counts each month billed in gross, once, on the programme and plan ordered', async () => {
    // Checkout: the base price (2 000) and January's 12 000, paid by card now.
    await monthlyFamily(t, s, { name: 'Ada Autopay' });
    await monthlyFamily(t, s, { name: 'Nell No-card', card: null });
    const atCheckout = await overview();
    expect(atCheckout.totals).toMatchObject({ gross: 28_000, orders: 2 });

    await run('2030-02', true);
    expect((await overview()).totals.gross).toBe(28_000);

    // February billed for both families: autopay takes one, the other owes it; both are sales.
    await run('2030-02');
    await run('2030-02');
    const billed = await overview();
    expect(billed.totals).toEqual({ gross: 52_000, refunds: 0, net: 52_000, orders: 2 });
    expect(billed.buckets.find((b) => b.start === today.toISODate())).toMatchObject({
      gross: 52_000,
      orders: 2,
    });
    expect(billed.programmes).toEqual([
      expect.objectContaining({ klass_group_id: s.groupId, gross: 52_000, net: 52_000 }),
    ]);
    expect(billed.plans).toEqual([
      expect.objectContaining({ plan_id: s.planId, name: 'Monthly', gross: 52_000 }),
    ]);

    // The ledger says the same: orders' charges net of discounts and the months billed.
    const figures = await ledgerSalesFigures(
      t.database.db,
      today.minus({ days: 1 }).toJSDate(),
      today.plus({ days: 2 }).toJSDate(),
    );
    expect({ gross: figures.gross, refunds: figures.refunds, net: figures.net }).toEqual({
      gross: billed.totals.gross,
      refunds: 0,
      net: billed.totals.net,
    });

    const csv = await t.app.inject({
      method: 'GET',
      url: `${SALES_API.overview}?from=${range.from}&to=${range.to}&interval=month`,
      headers: { ...as(c.admin), accept: 'text/csv' },
    });
    expect(csv.body).toContain('520.00');
  });
});
