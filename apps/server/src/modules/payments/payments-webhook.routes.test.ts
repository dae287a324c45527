import { ORDERS_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { insertPendingOrder } from '../orders/orders-testing';
import { insertUserRows } from '../users/users-testing';
import type { Payments } from './payments.plugin';
import type { PaymentEvent } from './payments.service';
import { paymentEvents, payments } from './payments.tables';
import { intentEvent, signedWebhookRequest } from './payments-testing';

// docs/architecture.md#orders-and-payments: the webhook verifies, stores each event by id and
// applies it once, whatever order or how often the provider delivers.

describe('POST /api/v2/payments/webhook', { timeout: 60_000 }, () => {
  let t: TestApp;
  let pay: Payments;
  let secret: string;
  let userId: number;
  let heard: PaymentEvent[] = [];
  /** The effect an order would see: how many times each order became paid. */
  let paid = new Map<number, number>();
  let failNext = false;

  beforeAll(async () => {
    t = await createTestApp();
    secret = t.config.payments.webhookSecret;
    pay = t.app.getDecorator<Payments>('payments');
    pay.onPaymentEvent(async (event) => {
      if (failNext) {
        failNext = false;
        throw new Error('the order could not be updated');
      }
      heard.push(event);
      if (event.type === 'succeeded') paid.set(event.orderId, (paid.get(event.orderId) ?? 0) + 1);
    });
    const [user] = await insertUserRows(t.app.db, [
      { email: 'hook@test.test', name: 'Buyer', passwordHash: 'x', timezone: 'UTC' },
    ]);
    userId = user?.id ?? 0;
  });
  afterAll(() => t?.close());
  beforeEach(() => {
    heard = [];
    paid = new Map();
  });

  async function order() {
    const orderId = await insertPendingOrder(t.app.db, userId, 3000);
    const intent = await pay.createIntent({ orderId, amount: 3000, currency: 'USD', userId });
    return { orderId, intentId: intent.intentId };
  }

  const deliver = (event: unknown, key = secret) => t.app.inject(signedWebhookRequest(key, event));
  const storedEvents = (intentId: string) =>
    t.app.db.select().from(paymentEvents).where(eq(paymentEvents.intentId, intentId));

  it.each([
    ['a signature made with another secret', { 'stripe-signature': 'x' }, 'whsec_not_ours'],
    ['a garbled signature', { 'stripe-signature': 't=1,v1=deadbeef' }, null],
    ['no signature', {}, null],
  ])('refuses %s with 400, no stack, nothing stored', async (_name, headers, otherSecret) => {
    const o = await order();
    const event = intentEvent('evt_bad_sig', 'payment_intent.succeeded', {
      id: o.intentId,
      orderId: o.orderId,
    });
    const request = signedWebhookRequest(otherSecret ?? secret, event);
    const res = await t.app.inject({
      ...request,
      headers: otherSecret ? request.headers : { 'content-type': 'application/json', ...headers },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toEqual({
      errors: [
        expect.objectContaining({
          code: 'bad_request',
          detail: expect.stringMatching(/signature/),
        }),
      ],
    });
    expect(res.body).not.toMatch(/at .*\.ts|stack/i);
    expect(heard).toEqual([]);
    expect(await storedEvents(o.intentId)).toEqual([]);
  });

  it('a body that was changed after signing is refused', async () => {
    const o = await order();
    const request = signedWebhookRequest(
      secret,
      intentEvent('evt_tampered', 'payment_intent.succeeded', {
        id: o.intentId,
        orderId: o.orderId,
      }),
    );
    expect(request.payload).toContain('"amount":1000');
    const res = await t.app.inject({
      ...request,
      payload: request.payload.replace('"amount":1000', '"amount":1'),
    });
    expect(res.statusCode).toBe(400);
    expect(heard).toEqual([]);
  });

  it('each of two events replayed 3× out of order has one effect: paid once, a late failure ignored', async () => {
    const o = await order();
    const failed = intentEvent('evt_failed_1', 'payment_intent.payment_failed', {
      id: o.intentId,
      orderId: o.orderId,
      error: 'Your card was declined.',
    });
    const succeeded = intentEvent('evt_succeeded_1', 'payment_intent.succeeded', {
      id: o.intentId,
      orderId: o.orderId,
    });
    // The failed attempt happened first, but its event arrives after the success, and both are
    // delivered three times, interleaved.
    for (const event of [succeeded, failed, succeeded, failed, failed, succeeded]) {
      const res = await deliver(event);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ received: true });
    }
    expect(paid.get(o.orderId)).toBe(1);
    expect(heard).toEqual([
      {
        type: 'succeeded',
        orderId: o.orderId,
        intentId: o.intentId,
        message: null,
        eventId: 'evt_succeeded_1',
      },
    ]);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, o.orderId));
    expect(payment).toMatchObject({ status: 'succeeded', lastError: null });
    const events = await storedEvents(o.intentId);
    expect(events.map((e) => e.id).sort()).toEqual(['evt_failed_1', 'evt_succeeded_1']);
    expect(events.every((e) => e.appliedAt instanceof Date)).toBe(true);
  });

  it('a failure, then a success, each delivered 3× shuffled: the order hears each once, in the order they first came', async () => {
    const o = await order();
    const failed = intentEvent('evt_failed_2', 'payment_intent.payment_failed', {
      id: o.intentId,
      orderId: o.orderId,
      error: 'Your card has insufficient funds.',
    });
    const succeeded = intentEvent('evt_succeeded_2', 'payment_intent.succeeded', {
      id: o.intentId,
      orderId: o.orderId,
    });
    for (const event of [failed, failed, succeeded, failed, succeeded, succeeded]) {
      expect((await deliver(event)).statusCode).toBe(200);
    }
    expect(heard.map((e) => [e.type, e.eventId, e.message])).toEqual([
      ['failed', 'evt_failed_2', 'Your card has insufficient funds.'],
      ['succeeded', 'evt_succeeded_2', null],
    ]);
    expect(paid.get(o.orderId)).toBe(1);
  });

  it('answers 200 and ignores events that are not about a payment intent of an order', async () => {
    const o = await order();
    const customer = {
      ...intentEvent('evt_customer', 'customer.created', { id: 'cus_1', orderId: o.orderId }),
    };
    expect((await deliver(customer)).statusCode).toBe(200);
    const noOrder = intentEvent('evt_no_order', 'payment_intent.succeeded', {
      id: o.intentId,
      orderId: 0,
    });
    expect((await deliver(noOrder)).statusCode).toBe(200);
    // An intent that is not the order's own (another order's, or forged metadata) changes nothing.
    const foreign = intentEvent('evt_foreign', 'payment_intent.succeeded', {
      id: 'pi_someone_else',
      orderId: o.orderId,
    });
    expect((await deliver(foreign)).statusCode).toBe(200);
    // Signed, but not shaped like an intent event: ignored, not a 500.
    const shapeless = {
      id: 'evt_shapeless',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: {},
    };
    expect((await deliver(shapeless)).statusCode).toBe(200);
    expect(heard).toEqual([]);
    const stored = await t.app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, 'evt_customer'));
    expect(stored).toEqual([]);
  });

  it('an event whose handler failed is not applied: the redelivery applies it', async () => {
    const o = await order();
    const event = intentEvent('evt_retry', 'payment_intent.succeeded', {
      id: o.intentId,
      orderId: o.orderId,
    });
    failNext = true;
    const first = await deliver(event);
    expect(first.statusCode).toBe(500);
    expect((await storedEvents(o.intentId))[0]?.appliedAt).toBeNull();
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await deliver(event)).statusCode).toBe(200);
    expect(heard.map((e) => e.eventId)).toEqual(['evt_retry']);
    expect((await storedEvents(o.intentId))[0]?.appliedAt).toBeInstanceOf(Date);
  });

  it('refuses a body that is not JSON (415) or too large (413)', async () => {
    const text = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.paymentsWebhook,
      headers: { 'content-type': 'text/plain', 'stripe-signature': 't=1,v1=x' },
      payload: 'hello',
    });
    expect(text.statusCode).toBe(415);
    const big = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.paymentsWebhook,
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=x' },
      payload: JSON.stringify({ pad: 'x'.repeat(300 * 1024) }),
    });
    expect(big.statusCode).toBe(413);
  });
});
