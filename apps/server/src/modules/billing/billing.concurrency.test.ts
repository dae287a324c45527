import { BILLING_API } from '@atelier/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, person } from '../classes/classes-testing';
import { recordEntries } from '../ledger';
import { ledgerEntries } from '../ledger/ledger.tables';
import { claimAutopayAttempt, insertBillingPayment, STALE_CLAIM_MS } from './billing.repository';
import { billingContextOf } from './billing.routes';
import { billingCharges, billingPayments } from './billing.tables';
import { runBilling, sweepAutopayRetries } from './billing-runs.service';
import { monthlyFamily, monthPlanSchedule, payWithCard, saveCard } from './billing-testing';

// docs/decisions/075-monthly-tuition-and-billing-runs.md: a month is charged once per monthly
// enrollment however many runs race, from one app or two instances on one database; on PGlite
// and on PostgreSQL (the server-pg project runs this file again against DATABASE_URL).
describe('billing runs under concurrency', { timeout: 240_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let second: App;
  let secondDb: Database | null = null;
  let families: Awaited<ReturnType<typeof monthlyFamily>>[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    // A second instance on the same database: its own pool on PostgreSQL; PGlite has one
    // connection, so the second app shares it (its statements still interleave).
    secondDb = t.database.url
      ? await openDatabase({ kind: 'postgres', url: t.database.url })
      : null;
    second = await buildApp(t.config, {
      database: secondDb ?? t.database,
      mail: { worker: { autoStart: false } },
    });
    await second.ready();
    const s = await monthPlanSchedule(t, c);
    families = [];
    for (const card of ['4242424242424242', '4242424242424242', null] as const) {
      families.push(await monthlyFamily(t, s, { card }));
    }
  }, SETUP_TIMEOUT_MS * 3);
  afterAll(async () => {
    await second.close();
    await secondDb?.close();
    await t.close();
  });

  const ids = () => families.map((f) => f.family.id);

  async function chargesOf(period: string) {
    return t.database.db
      .select()
      .from(billingCharges)
      .where(inArray(billingCharges.userId, ids()))
      .then((rows) => rows.filter((r) => r.period === period));
  }

  async function tuitionEntries(period: string) {
    return t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.billingPeriod, period))
      .then((rows) => rows.filter((r) => r.userId !== null && ids().includes(r.userId)));
  }

  it('10 runs of one month at once through the route: each enrollment charged once, paid once', async () => {
    const answers = await Promise.all(
      Array.from({ length: 10 }, () =>
        t.app.inject({
          method: 'POST',
          url: BILLING_API.adminBillingRuns,
          headers: as(c.admin),
          payload: { period: '2030-02' },
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const charged = answers.flatMap((a) =>
      a.json().data.families.filter((f: { user_id: string }) => ids().includes(Number(f.user_id))),
    );
    expect(charged).toHaveLength(3);
    expect(await chargesOf('2030-02')).toHaveLength(3);
    const entries = await tuitionEntries('2030-02');
    expect(entries.filter((e) => e.kind === 'charge')).toHaveLength(3);
    // Two families pay by autopay, one card payment each; the third owes the month.
    expect(entries.filter((e) => e.kind === 'payment')).toHaveLength(2);
    const autopay = await t.database.db
      .select()
      .from(billingPayments)
      .where(inArray(billingPayments.userId, ids()));
    expect(autopay.map((p) => p.status)).toEqual(['succeeded', 'succeeded']);
  });

  const options = { currency: 'USD', zone: 'America/New_York', noticeDays: 0, tickIntervalMs: 0 };

  it('runs of one month from two app instances at once: each enrollment charged once', async () => {
    const ctxs = [t.app, second].map((app) => billingContextOf(app, options));
    await Promise.all(
      Array.from({ length: 10 }, (_, i) => runBilling(ctxs[i % 2] as (typeof ctxs)[0], '2030-03')),
    );
    expect(await chargesOf('2030-03')).toHaveLength(3);
    const entries = await tuitionEntries('2030-03');
    expect(entries.filter((e) => e.kind === 'charge')).toHaveLength(3);
    expect(entries.filter((e) => e.kind === 'payment')).toHaveLength(2);
  });

  async function paymentsOf(userId: number) {
    return t.database.db.select().from(billingPayments).where(eq(billingPayments.userId, userId));
  }

  async function cardPaymentsOf(userId: number) {
    const rows = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, userId));
    return rows.filter((e) => e.kind === 'payment').map((e) => e.amount);
  }

  it('8 "Pay balance" requests of one family at once, from two instances: one payment, one intent, paid once', async () => {
    const family = await person(t, 'student', 'Balance Racer');
    await recordEntries(t.database.db, [
      {
        owner: { userId: family.id, guestCustomerId: null },
        kind: 'charge',
        amount: 12_000,
        currency: 'USD',
        description: 'Tuition',
        at: new Date(),
      },
    ]);
    const answers = await Promise.all(
      Array.from({ length: 8 }, (_, i) =>
        (i % 2 === 0 ? t.app : second).inject({
          method: 'POST',
          url: BILLING_API.balance,
          headers: as(family),
        }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(8).fill(201));
    const documents = answers.map((a) => a.json().data);
    expect(new Set(documents.map((d) => d.id)).size).toBe(1);
    expect(new Set(documents.map((d) => d.payment.intent_id)).size).toBe(1);
    const rows = await paymentsOf(family.id);
    expect(rows.map((r) => [r.kind, r.status, r.amount])).toEqual([['balance', 'pending', 12_000]]);
    expect(rows[0]?.intentId).toBe(documents[0].payment.intent_id);

    const secret: string = documents[0].payment.client_secret;
    expect((await payWithCard(t, secret)).status).toBe('succeeded');
    expect((await payWithCard(t, secret)).status).toBe('succeeded');
    expect(await cardPaymentsOf(family.id)).toEqual([-12_000]);
    expect((await paymentsOf(family.id)).map((r) => r.status)).toEqual(['succeeded']);
  });

  it('a balance payment replaced because more came due can no longer be paid: only the new one takes money', async () => {
    const family = await person(t, 'student', 'Balance Grower');
    const charge = (amount: number) =>
      recordEntries(t.database.db, [
        {
          owner: { userId: family.id, guestCustomerId: null },
          kind: 'charge',
          amount,
          currency: 'USD',
          description: 'Tuition',
          at: new Date(),
        },
      ]);
    const payBalance = async () => {
      const res = await t.app.inject({
        method: 'POST',
        url: BILLING_API.balance,
        headers: as(family),
      });
      expect(res.statusCode, res.body).toBe(201);
      return res.json().data;
    };
    await charge(12_000);
    const first = await payBalance();
    await charge(3_000);
    // The first card form is still open in another tab when the balance is asked for again.
    const second = await payBalance();
    expect(second.amount).toBe(15_000);
    expect(second.payment.intent_id).not.toBe(first.payment.intent_id);

    expect(await payWithCard(t, first.payment.client_secret)).toMatchObject({ status: 'failed' });
    expect((await payWithCard(t, second.payment.client_secret)).status).toBe('succeeded');
    expect(await cardPaymentsOf(family.id)).toEqual([-15_000]);
    expect((await paymentsOf(family.id)).map((r) => r.status).sort()).toEqual([
      'failed',
      'succeeded',
    ]);
  });

  it('an autopay claim left without an intent is taken over after the window, charged once', async () => {
    const family = await person(t, 'student', 'Autopay Orphan');
    const cardId = Number(await saveCard(t, family));
    const claimedAt = new Date('2030-04-01T14:00:00Z');
    const payment = await insertBillingPayment(t.database.db, {
      userId: family.id,
      kind: 'autopay',
      period: '2030-04',
      amount: 12_000,
      currency: 'USD',
      paymentMethodId: cardId,
      createdAt: claimedAt,
      updatedAt: claimedAt,
    });
    // A process claims the attempt and dies before calling the provider.
    expect(await claimAutopayAttempt(t.database.db, payment.id, claimedAt)).toMatchObject({
      attempts: 1,
    });

    const keys: string[] = [];
    const ctxAt = (app: App, now: Date) => {
      const ctx = billingContextOf(app, { ...options, now: () => now });
      const payments = ctx.payments;
      if (!payments) throw new Error('the fake provider has billing payments');
      return {
        ...ctx,
        payments: {
          ...payments,
          chargeOffSession: (request: Parameters<typeof payments.chargeOffSession>[0]) => {
            if (request.metadata.billing_payment_id === String(payment.id)) {
              keys.push(request.idempotencyKey);
            }
            return payments.chargeOffSession(request);
          },
        },
      };
    };

    const early = new Date(claimedAt.getTime() + STALE_CLAIM_MS - 60_000);
    await Promise.all([
      sweepAutopayRetries(ctxAt(t.app, early)),
      sweepAutopayRetries(ctxAt(second, early)),
    ]);
    expect(keys).toEqual([]);
    expect((await paymentsOf(family.id))[0]).toMatchObject({ status: 'pending', attempts: 1 });

    const late = new Date(claimedAt.getTime() + STALE_CLAIM_MS + 60_000);
    await Promise.all([
      sweepAutopayRetries(ctxAt(t.app, late)),
      sweepAutopayRetries(ctxAt(second, late)),
    ]);
    // One call, under the dead claim's own key: had that process reached the provider, the
    // provider would answer its charge instead of making a second.
    expect(keys).toEqual([`billing-payment-${payment.id}-attempt-1`]);
    expect((await paymentsOf(family.id))[0]).toMatchObject({ status: 'succeeded', attempts: 1 });
    expect(await cardPaymentsOf(family.id)).toEqual([-12_000]);
  });
});
