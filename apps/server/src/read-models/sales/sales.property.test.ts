import { SALES_INTERVALS, type SalesInterval } from '@atelier/contract';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Cast, programmeWithSchedule } from '../../modules/classes/classes-testing';
import { orderItems, orders } from '../../modules/orders/orders.tables';
import { refunds } from '../../modules/refunds/refunds.tables';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bucketStart, salesOverview } from './sales.service';
import { insertOrder, insertRefund, type Named } from './sales-testing';

// docs/product.md#sales-overview: net = paid − refunded, in every bucket, programme and plan, and
// the same figures however they are cut, over order histories paid around New York's midnights
// and DST changes, with refunds that succeeded, are pending or failed at later instants.

const FROM = '2026-03-07';
const TO = '2026-11-01';
// Instants around which orders are paid and refunds happen: the range's first local midnight,
// the spring-forward change, a local midnight in EDT, the fall-back change (01:00–02:00 twice),
// and the range's last local midnight.
const AROUND = [
  '2026-03-07T05:00:00Z',
  '2026-03-08T07:00:00Z',
  '2026-03-09T04:00:00Z',
  '2026-11-01T06:00:00Z',
  '2026-11-02T05:00:00Z',
].map((s) => Date.parse(s));

const localDate = new Intl.DateTimeFormat('en-CA', {
  timeZone: 'America/New_York',
  year: 'numeric',
  month: '2-digit',
  day: '2-digit',
});
const dateIn = (ms: number) => localDate.format(new Date(ms));
const inRange = (ms: number) => dateIn(ms) >= FROM && dateIn(ms) <= TO;

const instant = fc
  .record({ base: fc.constantFrom(...AROUND), minutes: fc.integer({ min: -150, max: 150 }) })
  .map(({ base, minutes }) => base + minutes * 60_000);

const history = fc.array(
  fc.record({
    paidAt: instant,
    items: fc.array(
      fc.record({
        programme: fc.integer({ min: 0, max: 1 }),
        plan: fc.integer({ min: 0, max: 2 }),
        total: fc.oneof(fc.constant(0), fc.integer({ min: 1, max: 50_000 })),
      }),
      { minLength: 1, maxLength: 3 },
    ),
    refunds: fc.array(
      fc.record({
        share: fc.double({ min: 0, max: 1, noNaN: true }),
        status: fc.constantFrom('succeeded', 'pending', 'failed'),
        laterMinutes: fc.integer({ min: 0, max: 300 }),
      }),
      { maxLength: 3 },
    ),
  }),
  { maxLength: 8 },
);

describe('sales figures reconcile (property)', { timeout: 300_000 }, () => {
  let t: TestApp;
  let c: Cast;
  // Each programme with its own schedule, as orders name them: the schedule's programme.
  const programmes: (Named & { scheduleId: number })[] = [];
  const plans: Named[] = [
    { id: '71', name: 'Term' },
    { id: '72', name: 'Drop-in' },
    { id: '73', name: 'Trial' },
  ];
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    for (const name of ['Drawing', 'Painting']) {
      const p = await programmeWithSchedule(t, c, { programme: { name } });
      programmes.push({ id: p.groupId, name, scheduleId: Number(p.scheduleId) });
    }
  }, 60_000);
  afterAll(() => t.close());

  it('net = paid − refunded in every cut, each order and refund in its local bucket', async () => {
    await fc.assert(
      fc.asyncProperty(history, fc.constantFrom(...SALES_INTERVALS), async (h, interval) => {
        const db = t.database.db;
        await db.delete(refunds);
        await db.delete(orderItems);
        await db.delete(orders);
        const expected = new Map<string, { gross: number; refunds: number }>();
        const add = (ms: number, key: 'gross' | 'refunds', cents: number) => {
          if (!inRange(ms)) return;
          const start = bucketStart(dateIn(ms), interval as SalesInterval);
          const b = expected.get(start) ?? { gross: 0, refunds: 0 };
          b[key] += cents;
          expected.set(start, b);
        };
        for (const o of h) {
          const items = o.items.map((i) => ({
            scheduleId: programmes[i.programme]?.scheduleId ?? 0,
            programme: programmes[i.programme] as Named,
            plan: plans[i.plan] as Named,
            total: i.total,
          }));
          const id = await insertOrder(db, c.parent.id, new Date(o.paidAt), items);
          const total = items.reduce((s, i) => s + i.total, 0);
          add(o.paidAt, 'gross', total);
          // Refunds together stay within what was paid, each at least a cent.
          let left = total;
          for (const r of o.refunds) {
            const amount = Math.min(left, Math.max(1, Math.floor(r.share * total)));
            if (amount < 1) break;
            const at = o.paidAt + r.laterMinutes * 60_000;
            await insertRefund(db, id, amount, r.status, new Date(at));
            if (r.status === 'succeeded') add(at, 'refunds', amount);
            if (r.status !== 'failed') left -= amount;
          }
        }

        const ov = await salesOverview(
          { db, currency: 'usd' },
          { from: FROM, to: TO, interval: interval as SalesInterval },
        );
        const sum = (xs: { gross: number; refunds: number; net: number }[]) => ({
          gross: xs.reduce((s, x) => s + x.gross, 0),
          refunds: xs.reduce((s, x) => s + x.refunds, 0),
          net: xs.reduce((s, x) => s + x.net, 0),
        });
        const totals = { gross: ov.totals.gross, refunds: ov.totals.refunds, net: ov.totals.net };
        expect(ov.totals.net).toBe(ov.totals.gross - ov.totals.refunds);
        for (const cut of [ov.buckets, ov.programmes, ov.plans]) {
          for (const x of cut) expect(x.net).toBe(x.gross - x.refunds);
          expect(sum(cut)).toEqual(totals);
        }
        const byBucket = Object.fromEntries(
          ov.buckets
            .filter((b) => b.gross || b.refunds)
            .map((b) => [b.start, [b.gross, b.refunds]]),
        );
        const wanted = Object.fromEntries(
          [...expected]
            .filter(([, b]) => b.gross || b.refunds)
            .map(([start, b]) => [start, [b.gross, b.refunds]]),
        );
        expect(byBucket).toEqual(wanted);
      }),
      { numRuns: 40 },
    );
  });
});
