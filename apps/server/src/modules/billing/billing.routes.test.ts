import {
  ACCOUNT_DATA_API,
  BILLING_API,
  billingRunDocumentSchema,
  LEDGER_API,
  monthlyEnrollmentListDocumentSchema,
  ORDERS_API,
  paymentMethodListDocumentSchema,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { unzipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, mailTo } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addAttendee, addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, person, programmeWithSchedule } from '../classes/classes-testing';
import { enrollments } from '../enrollments/enrollments.tables';
import { acceptedGuardian } from '../family/family-testing';
import { ledgerEntries } from '../ledger/ledger.tables';
import { notifications } from '../notifications/notifications.tables';
import { orderItemAttendees } from '../orders/orders.tables';
import { attendeeProfiles, users } from '../users/users.tables';
import { billingContextOf } from './billing.routes';
import { billingCharges, billingPayments, monthlyEnrollments } from './billing.tables';
import { runBilling, scheduledBillingTick, sweepAutopayRetries } from './billing-runs.service';
import { monthlyFamily, monthPlanSchedule, payWithCard, saveCard } from './billing-testing';
import { eraseBillingOf, listMonthlyEnrollments } from './monthly-enrollments.service';

// Saved cards, pay-monthly checkout, billing runs, autopay with its retries, and the balance paid
// by card (docs/decisions/075-monthly-tuition-and-billing-runs.md), through the app's own fake
// provider and its signed webhook; on PGlite and on PostgreSQL (the server-pg project).

describe('saved cards and monthly tuition', { timeout: 180_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let s: { planId: string; scheduleId: string; groupId: string };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    s = await monthPlanSchedule(t, c);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const run = (period: string, dryRun = false, who = c.admin) =>
    t.app.inject({
      method: 'POST',
      url: BILLING_API.adminBillingRuns,
      headers: as(who),
      payload: { period, dry_run: dryRun },
    });

  const entriesOf = (userId: number) =>
    t.database.db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId));

  const balanceOf = async (who: { token: string }) =>
    (await t.app.inject({ method: 'GET', url: LEDGER_API.accountLedger, headers: as(who) })).json()
      .meta.balance as number;

  describe('payment methods', () => {
    it('asks for a session', async () => {
      for (const method of ['GET', 'POST'] as const) {
        const res = await t.app.inject({ method, url: BILLING_API.paymentMethods, payload: {} });
        expect(res.statusCode).toBe(401);
      }
    });

    it('saves a card through a setup intent: brand, last four, expiry, the first one default', async () => {
      const family = await person(t, 'student', 'Cara Card');
      const first = await saveCard(t, family);
      const second = await saveCard(t, family, '4000000000000341');
      const res = await t.app.inject({
        method: 'GET',
        url: BILLING_API.paymentMethods,
        headers: as(family),
      });
      const list = paymentMethodListDocumentSchema.parse(res.json()).data;
      expect(list.map((m) => [m.id, m.brand, m.last4, m.default])).toEqual([
        [first, 'visa', '4242', true],
        [second, 'visa', '0341', false],
      ]);
      expect(list[0]?.exp_year).toBeGreaterThan(2025);
    });

    it('refuses a declined card in the form and a setup that was never confirmed (422)', async () => {
      const family = await person(t, 'student', 'Dee Declined');
      const start = (
        await t.app.inject({
          method: 'POST',
          url: BILLING_API.paymentMethods,
          headers: as(family),
          payload: {},
        })
      ).json().setup;
      const declined = await t.app.inject({
        method: 'POST',
        url: BILLING_API.fakeSetupConfirm(start.setup_intent_id),
        payload: { client_secret: start.client_secret, card_number: '4000 0000 0000 0002' },
      });
      expect(declined.json().status).toBe('failed');
      const finish = await t.app.inject({
        method: 'POST',
        url: BILLING_API.paymentMethods,
        headers: as(family),
        payload: { setup_intent_id: start.setup_intent_id },
      });
      expect(finish.statusCode).toBe(422);
      expect(finish.json().errors[0].meta.field).toBe('setup_intent_id');
      const bad = await t.app.inject({
        method: 'POST',
        url: BILLING_API.paymentMethods,
        headers: as(family),
        payload: { setup_intent_id: 42 },
      });
      expect(bad.statusCode).toBe(422);
    });

    it('shares the family’s cards with its second guardian, who acts for the family (decision 071)', async () => {
      const holder = await person(t, 'student', 'Hana Holder');
      const card = await saveCard(t, holder);
      const guardian = await acceptedGuardian(t, holder, 'Gil Guardian');
      const list = await t.app.inject({
        method: 'GET',
        url: BILLING_API.paymentMethods,
        headers: as(guardian),
      });
      expect(list.json().data.map((m: { id: string }) => m.id)).toEqual([card]);
      const second = await saveCard(t, guardian);
      const holders = await t.app.inject({
        method: 'GET',
        url: BILLING_API.paymentMethods,
        headers: as(holder),
      });
      expect(holders.json().data.map((m: { id: string }) => m.id)).toEqual([card, second]);
    });

    it('keeps each family to its own cards: another family can neither see nor remove them', async () => {
      const owner = await person(t, 'student', 'Owen Owner');
      const other = await person(t, 'student', 'Otto Other');
      const card = await saveCard(t, owner);
      const list = await t.app.inject({
        method: 'GET',
        url: BILLING_API.paymentMethods,
        headers: as(other),
      });
      expect(list.json().data).toEqual([]);
      const del = await t.app.inject({
        method: 'DELETE',
        url: BILLING_API.paymentMethod(card),
        headers: as(other),
      });
      expect(del.statusCode).toBe(404);
      const badId = await t.app.inject({
        method: 'DELETE',
        url: BILLING_API.paymentMethod('abc'),
        headers: as(owner),
      });
      expect(badId.statusCode).toBe(422);
      const mine = await t.app.inject({
        method: 'DELETE',
        url: BILLING_API.paymentMethod(card),
        headers: as(owner),
      });
      expect(mine.statusCode).toBe(204);
    });
  });

  describe('pay monthly at checkout', () => {
    it('refuses autopay without a saved card and a plan not by the month (422)', async () => {
      const res = await monthlyFamily(t, s, { card: null, autopay: true }).catch(
        (e: Error) => e.message,
      );
      expect(String(res)).toContain('monthly.0.autopay');
      const buyer = await person(t, 'student', 'Clay Class');
      const kid = await addAttendee(t, buyer.id, 'Kid Class');
      const byClass = await programmeWithSchedule(t, c);
      const item = await addToCart(t, buyer.id, { ...byClass, attendeeIds: [kid] });
      const order = await t.app.inject({
        method: 'POST',
        url: ORDERS_API.orders,
        headers: { ...as(buyer), 'idempotency-key': 'by-class' },
        payload: { monthly: [{ cart_item_id: String(item) }] },
      });
      expect(order.statusCode).toBe(422);
      expect(order.json().errors[0].meta.field).toBe('monthly.0.cart_item_id');
    });

    it('charges the base price and the first month; the enrollment is monthly with autopay', async () => {
      const { family, card, order } = await monthlyFamily(t, s);
      // Base 2 000 + January (4 sessions, all ahead) 12 000: not the three months of pay in full.
      expect(order.attributes.total).toBe(14_000);
      expect(order.attributes.items[0].monthly).toMatchObject({
        first_period: '2030-01',
        monthly_price: 12_000,
        autopay: true,
      });
      const res = await t.app.inject({
        method: 'GET',
        url: BILLING_API.monthlyEnrollments,
        headers: as(family),
      });
      const [me] = monthlyEnrollmentListDocumentSchema.parse(res.json()).data;
      expect(me).toMatchObject({
        status: 'active',
        monthly_price: 12_000,
        payment_method: { id: card, last4: '4242' },
        next_charge: { period: '2030-02', amount: 12_000 },
      });
      expect(await balanceOf(family)).toBe(0);
    });
  });

  it('changes the autopay card to one of the family’s, or turns autopay off', async () => {
    const { family, card } = await monthlyFamily(t, s, { name: 'Pia Patch' });
    const [me] = await t.database.db
      .select()
      .from(monthlyEnrollments)
      .where(eq(monthlyEnrollments.userId, family.id));
    const stranger = await person(t, 'student', 'Sid Stranger');
    const theirs = await saveCard(t, stranger);
    const patch = (who: { token: string }, payment_method_id: string | null) =>
      t.app.inject({
        method: 'PATCH',
        url: BILLING_API.monthlyEnrollment(me?.id ?? 0),
        headers: as(who),
        payload: { payment_method_id },
      });
    expect((await patch(family, theirs)).statusCode).toBe(404);
    expect((await patch(stranger, theirs)).statusCode).toBe(404);
    expect((await patch(family, 'x')).statusCode).toBe(422);
    const off = await patch(family, null);
    expect(off.statusCode).toBe(200);
    expect(off.json().data[0].payment_method).toBeNull();
    const on = await patch(family, card);
    expect(on.json().data[0].payment_method).toMatchObject({ id: card });
  });

  describe('billing runs', () => {
    it('is for admins, with a YYYY-MM period (403, 422)', async () => {
      expect((await run('2030-02', false, c.parent)).statusCode).toBe(403);
      expect((await run('2030-13')).statusCode).toBe(422);
      expect((await run('Feb 2030')).statusCode).toBe(422);
    });

    it('a dry run reports what would be charged and writes nothing; the run charges once and autopay pays', async () => {
      const { family } = await monthlyFamily(t, s, { name: 'Rhea Run' });
      const before = await entriesOf(family.id);
      const preview = billingRunDocumentSchema.parse((await run('2030-02', true)).json()).data;
      const mine = preview.families.find((f) => f.user_id === String(family.id));
      expect(mine).toMatchObject({ name: 'Rhea Run', amount: 12_000 });
      expect(mine?.lines[0]?.autopay).toBe(true);
      expect(await entriesOf(family.id)).toHaveLength(before.length);

      const done = billingRunDocumentSchema.parse((await run('2030-02')).json()).data;
      expect(done.families.find((f) => f.user_id === String(family.id))?.amount).toBe(12_000);
      const after = await entriesOf(family.id);
      const tuition = after.filter((e) => e.billingPeriod === '2030-02');
      expect(tuition.map((e) => [e.kind, e.amount, e.method]).sort()).toEqual([
        ['charge', 12_000, null],
        ['payment', -12_000, 'card'],
      ]);
      expect(await balanceOf(family)).toBe(0);
      // The family's receipt of the month autopay paid, naming the card and the month.
      const [account] = await t.database.db.select().from(users).where(eq(users.id, family.id));
      const receipt = await latestMail(t.app, account?.email ?? '', 'billing_payment_received');
      expect(receipt?.subject).toBe('Atelier Art School: $120.00 received for 2030-02 tuition');
      expect(receipt?.text).toContain(
        '$120.00 for 2030-02 tuition was charged to your visa •••• 4242',
      );

      // The same month again: nothing new, for anyone.
      const again = billingRunDocumentSchema.parse((await run('2030-02')).json()).data;
      expect(again.families.find((f) => f.user_id === String(family.id))).toBeUndefined();
      expect(await entriesOf(family.id)).toHaveLength(after.length);
    });

    it('bills no month after the schedule’s last, and none after an ending', async () => {
      const { family } = await monthlyFamily(t, s, { name: 'Enid Ending' });
      const [me] = await t.database.db
        .select()
        .from(monthlyEnrollments)
        .where(eq(monthlyEnrollments.userId, family.id));
      const ended = await t.app.inject({
        method: 'DELETE',
        url: BILLING_API.monthlyEnrollment(me?.id ?? 0),
        headers: as(family),
      });
      expect(ended.statusCode).toBe(200);
      // Ended now (2026 with no notice), after January was paid: January stays the last month.
      expect(ended.json().data[0]).toMatchObject({ last_period: '2030-01', next_charge: null });
      await run('2030-02');
      await run('2030-03');
      await run('2030-04');
      const charges = await t.database.db
        .select()
        .from(billingCharges)
        .where(eq(billingCharges.monthlyEnrollmentId, me?.id ?? 0));
      expect(charges).toEqual([]);
      // Another family's enrollment elsewhere is not theirs to end.
      const stranger = await person(t, 'student', 'Stan Stranger');
      const res = await t.app.inject({
        method: 'DELETE',
        url: BILLING_API.monthlyEnrollment(me?.id ?? 0),
        headers: as(stranger),
      });
      expect(res.statusCode).toBe(404);
      // April is past the schedule's end for everyone.
      const april = billingRunDocumentSchema.parse((await run('2030-04', true)).json()).data;
      expect(april.families).toEqual([]);
    });
  });

  it('starts by itself: a tick bills the school’s current month once, whichever process ticks', async () => {
    const { family } = await monthlyFamily(t, s, { name: 'Tia Tick' });
    // 04:00 UTC on 1 February 2030 is 23:00 on January 31 in New York: January was paid at checkout.
    let clock = new Date('2030-02-01T04:00:00Z');
    const ctx = {
      ...billingContextOf(t.app, {
        currency: 'USD',
        zone: 'America/New_York',
        noticeDays: 0,
        tickIntervalMs: 0,
      }),
      now: () => clock,
    };
    const chargesOf = () =>
      t.database.db.select().from(billingCharges).where(eq(billingCharges.userId, family.id));
    await scheduledBillingTick(ctx);
    expect(await chargesOf()).toEqual([]);
    clock = new Date('2030-02-01T12:00:00Z');
    const nextOf = async () =>
      (await listMonthlyEnrollments(ctx, family.id)).data[0]?.next_charge?.period;
    // February is due until its run reaches it, then March is next.
    expect(await nextOf()).toBe('2030-02');
    await Promise.all([scheduledBillingTick(ctx), scheduledBillingTick(ctx)]);
    expect(await nextOf()).toBe('2030-03');
    await scheduledBillingTick(ctx);
    expect((await chargesOf()).map((ch) => [ch.period, ch.amount])).toEqual([['2030-02', 12_000]]);
  });

  describe('declined autopay', () => {
    it('is retried on day 3 and day 7, mailed and notified, then left on the balance to pay by card once', async () => {
      const { family } = await monthlyFamily(t, s, {
        card: '4000000000000341',
        name: 'Dora Decline',
      });
      const [account] = await t.database.db.select().from(users).where(eq(users.id, family.id));
      let clock = new Date('2030-03-01T14:00:00Z');
      const ctx = {
        ...billingContextOf(t.app, {
          currency: 'USD',
          zone: 'America/New_York',
          noticeDays: 0,
          tickIntervalMs: 0,
        }),
        now: () => clock,
      };
      await runBilling(ctx, '2030-03');
      const paymentOf = async () =>
        (
          await t.database.db
            .select()
            .from(billingPayments)
            .where(
              and(eq(billingPayments.userId, family.id), eq(billingPayments.period, '2030-03')),
            )
        )[0];
      let payment = await paymentOf();
      expect(payment).toMatchObject({ status: 'retry', attempts: 1, amount: 12_000 });
      expect(payment?.nextAttemptAt?.toISOString()).toBe('2030-03-03T14:00:00.000Z');
      const mail = await latestMail(t.app, account?.email ?? '', 'autopay_declined');
      expect(mail?.subject).toContain('2030-03');
      const told = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.recipientId, family.id));
      expect(told.some((n) => n.recordType === 'billing_payments')).toBe(true);

      // Not before day 3.
      clock = new Date('2030-03-02T14:00:00Z');
      await sweepAutopayRetries(ctx);
      expect((await paymentOf())?.attempts).toBe(1);
      clock = new Date('2030-03-03T15:00:00Z');
      await sweepAutopayRetries(ctx);
      payment = await paymentOf();
      expect(payment).toMatchObject({ status: 'retry', attempts: 2 });
      expect(payment?.nextAttemptAt?.toISOString()).toBe('2030-03-07T14:00:00.000Z');
      clock = new Date('2030-03-07T15:00:00Z');
      await sweepAutopayRetries(ctx);
      expect(await paymentOf()).toMatchObject({ status: 'failed', attempts: 3 });
      clock = new Date('2030-03-20T15:00:00Z');
      expect(await sweepAutopayRetries(ctx)).toBe(0);

      // Unpaid: the balance due, paid from /orders by card through the signed webhook, once.
      const due = await t.app.inject({
        method: 'GET',
        url: BILLING_API.balance,
        headers: as(family),
      });
      expect(due.json().data.due).toBe(12_000);
      const pay = await t.app.inject({
        method: 'POST',
        url: BILLING_API.balance,
        headers: as(family),
      });
      expect(pay.statusCode).toBe(201);
      const secret: string = pay.json().data.payment.client_secret;
      expect((await payWithCard(t, secret, '4000000000000002')).status).toBe('failed');
      expect(await balanceOf(family)).toBe(12_000);
      expect((await payWithCard(t, secret)).status).toBe('succeeded');
      expect((await payWithCard(t, secret)).status).toBe('succeeded');
      expect(await balanceOf(family)).toBe(0);
      const payments = (await entriesOf(family.id)).filter(
        (e) => e.kind === 'payment' && e.orderId === null,
      );
      expect(payments.map((e) => e.amount)).toEqual([-12_000]);
      // One receipt, though the card form was confirmed twice.
      const receipts = (await mailTo(t.app, account?.email ?? '')).filter(
        (m) => m.template === 'billing_payment_received',
      );
      expect(receipts.map((m) => m.subject)).toEqual([
        'Atelier Art School: $120.00 received for your balance',
      ]);
      const nothing = await t.app.inject({
        method: 'POST',
        url: BILLING_API.balance,
        headers: as(family),
      });
      expect(nothing.statusCode).toBe(409);
    });
  });

  it('a deleting family’s monthly tuition stops, its child’s name and saved cards go', async () => {
    const { family, child } = await monthlyFamily(t, s, { name: 'Gone Family' });
    await t.database.db.transaction(async (tx) => {
      await eraseBillingOf(tx, family.id, 'Deleted family', new Date('2030-01-15T12:00:00Z'));
      // The erasure then deletes the child's profile (decision 072): the row lets go of it.
      await tx.delete(enrollments).where(eq(enrollments.attendeeProfileId, child));
      await tx
        .update(orderItemAttendees)
        .set({ attendeeProfileId: null })
        .where(eq(orderItemAttendees.attendeeProfileId, child));
      await tx.delete(attendeeProfiles).where(eq(attendeeProfiles.id, child));
    });
    const [me] = await t.database.db
      .select()
      .from(monthlyEnrollments)
      .where(eq(monthlyEnrollments.userId, family.id));
    expect(me).toMatchObject({
      childName: 'Deleted family',
      attendeeProfileId: null,
      lastPeriod: '2030-01',
      paymentMethodId: null,
    });
    const cards = await t.app.inject({
      method: 'GET',
      url: BILLING_API.paymentMethods,
      headers: as(family),
    });
    expect(cards.json().data).toEqual([]);
    const preview = billingRunDocumentSchema.parse((await run('2030-03', true)).json()).data;
    expect(preview.families.find((f) => f.user_id === String(family.id))).toBeUndefined();
  });

  it('a family’s data export holds its saved cards, monthly enrollments and months billed', async () => {
    const { family } = await monthlyFamily(t, s, { name: 'Exa Export' });
    await run('2030-02');
    const res = await t.app.inject({
      method: 'GET',
      url: ACCOUNT_DATA_API.export,
      headers: as(family),
    });
    expect(res.statusCode).toBe(200);
    const zip = unzipSync(new Uint8Array(res.rawPayload));
    const tuition = JSON.parse(Buffer.from(zip['tuition.json'] ?? []).toString('utf8'));
    expect(tuition.saved_cards).toMatchObject([{ brand: 'visa', last4: '4242', default: true }]);
    expect(tuition.monthly_enrollments).toMatchObject([
      { first_period: '2030-01', monthly_price: 12_000 },
    ]);
    expect(tuition.months_billed).toMatchObject([{ period: '2030-02', amount: 12_000 }]);
    expect(tuition.card_payments).toMatchObject([
      { kind: 'autopay', period: '2030-02', status: 'succeeded' },
    ]);
    expect(JSON.stringify(tuition)).not.toContain('4242424242424242');
  });

  it('the orders list still answers for a family with monthly enrollments', async () => {
    const { family } = await monthlyFamily(t, s);
    const res = await t.app.inject({ method: 'GET', url: ORDERS_API.orders, headers: as(family) });
    expect(res.statusCode).toBe(200);
  });

  // Last: it gives the monthly programme Japanese names (docs/architecture.md#translated-content).
  it("names a monthly enrollment's programme and schedule in the reader's language", async () => {
    const { family } = await monthlyFamily(t, s, { name: 'Kei Monthly' });
    for (const [url, payload] of [
      [
        `/api/v1/klass_groups/${s.groupId}`,
        { klass_group: { translations: { ja: { name: '観察デッサン' } } } },
      ],
      [
        `/api/v1/klass_group_schedules/${s.scheduleId}`,
        { klass_group_schedule: { translations: { ja: { name: '土曜クラス' } } } },
      ],
    ] as const) {
      expect(
        (await t.app.inject({ method: 'PATCH', url, headers: as(c.admin), payload })).statusCode,
      ).toBe(200);
    }
    const read = async (language: string) =>
      monthlyEnrollmentListDocumentSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: BILLING_API.monthlyEnrollments,
            headers: { ...as(family), 'accept-language': language },
          })
        ).json(),
      ).data[0];
    expect(await read('ja')).toMatchObject({
      programme: '観察デッサン',
      schedule_name: '土曜クラス',
    });
    expect(await read('en')).toMatchObject({
      programme: 'Observational Drawing',
      schedule_name: 'Saturdays',
    });
  });
});
