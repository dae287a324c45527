import {
  type FakePaymentConfirmResult,
  fakePaymentConfirmResultSchema,
  ORDERS_API,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { insertPendingOrder } from '../orders/orders-testing';
import { insertUserRows } from '../users/users-testing';
import { fakeCardOutcome } from './fake-provider';
import type { Payments } from './payments.plugin';
import type { PaymentEvent } from './payments.service';
import { fakePaymentIntents, paymentEvents, payments } from './payments.tables';

// The fake provider end to end: intents made for orders, cards confirmed like Stripe's test
// cards, outcomes reaching the order's handler through the signed webhook route.

describe('fake payment provider', { timeout: 60_000 }, () => {
  let t: TestApp;
  let pay: Payments;
  let userId: number;
  let heard: PaymentEvent[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    pay = t.app.getDecorator<Payments>('payments');
    pay.onPaymentEvent(async (event) => void heard.push(event));
    const [user] = await insertUserRows(t.app.db, [
      { email: 'buyer@test.test', name: 'Buyer', passwordHash: 'x', timezone: 'UTC' },
    ]);
    userId = user?.id ?? 0;
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    heard = [];
  });

  async function intentForNewOrder(amount = 4200) {
    const orderId = await insertPendingOrder(t.app.db, userId, amount);
    const intent = await pay.createIntent({ orderId, amount, currency: 'USD', userId });
    return { orderId, ...intent };
  }

  async function confirm(intentId: string, body: Record<string, unknown>) {
    return t.app.inject({
      method: 'POST',
      url: ORDERS_API.fakePaymentConfirm(intentId),
      payload: body,
    });
  }

  async function confirmOk(
    intent: { intentId: string; clientSecret: string },
    card: string,
  ): Promise<FakePaymentConfirmResult> {
    const res = await confirm(intent.intentId, {
      client_secret: intent.clientSecret,
      card_number: card,
    });
    expect(res.statusCode).toBe(200);
    return fakePaymentConfirmResultSchema.parse(res.json());
  }

  it('makes one intent per order, however often asked, and stores it as the order’s payment', async () => {
    const first = await intentForNewOrder();
    const again = await pay.createIntent({
      orderId: first.orderId,
      amount: 4200,
      currency: 'USD',
      userId,
    });
    expect(first).toMatchObject({ provider: 'fake', publishableKey: null });
    expect(first.intentId).toMatch(/^pi_fake_/);
    expect(first.clientSecret.startsWith(`${first.intentId}_secret_`)).toBe(true);
    expect(again.intentId).toBe(first.intentId);
    expect(again.clientSecret).toBe(first.clientSecret);
    const rows = await t.app.db.select().from(payments).where(eq(payments.orderId, first.orderId));
    expect(rows).toEqual([
      expect.objectContaining({
        intentId: first.intentId,
        status: 'requires_payment',
        amount: 4200,
      }),
    ]);
  });

  it('4242 4242 4242 4242 succeeds: the order hears it once, through the webhook, and the event is stored applied', async () => {
    const intent = await intentForNewOrder();
    expect(await confirmOk(intent, '4242 4242 4242 4242')).toEqual({
      status: 'succeeded',
      error: null,
    });
    expect(heard).toEqual([
      {
        type: 'succeeded',
        orderId: intent.orderId,
        intentId: intent.intentId,
        message: null,
        eventId: expect.stringMatching(/^evt_fake_/),
      },
    ]);
    const [event] = await t.app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.intentId, intent.intentId));
    expect(event).toMatchObject({ id: heard[0]?.eventId, type: 'payment_intent.succeeded' });
    expect(event?.appliedAt).toBeInstanceOf(Date);
    const [payment] = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, intent.orderId));
    expect(payment?.status).toBe('succeeded');

    // Confirming a paid intent again answers succeeded and tells the order nothing more.
    expect(await confirmOk(intent, '4242424242424242')).toEqual({
      status: 'succeeded',
      error: null,
    });
    expect(heard).toHaveLength(1);
  });

  it.each([
    ['4000 0000 0000 0002', 'card_declined', 'Your card was declined.'],
    ['4000-0000-0000-9995', 'insufficient_funds', 'Your card has insufficient funds.'],
    ['5555555555554444', 'card_declined', 'Your card was declined.'],
  ])('%s fails with %s, and the order hears why', async (card, code, message) => {
    const intent = await intentForNewOrder();
    expect(await confirmOk(intent, card)).toEqual({ status: 'failed', error: { code, message } });
    expect(heard).toEqual([
      expect.objectContaining({ type: 'failed', orderId: intent.orderId, message }),
    ]);
    const [payment] = await t.app.db
      .select()
      .from(payments)
      .where(eq(payments.orderId, intent.orderId));
    expect(payment).toMatchObject({ status: 'failed', lastError: message });
    const [fake] = await t.app.db
      .select()
      .from(fakePaymentIntents)
      .where(eq(fakePaymentIntents.id, intent.intentId));
    // Like Stripe, a declined intent waits for another card.
    expect(fake?.status).toBe('requires_payment_method');

    expect(await confirmOk(intent, '4242424242424242')).toEqual({
      status: 'succeeded',
      error: null,
    });
    expect(heard.map((e) => e.type)).toEqual(['failed', 'succeeded']);
  });

  it('refuses a past expiry as Stripe does (expired_card), even with the card that succeeds, then takes a good one', async () => {
    const intent = await intentForNewOrder();
    const expired = await confirm(intent.intentId, {
      client_secret: intent.clientSecret,
      card_number: '4242424242424242',
      exp_month: 1,
      exp_year: 2020,
    });
    expect(fakePaymentConfirmResultSchema.parse(expired.json())).toEqual({
      status: 'failed',
      error: { code: 'expired_card', message: 'Your card has expired.' },
    });
    expect(heard.map((e) => e.type)).toEqual(['failed']);
    const later = await confirm(intent.intentId, {
      client_secret: intent.clientSecret,
      card_number: '4242424242424242',
      exp_month: 12,
      exp_year: 2099,
    });
    expect(fakePaymentConfirmResultSchema.parse(later.json()).status).toBe('succeeded');
  });

  it('counts a card good through its expiry month wherever the buyer is (the month ends last at UTC−12)', () => {
    const card = '4242424242424242';
    const nov = { month: 11, year: 2026 };
    // 1 December 05:00 UTC is still 30 November west of UTC−5: the card is good.
    expect(fakeCardOutcome(card, nov, new Date('2026-12-01T05:00:00Z'))).toBeNull();
    // 1 December 12:00 UTC is December everywhere.
    expect(fakeCardOutcome(card, nov, new Date('2026-12-01T12:00:00Z'))?.code).toBe('expired_card');
    expect(fakeCardOutcome(card, null, new Date('2030-01-01T00:00:00Z'))).toBeNull();
  });

  it.each([
    [{ card_number: '1234' }, 'card_number', 'Your card number is invalid.'],
    [{ card_number: '4242 4242 abcd 4242' }, 'card_number', 'Your card number is invalid.'],
    [{}, 'card_number', 'Required'],
  ])(
    'a malformed card %o is a 422 on its field, and nothing is sent',
    async (body, field, detail) => {
      const intent = await intentForNewOrder();
      const res = await confirm(intent.intentId, { client_secret: intent.clientSecret, ...body });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toContainEqual(
        expect.objectContaining({ detail, meta: expect.objectContaining({ field }) }),
      );
      expect(heard).toEqual([]);
    },
  );

  it('an unknown intent, or the client secret of another, is a 404', async () => {
    const one = await intentForNewOrder();
    const other = await intentForNewOrder();
    const unknown = await confirm('pi_fake_unknown', {
      client_secret: one.clientSecret,
      card_number: '4242424242424242',
    });
    expect(unknown.statusCode).toBe(404);
    const mismatch = await confirm(one.intentId, {
      client_secret: other.clientSecret,
      card_number: '4242424242424242',
    });
    expect(mismatch.statusCode).toBe(404);
    const missing = await confirm(one.intentId, { card_number: '4242424242424242' });
    expect(missing.statusCode).toBe(422);
    expect(heard).toEqual([]);
  });

  it('refunds a paid intent up to its amount; the same key names the same refund', async () => {
    const intent = await intentForNewOrder(5000);
    const key = { orderId: intent.orderId, intentId: intent.intentId };
    await expect(pay.refund({ ...key, amount: 1000, idempotencyKey: 'r1' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await confirmOk(intent, '4242424242424242');
    const first = await pay.refund({ ...key, amount: 1000, idempotencyKey: 'r1' });
    expect(first).toEqual({ refundId: expect.stringMatching(/^re_fake_/), status: 'succeeded' });
    expect(await pay.refund({ ...key, amount: 1000, idempotencyKey: 'r1' })).toEqual(first);
    const second = await pay.refund({ ...key, amount: 1000, idempotencyKey: 'r2' });
    expect(second.refundId).not.toBe(first.refundId);
    await expect(pay.refund({ ...key, amount: 5001, idempotencyKey: 'r3' })).rejects.toMatchObject({
      code: 'conflict',
    });
    await expect(
      pay.refund({ ...key, intentId: 'pi_fake_other', amount: 100, idempotencyKey: 'r4' }),
    ).rejects.toMatchObject({ code: 'not_found' });
  });
});
