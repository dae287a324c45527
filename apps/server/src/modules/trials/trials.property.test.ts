import { LEDGER_API, ORDERS_API, TRIALS_API } from '@atelier/contract';
import { and, eq, sum } from 'drizzle-orm';
import * as fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addAttendee, addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, person } from '../classes/classes-testing';
import { ledgerEntries } from '../ledger/ledger.tables';
import { scheduleWithKlasses } from '../makeups/makeups-testing';
import { fakePayments } from '../orders/orders-testing';
import { trialBookings } from './trials.tables';
import { givePaidTrial } from './trials-testing';

// A trial's price comes back once, and only when the rules say (docs/decisions/077-trial-classes.md),
// over generated histories driven through the real routes and checkout: a family's children each
// may have a paid trial (its window open or closed), may cancel it, and may enrol in the programme,
// some twice. After each history: the family's balance is the sum of its entries (the ledger's
// invariant, docs/decisions/062-family-ledger.md); each trial is credited at most once, exactly
// when it was booked, not cancelled, its window open and its child enrolled; a cancelled paid trial
// is credited once as account credit; nothing else is credited.

const child = fc.record({
  trial: fc.boolean(),
  price: fc.integer({ min: 100, max: 5000 }),
  windowOpen: fc.boolean(),
  cancel: fc.boolean(),
  /** Orders enrolling the child: none, one, or one in each of the programme's two schedules. */
  enrolments: fc.integer({ min: 0, max: 2 }),
});
const history = fc.array(child, { minLength: 1, maxLength: 3 });

describe('trial credits and the ledger (property)', { timeout: 600_000 }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  let run = 0;
  it('balance = Σ entries; each trial credited at most once, exactly when due', async () => {
    await fc.assert(
      fc.asyncProperty(history, async (kids) => {
        run += 1;
        const family = await person(t, 'student', `Prop Family ${run}`);
        const first = await scheduleWithKlasses(t, c, { programme: { trial_price: 2500 } });
        const second = await scheduleWithKlasses(t, c, { programme: { trial_price: 2500 } });
        // The second schedule in the first one's programme: enrolling twice in one programme.
        const other = await t.app.inject({
          method: 'POST',
          url: `/api/v1/klass_groups/${first.groupId}/schedules`,
          headers: as(c.admin),
          payload: {
            klass_group_schedule: {
              name: 'Sundays',
              teacher_id: String(c.teacher.id),
              capacity: 10,
              time_zone: 'America/New_York',
              start_date: '2030-01-06',
              end_date: '2030-02-24',
              slots: [{ weekday: 7, start_time: '10:00', end_time: '12:00' }],
              exception_dates: [],
              plan_ids: [first.planId],
            },
          },
        });
        const schedules = [first.scheduleId, other.json().data.id as string];
        let expectedTrialCredits = 0;
        let expectedCancelCredits = 0;
        for (const [i, k] of kids.entries()) {
          const kid = await addAttendee(t, family.id, `Kid ${run}-${i}`);
          let trialId: number | null = null;
          if (k.trial) {
            trialId = await givePaidTrial(t, {
              klassId: first.klassIds[0] as number,
              klassGroupId: Number(first.groupId),
              attendeeProfileId: kid,
              userId: family.id,
              price: k.price,
              creditUntil: new Date(Date.now() + (k.windowOpen ? 1 : -1) * 86_400_000),
            });
          }
          if (k.trial) {
            // A trial of another programme, never enrolled in: never credited.
            await givePaidTrial(t, {
              klassId: second.klassIds[0] as number,
              klassGroupId: Number(second.groupId),
              attendeeProfileId: kid,
              userId: family.id,
              price: k.price,
            });
          }
          if (trialId !== null && k.cancel) {
            const res = await t.app.inject({
              method: 'DELETE',
              url: TRIALS_API.booking(trialId),
              headers: as(family),
            });
            expect(res.statusCode).toBe(200);
            expectedCancelCredits += k.price;
          }
          for (let n = 0; n < k.enrolments; n++) {
            await addToCart(t, family.id, {
              scheduleId: schedules[n] as string,
              planId: first.planId,
              attendeeIds: [kid],
            });
            const order = await t.app.inject({
              method: 'POST',
              url: ORDERS_API.orders,
              headers: { ...as(family), 'idempotency-key': `prop-${run}-${i}-${n}` },
            });
            expect(order.statusCode).toBe(201);
            await payments.emit('succeeded', order.json().data.id);
          }
          if (trialId !== null && !k.cancel && k.windowOpen && k.enrolments > 0) {
            expectedTrialCredits += k.price;
          }
        }

        const entries = await t.database.db
          .select()
          .from(ledgerEntries)
          .where(eq(ledgerEntries.userId, family.id));
        const ledger = await t.app.inject({
          method: 'GET',
          url: LEDGER_API.accountLedger,
          headers: as(family),
        });
        expect(ledger.json().meta.balance).toBe(entries.reduce((n, e) => n + e.amount, 0));
        const credited = entries.filter(
          (e) => e.kind === 'credit' && e.description === 'Trial class credited to the enrollment',
        );
        expect(credited.reduce((n, e) => n - e.amount, 0)).toBe(expectedTrialCredits);
        const cancelled = entries.filter(
          (e) => e.kind === 'credit' && e.description.startsWith('Trial class cancelled'),
        );
        expect(cancelled.reduce((n, e) => n - e.amount, 0)).toBe(expectedCancelCredits);
        // No other credit: only trials wrote any.
        expect(entries.filter((e) => e.kind === 'credit')).toHaveLength(
          credited.length + cancelled.length,
        );
        // Each trial at most once, and marked with the order item its credit names.
        const trials = await t.database.db
          .select()
          .from(trialBookings)
          .where(eq(trialBookings.userId, family.id));
        for (const trial of trials) {
          const mine = credited.filter((e) => e.orderItemId === trial.creditedOrderItemId);
          expect(mine.length).toBe(trial.creditedAt ? 1 : 0);
        }
        const [total] = await t.database.db
          .select({ n: sum(ledgerEntries.amount) })
          .from(ledgerEntries)
          .where(and(eq(ledgerEntries.userId, family.id)));
        expect(Number(total?.n ?? 0)).toBe(ledger.json().meta.balance);
      }),
      {
        numRuns: 8,
        // The cases that matter most, whatever the generator draws: a closed window, and one
        // child enrolled twice with the window open.
        examples: [
          [[{ trial: true, price: 500, windowOpen: false, cancel: false, enrolments: 1 }]],
          [[{ trial: true, price: 700, windowOpen: true, cancel: false, enrolments: 2 }]],
        ],
      },
    );
  });
});
