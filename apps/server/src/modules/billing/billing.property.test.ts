import { LEDGER_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast } from '../classes/classes-testing';
import { ledgerEntries } from '../ledger/ledger.tables';
import { billingContextOf } from './billing.routes';
import { billingCharges, monthlyEnrollments } from './billing.tables';
import { monthCharge, proratedAmount } from './billing-periods';
import { runBilling } from './billing-runs.service';
import { monthlyFamily, monthPlanSchedule } from './billing-testing';

// Prorated tuition keeps the ledger's invariants (docs/decisions/062-family-ledger.md,
// docs/decisions/075-monthly-tuition-and-billing-runs.md): a month's charge is never more than
// its price nor less than nothing and grows with the sessions billed; over generated histories of
// runs (repeated, out of order, dry or not) every family's balance is the sum of its entries,
// every (enrollment, month) is charged at most once, and only months of the schedule after the
// one paid at checkout are.

describe('prorating', () => {
  it('stays within 0 and the price, and grows with the sessions billed', () => {
    fc.assert(
      fc.property(
        fc.integer({ min: 0, max: 1_000_000 }),
        fc.integer({ min: 0, max: 31 }),
        fc.integer({ min: 0, max: 31 }),
        (price, inMonth, billed) => {
          const amount = proratedAmount(price, inMonth, billed);
          expect(Number.isInteger(amount)).toBe(true);
          expect(amount).toBeGreaterThanOrEqual(0);
          expect(amount).toBeLessThanOrEqual(price);
          if (billed >= inMonth && inMonth > 0) expect(amount).toBe(price);
          if (billed > 0 && billed <= inMonth) {
            expect(proratedAmount(price, inMonth, billed - 1)).toBeLessThanOrEqual(amount);
          }
        },
      ),
    );
  });

  it('bills the sessions at or after the start', () => {
    const starts = [1, 8, 15, 22].map((d) => new Date(Date.UTC(2030, 0, d, 15)));
    expect(monthCharge(12_000, starts, new Date(Date.UTC(2030, 0, 10)))).toEqual({
      amount: 6000,
      sessionsInMonth: 4,
      sessionsBilled: 2,
    });
    expect(monthCharge(10_000, starts.slice(0, 3), new Date(Date.UTC(2030, 0, 5))).amount).toBe(
      6667,
    );
    expect(monthCharge(12_000, [], new Date(Date.UTC(2030, 0, 1))).amount).toBe(0);
  });
});

describe('billing runs keep the ledger invariants', { timeout: 300_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let families: Awaited<ReturnType<typeof monthlyFamily>>[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const s = await monthPlanSchedule(t, c);
    families = [];
    for (const card of ['4242424242424242', '4000000000000341', null] as const) {
      families.push(await monthlyFamily(t, s, { card }));
    }
  }, SETUP_TIMEOUT_MS * 3);
  afterAll(() => t.close());

  it('over generated histories of runs', async () => {
    const ctx = billingContextOf(t.app, {
      currency: 'USD',
      zone: 'America/New_York',
      noticeDays: 0,
      tickIntervalMs: 0,
    });
    const run = fc.record({
      period: fc.constantFrom('2029-12', '2030-01', '2030-02', '2030-03', '2030-04'),
      dryRun: fc.boolean(),
    });
    await fc.assert(
      fc.asyncProperty(fc.array(run, { minLength: 1, maxLength: 6 }), async (runs) => {
        for (const r of runs) await runBilling(ctx, r.period, { dryRun: r.dryRun });
        for (const { family } of families) {
          const entries = await t.database.db
            .select()
            .from(ledgerEntries)
            .where(eq(ledgerEntries.userId, family.id));
          const res = await t.app.inject({
            method: 'GET',
            url: LEDGER_API.accountLedger,
            headers: as(family),
          });
          const sum = entries.reduce((s, e) => s + e.amount, 0);
          expect(res.json().meta.balance).toBe(sum);
          const [me] = await t.database.db
            .select()
            .from(monthlyEnrollments)
            .where(eq(monthlyEnrollments.userId, family.id));
          const charges = await t.database.db
            .select()
            .from(billingCharges)
            .where(eq(billingCharges.monthlyEnrollmentId, me?.id ?? 0));
          const periods = charges.map((ch) => ch.period);
          expect(new Set(periods).size).toBe(periods.length);
          for (const p of periods) expect(['2030-02', '2030-03']).toContain(p);
          // Each month's ledger charge is its charge row's amount, written once.
          const tuition = entries.filter((e) => e.kind === 'charge' && e.billingPeriod !== null);
          expect(tuition.map((e) => [e.billingPeriod, e.amount]).sort()).toEqual(
            charges.map((ch) => [ch.period, ch.amount]).sort(),
          );
        }
      }),
      { numRuns: 8, seed: 75 },
    );
  });
});
