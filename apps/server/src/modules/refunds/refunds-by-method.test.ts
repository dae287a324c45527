import {
  LEDGER_API,
  orderRefundsDocumentSchema,
  REFUND_MESSAGES,
  REFUNDS_API,
  refundDocumentSchema,
  refundRequestDocumentSchema,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, type Person, programmeWithSchedule } from '../classes/classes-testing';
import { enrollments } from '../enrollments/enrollments.tables';
import { ledgerEntries } from '../ledger/ledger.tables';
import { orders } from '../orders/orders.tables';
import { paymentEvents } from '../payments/payments.tables';
import { users } from '../users/users.tables';
import { refunds } from './refunds.tables';
import { paidOrder, walkInOrder } from './refunds-testing';

// Refunds by method (docs/decisions/065-refunds-by-method-and-late-payments-kept-as-credit.md),
// on PGlite and (TEST_DB=postgres) PostgreSQL: money goes back the way it came or as account
// credit, each way capped at what it took; refusals say why; a partial refund names who leaves.

describe('refunds by method', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let schedule: { scheduleId: string; planId: string };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c, { schedule: { capacity: 200 } });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const send = (who: Person, method: 'POST' | 'PUT' | 'GET', url: string, payload?: object) =>
    t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });
  const refund = (orderId: string, body: object) =>
    send(c.admin, 'POST', REFUNDS_API.adminOrderRefunds(orderId), { reason: 'Test', ...body });
  const state = async (orderId: string) =>
    orderRefundsDocumentSchema.parse(
      (await send(c.admin, 'GET', REFUNDS_API.orderRefunds(orderId))).json(),
    ).data.attributes;
  const entriesOf = (orderId: string) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, Number(orderId)));
  const activeOf = async (profileIds: (string | number)[]) => {
    const rows = await t.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.scheduleId, Number(schedule.scheduleId)));
    return profileIds
      .map(Number)
      .filter((id) => rows.some((r) => r.attendeeProfileId === id && r.status === 'active'));
  };
  const providerRefundsOf = async () =>
    (await t.database.db.select().from(paymentEvents)).filter((e) => e.type === 'refund.updated')
      .length;

  it('a walk-in paid in cash is offered cash, check or credit; refunded in cash it succeeds at once, with its ledger entries, no provider call, and the chosen child leaves', async () => {
    const w = await walkInOrder(t, c.admin, schedule, 'cash');
    expect((await state(w.orderId)).refund_methods).toEqual([
      { method: 'cash', max: w.total },
      { method: 'check', max: w.total },
      { method: 'credit', max: w.total },
    ]);
    const before = await providerRefundsOf();
    const half = Math.floor(w.total / 2);
    const res = await refund(w.orderId, {
      amount: half,
      method: 'cash',
      attendee_profile_ids: [w.attendeeIds[0]],
    });
    expect(res.statusCode).toBe(201);
    expect(refundDocumentSchema.parse(res.json()).data.attributes).toMatchObject({
      status: 'succeeded',
      method: 'cash',
      amount: half,
      attendees: [{ id: w.attendeeIds[0] }],
    });
    expect(await providerRefundsOf()).toBe(before);
    expect(await activeOf(w.attendeeIds)).toEqual([Number(w.attendeeIds[1])]);
    const entries = await entriesOf(w.orderId);
    expect(
      entries.filter((e) => e.refundId !== null).map((e) => [e.kind, e.amount, e.method]),
    ).toEqual(
      expect.arrayContaining([
        ['credit', -half, null],
        ['refund', half, 'cash'],
      ]),
    );
    const ledger = await send(c.admin, 'GET', LEDGER_API.guestCustomerLedger(w.guestId));
    expect(ledger.json().meta.balance).toBe(0);
    const after = await state(w.orderId);
    expect(after).toMatchObject({ refunded_amount: half, refundable_amount: w.total - half });

    // The rest by check: the order is refunded in full and every place ends.
    const rest = await refund(w.orderId, { amount: w.total - half, method: 'check' });
    expect(rest.json().data.attributes).toMatchObject({ status: 'succeeded', method: 'check' });
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(w.orderId)));
    expect(order?.status).toBe('refunded');
    expect(await activeOf(w.attendeeIds)).toEqual([]);
  });

  it('a walk-in’s order left out of the method goes back the way it was paid (check)', async () => {
    const w = await walkInOrder(t, c.admin, schedule, 'check', 1);
    const res = await refund(w.orderId, { amount: 100 });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({ status: 'succeeded', method: 'check' });
  });

  it('refuses, naming why: card for a cash order, cash for a card order, more than the card took, more than is left, an unknown method, an unpaid order, a refunded one', async () => {
    const w = await walkInOrder(t, c.admin, schedule, 'cash', 1);
    const card = await refund(w.orderId, { amount: 100, method: 'card' });
    expect(card.statusCode).toBe(422);
    expect(card.json().errors[0]).toMatchObject({
      detail: REFUND_MESSAGES.notPaidByCard,
      meta: { type: 'validate', field: 'method' },
    });
    const unknown = await refund(w.orderId, { amount: 100, method: 'bitcoin' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors[0].meta.field).toBe('method');
    const tooMuch = await refund(w.orderId, { amount: w.total + 1, method: 'cash' });
    expect(tooMuch.statusCode).toBe(422);
    expect(tooMuch.json().errors[0].detail).toMatch(/can still be refunded/);

    const { orderId, total } = await paidOrder(t, c, schedule);
    const cash = await refund(orderId, { amount: 100, method: 'cash' });
    expect(cash.statusCode).toBe(422);
    expect(cash.json().errors[0]).toMatchObject({
      detail: REFUND_MESSAGES.paidByCard,
      meta: { field: 'method' },
    });
    // Part of it was paid with account credit: the card takes back only what it paid.
    await t.database.db
      .update(orders)
      .set({ creditApplied: 1000 })
      .where(eq(orders.id, Number(orderId)));
    expect((await state(orderId)).refund_methods).toEqual([
      { method: 'card', max: total - 1000 },
      { method: 'credit', max: total },
    ]);
    const overCard = await refund(orderId, { amount: total, method: 'card' });
    expect(overCard.statusCode).toBe(422);
    expect(overCard.json().errors[0]).toMatchObject({
      detail: REFUND_MESSAGES.exceedsMethod('card', `$${((total - 1000) / 100).toFixed(2)}`),
      meta: { field: 'amount' },
    });
    expect((await refund(orderId, { amount: total - 1000, method: 'card' })).statusCode).toBe(201);
    const leftAsCredit = await refund(orderId, { amount: 1000, method: 'credit' });
    expect(leftAsCredit.json().data.attributes).toMatchObject({
      status: 'succeeded',
      method: 'credit',
    });
    const again = await refund(orderId, { amount: 1 });
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].detail).toBe(REFUND_MESSAGES.nothingLeft);

    const unpaid = await paidOrder(t, c, schedule, { pay: false });
    const early = await refund(unpaid.orderId, { amount: 1, method: 'credit' });
    expect(early.statusCode).toBe(409);
    expect(early.json().errors[0].detail).toBe(REFUND_MESSAGES.notRefundable);
  });

  it('a refund kept as account credit: no provider call, the family is owed it, the order’s entries still read paid − refunded, mail says so', async () => {
    const { buyer, orderId, kids } = await paidOrder(t, c, schedule);
    const before = await providerRefundsOf();
    const res = await refund(orderId, {
      amount: 2500,
      method: 'credit',
      attendee_profile_ids: [String(kids[1])],
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({ status: 'succeeded', method: 'credit' });
    expect(await providerRefundsOf()).toBe(before);
    expect(await activeOf(kids)).toEqual([kids[0]]);

    const ledger = (await send(buyer, 'GET', LEDGER_API.accountLedger)).json();
    expect(ledger.meta.balance).toBe(-2500);
    const entries = await entriesOf(orderId);
    const sum = (kinds: string[]) =>
      entries.filter((e) => kinds.includes(e.kind)).reduce((s, e) => s + e.amount, 0);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(orderId)));
    expect(sum(['payment', 'refund'])).toBe(2500 - (order?.total ?? 0));
    expect(sum(['credit'])).toBe(-2500);
    const [who] = await t.database.db.select().from(users).where(eq(users.id, buyer.id));
    const mail = await latestMail(t.app, who?.email ?? '', 'refund_issued');
    expect(mail?.text).toMatch(/as account credit/);
  });

  it('approving part of a whole-order request asks who leaves: the named child’s place ends, the other stays', async () => {
    const { buyer, orderId, kids } = await paidOrder(t, c, schedule);
    const asked = refundRequestDocumentSchema.parse(
      (
        await send(buyer, 'POST', REFUNDS_API.orderRefundRequests(orderId), {
          reason: 'One of them is moving away',
        })
      ).json(),
    ).data;
    const decided = await send(c.admin, 'PUT', REFUNDS_API.adminRefundRequest(asked.id), {
      decision: 'approve',
      amount: 3000,
      method: 'credit',
      attendee_profile_ids: [String(kids[0])],
    });
    expect(decided.statusCode).toBe(200);
    expect(
      refundRequestDocumentSchema.parse(decided.json()).included?.[0]?.attributes,
    ).toMatchObject({ amount: 3000, method: 'credit', status: 'succeeded' });
    expect(await activeOf(kids)).toEqual([kids[1]]);
  });

  it('20 parallel cash refunds of 30% each never refund more than was paid', async () => {
    const w = await walkInOrder(t, c.admin, schedule, 'cash');
    const amount = Math.floor(w.total * 0.3);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        refund(w.orderId, { amount, method: 'cash', reason: `Cash ${i}` }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 201);
    expect(ok.length).toBe(3);
    for (const r of answers.filter((a) => a.statusCode !== 201)) {
      expect([409, 422]).toContain(r.statusCode);
      expect(r.json().errors[0].detail).toMatch(/can still be refunded|refunded in full/);
    }
    const rows = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, Number(w.orderId)));
    expect(rows.filter((r) => r.status === 'succeeded')).toHaveLength(3);
    expect(rows.reduce((s, r) => s + r.amount, 0)).toBeLessThanOrEqual(w.total);
    const cashBack = (await entriesOf(w.orderId))
      .filter((e) => e.kind === 'refund')
      .reduce((s, e) => s + e.amount, 0);
    expect(cashBack).toBe(3 * amount);
  });
});
