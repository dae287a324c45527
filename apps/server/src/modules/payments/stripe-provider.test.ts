import { ORDERS_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import Stripe from 'stripe';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { insertPendingOrder } from '../orders/orders-testing';
import { insertUserRows } from '../users/users-testing';
import type { Payments } from './payments.plugin';
import type { PaymentEvent } from './payments.service';
import { payments } from './payments.tables';
import {
  intentEvent,
  type StripeStandIn,
  signedWebhookRequest,
  startStripeStandIn,
} from './payments-testing';
import { StripePaymentProvider } from './stripe-provider';

// The Stripe provider through the official SDK against a local stand-in of the endpoints it
// calls: what goes over the wire (form body, idempotency key, key), and webhook signatures
// checked by the SDK.

const KEYS = {
  secretKey: 'sk_test_standin',
  webhookSecret: 'whsec_standin',
  publishableKey: 'pk_test_standin',
};

describe('Stripe provider', { timeout: 60_000 }, () => {
  let standIn: StripeStandIn;
  let provider: StripePaymentProvider;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    const url = new URL(standIn.url);
    provider = new StripePaymentProvider({
      provider: 'stripe',
      ...KEYS,
      api: { host: url.hostname, port: Number(url.port), protocol: 'http' },
    });
  });
  afterAll(() => standIn?.close());

  it('creates an intent with the order in its metadata and the order’s idempotency key', async () => {
    standIn.requests.length = 0;
    const intent = await provider.createIntent({
      orderId: 42,
      userId: 7,
      amount: 12_500,
      currency: 'USD',
      idempotencyKey: 'order-42-intent',
    });
    expect(intent).toEqual({
      intentId: expect.stringMatching(/^pi_standin_/),
      clientSecret: expect.stringContaining('_secret_'),
    });
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
    expect(request?.headers['idempotency-key']).toBe('order-42-intent');
    expect(request?.headers.authorization).toBe(`Bearer ${KEYS.secretKey}`);
    expect(request?.headers['content-type']).toMatch(/^application\/x-www-form-urlencoded/);
    expect(request?.form).toEqual({
      amount: '12500',
      currency: 'usd',
      'metadata[order_id]': '42',
      'metadata[user_id]': '7',
      'automatic_payment_methods[enabled]': 'true',
    });
    // Asked again with the key, Stripe answers the same intent.
    const again = await provider.createIntent({
      orderId: 42,
      userId: 7,
      amount: 12_500,
      currency: 'USD',
      idempotencyKey: 'order-42-intent',
    });
    expect(again).toEqual(intent);
  });

  it('refunds with the refund’s own idempotency key', async () => {
    standIn.requests.length = 0;
    const refund = await provider.refund({
      intentId: 'pi_standin_1',
      amount: 500,
      idempotencyKey: 'refund-9',
    });
    expect(refund).toEqual({
      refundId: expect.stringMatching(/^re_standin_/),
      status: 'succeeded',
    });
    const [request] = standIn.requests;
    expect(request).toMatchObject({ method: 'POST', path: '/v1/refunds' });
    expect(request?.headers['idempotency-key']).toBe('refund-9');
    expect(request?.form).toEqual({ payment_intent: 'pi_standin_1', amount: '500' });
  });

  it('sends a refund’s metadata, which its refund.* events carry back (docs/architecture.md#refunds)', async () => {
    standIn.requests.length = 0;
    await provider.refund({
      intentId: 'pi_standin_1',
      amount: 300,
      idempotencyKey: 'refund-10',
      metadata: { order_id: '4', refund_id: '10' },
    });
    expect(standIn.requests[0]?.form).toEqual({
      payment_intent: 'pi_standin_1',
      amount: '300',
      'metadata[order_id]': '4',
      'metadata[refund_id]': '10',
    });
  });

  it('saves a card: a customer for the family once, a setup intent for off-session use (decision 075)', async () => {
    standIn.requests.length = 0;
    const setup = await provider.createSetupIntent({ familyId: 5, customerId: null });
    expect(setup).toEqual({
      customerId: expect.stringMatching(/^cus_standin_/),
      setupIntentId: expect.stringMatching(/^seti_standin_/),
      clientSecret: expect.stringContaining('_secret_'),
    });
    const [customer, intent] = standIn.requests;
    expect(customer).toMatchObject({ method: 'POST', path: '/v1/customers' });
    expect(customer?.headers['idempotency-key']).toBe('family-5-customer');
    expect(intent?.form).toMatchObject({
      customer: setup.customerId,
      usage: 'off_session',
      'allowed_payment_method_types[0]': 'card',
    });
    standIn.requests.length = 0;
    await provider.createSetupIntent({ familyId: 5, customerId: setup.customerId });
    expect(standIn.requests.map((r) => r.path)).toEqual(['/v1/setup_intents']);
    expect(await provider.setupIntentCard(setup.setupIntentId)).toEqual({
      paymentMethodId: 'pm_standin_saved',
      customerId: 'cus_standin_saved',
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
      expYear: 2031,
    });
  });

  it('charges a saved card off-session under the attempt’s key; a decline is an answer, not an error', async () => {
    standIn.requests.length = 0;
    const paid = await provider.chargeOffSession({
      customerId: 'cus_1',
      paymentMethodId: 'pm_1',
      amount: 12_000,
      currency: 'USD',
      metadata: { billing_payment_id: '9' },
      idempotencyKey: 'billing-payment-9-attempt-1',
    });
    expect(paid).toMatchObject({ status: 'succeeded', message: null });
    const [request] = standIn.requests;
    expect(request?.headers['idempotency-key']).toBe('billing-payment-9-attempt-1');
    expect(request?.form).toMatchObject({
      amount: '12000',
      currency: 'usd',
      customer: 'cus_1',
      payment_method: 'pm_1',
      off_session: 'true',
      confirm: 'true',
      'metadata[billing_payment_id]': '9',
    });
    const declined = await provider.chargeOffSession({
      customerId: 'cus_1',
      paymentMethodId: 'pm_card_chargeDeclined',
      amount: 12_000,
      currency: 'USD',
      metadata: { billing_payment_id: '10' },
      idempotencyKey: 'billing-payment-10-attempt-1',
    });
    expect(declined).toEqual({
      intentId: expect.stringMatching(/^pi_standin_/),
      status: 'failed',
      message: 'Your card was declined.',
    });
    await provider.detachPaymentMethod('pm_1');
    expect(standIn.requests.at(-1)?.path).toBe('/v1/payment_methods/pm_1/detach');
  });

  it('cancels an unpaid intent; one Stripe will not cancel any more (paid) is a false, not an error', async () => {
    const open = await provider.createIntent({
      orderId: null,
      userId: 7,
      amount: 5_000,
      currency: 'USD',
      idempotencyKey: 'billing-payment-11-intent',
    });
    standIn.requests.length = 0;
    expect(await provider.cancelIntent(open.intentId)).toBe(true);
    expect(standIn.requests[0]).toMatchObject({
      method: 'POST',
      path: `/v1/payment_intents/${open.intentId}/cancel`,
    });
    const paid = await provider.chargeOffSession({
      customerId: 'cus_1',
      paymentMethodId: 'pm_1',
      amount: 5_000,
      currency: 'USD',
      metadata: { billing_payment_id: '12' },
      idempotencyKey: 'billing-payment-12-attempt-1',
    });
    expect(await provider.cancelIntent(paid.intentId ?? '')).toBe(false);
  });

  it('Stripe failing is a 503 the buyer may retry, not a 500', async () => {
    standIn.failWith(500);
    try {
      await expect(
        provider.createIntent({
          orderId: 43,
          userId: 7,
          amount: 100,
          currency: 'USD',
          idempotencyKey: 'order-43-intent',
        }),
      ).rejects.toMatchObject({ code: 'unavailable' });
    } finally {
      standIn.failWith(null);
    }
  });

  it('names the card a paid intent was charged to: inline when expanded, else asked of Stripe', async () => {
    const eventWith = (latest_charge: unknown) =>
      ({ data: { object: { id: 'pi_1', object: 'payment_intent', latest_charge } } }) as never;
    const before = standIn.requests.length;
    expect(
      await provider.paymentCard(
        eventWith({
          id: 'ch_1',
          payment_method_details: { card: { brand: 'visa', last4: '4242' } },
        }),
      ),
    ).toEqual({ brand: 'visa', last4: '4242' });
    expect(standIn.requests.length).toBe(before);
    expect(await provider.paymentCard(eventWith('ch_2'))).toEqual({
      brand: 'mastercard',
      last4: '4444',
    });
    expect(standIn.requests.at(-1)).toMatchObject({ method: 'GET', path: '/v1/charges/ch_2' });
    expect(await provider.paymentCard(eventWith(null))).toBeNull();
    // Stripe failing leaves the card unknown; the payment is applied all the same.
    standIn.failWith(500);
    try {
      expect(await provider.paymentCard(eventWith('ch_3'))).toBeNull();
    } finally {
      standIn.failWith(null);
    }
  });

  it('verifies webhook signatures with the SDK: the right secret passes, another or none is a 400', () => {
    const payload = JSON.stringify(
      intentEvent('evt_1', 'payment_intent.succeeded', { id: 'pi_1', orderId: 1 }),
    );
    const body = Buffer.from(payload);
    const good = Stripe.webhooks.generateTestHeaderString({ payload, secret: KEYS.webhookSecret });
    expect(provider.verifyWebhook(body, good)).toMatchObject({
      id: 'evt_1',
      type: 'payment_intent.succeeded',
    });
    const other = Stripe.webhooks.generateTestHeaderString({ payload, secret: 'whsec_other' });
    expect(() => provider.verifyWebhook(body, other)).toThrow(
      expect.objectContaining({ code: 'bad_request' }),
    );
    expect(() => provider.verifyWebhook(body, undefined)).toThrow(
      expect.objectContaining({ code: 'bad_request' }),
    );
    // A signature older than the SDK's tolerance (5 minutes) is refused: a captured request
    // cannot be replayed later.
    const old = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: KEYS.webhookSecret,
      timestamp: Math.floor(Date.now() / 1000) - 3600,
    });
    expect(() => provider.verifyWebhook(body, old)).toThrow(
      expect.objectContaining({ code: 'bad_request' }),
    );
  });
});

describe('the app with Stripe keys', { timeout: 60_000 }, () => {
  let standIn: StripeStandIn;
  let t: TestApp;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({
      STRIPE_SECRET_KEY: KEYS.secretKey,
      STRIPE_WEBHOOK_SECRET: KEYS.webhookSecret,
      STRIPE_PUBLISHABLE_KEY: KEYS.publishableKey,
      STRIPE_API_URL: standIn.url,
    });
  });
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  it('pays an order through Stripe: the intent from Stripe, the outcome from its signed webhook, once', async () => {
    const pay = t.app.getDecorator<Payments>('payments');
    const heard: PaymentEvent[] = [];
    pay.onPaymentEvent(async (event) => void heard.push(event));
    const [user] = await insertUserRows(t.app.db, [
      { email: 'stripe@test.test', name: 'Buyer', passwordHash: 'x', timezone: 'UTC' },
    ]);
    const userId = user?.id ?? 0;
    const orderId = await insertPendingOrder(t.app.db, userId, 9900);

    const intent = await pay.createIntent({ orderId, amount: 9900, currency: 'USD', userId });
    expect(intent).toMatchObject({ provider: 'stripe', publishableKey: KEYS.publishableKey });
    expect(standIn.requests.at(-1)?.headers['idempotency-key']).toBe(`order-${orderId}-intent`);
    // A second call for the order is answered from the stored payment, without asking Stripe.
    const calls = standIn.requests.length;
    expect(await pay.createIntent({ orderId, amount: 9900, currency: 'USD', userId })).toEqual(
      intent,
    );
    expect(standIn.requests).toHaveLength(calls);

    const event = intentEvent('evt_stripe_1', 'payment_intent.succeeded', {
      id: intent.intentId,
      orderId,
    });
    for (let i = 0; i < 3; i++) {
      expect((await t.app.inject(signedWebhookRequest(KEYS.webhookSecret, event))).statusCode).toBe(
        200,
      );
    }
    const forged = await t.app.inject(signedWebhookRequest(t.config.jwtSecret, event));
    expect(forged.statusCode).toBe(400);
    expect(heard.map((e) => [e.type, e.orderId, e.eventId])).toEqual([
      ['succeeded', orderId, 'evt_stripe_1'],
    ]);
    const [payment] = await t.app.db.select().from(payments).where(eq(payments.orderId, orderId));
    expect(payment).toMatchObject({
      provider: 'stripe',
      status: 'succeeded',
      intentId: intent.intentId,
    });
  });

  it('has no fake card route', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.fakePaymentConfirm('pi_1'),
      payload: { client_secret: 'x', card_number: '4242424242424242' },
    });
    expect(res.statusCode).toBe(404);
  });
});
