import { LEDGER_API, ORDERS_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addAttendee, addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import {
  as,
  type Cast,
  type Person,
  person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { seatHolds } from '../enrollments/enrollments.tables';
import { orders } from '../orders/orders.tables';
import {
  intentEvent,
  refundEvent,
  type StripeStandIn,
  signedWebhookRequest,
  startStripeStandIn,
} from '../payments/payments-testing';
import { refunds } from './refunds.tables';

// A late payment (docs/decisions/063-late-payments-are-returned.md) through the Stripe provider:
// the official SDK against a local stand-in of Stripe, the outcome from Stripe's signed webhooks.
// The money goes back with one refund request keyed by the order, however often Stripe repeats
// the event.

const KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_standin',
  STRIPE_WEBHOOK_SECRET: 'whsec_standin',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_standin',
};

describe('a late payment through Stripe is returned', { timeout: SETUP_TIMEOUT_MS }, () => {
  let standIn: StripeStandIn;
  let t: TestApp;
  let c: Cast;
  let n = 0;

  beforeAll(async () => {
    standIn = await startStripeStandIn();
    t = await createTestApp({
      ...KEYS,
      STRIPE_API_URL: standIn.url,
      LATE_PAYMENT_HOLD_MINUTES: '0',
    });
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await t?.close();
    await standIn?.close();
  });

  const deliver = (event: unknown) =>
    t.app.inject(signedWebhookRequest(KEYS.STRIPE_WEBHOOK_SECRET, event));

  /** A family's order for two children, its intent made by Stripe. */
  async function order(schedule: { scheduleId: string; planId: string }) {
    n += 1;
    const buyer: Person = await person(t, 'student', `Stripe Family ${n}`);
    const kids = [
      await addAttendee(t, buyer.id, `Ann ${n}`),
      await addAttendee(t, buyer.id, `Bo ${n}`),
    ];
    await addToCart(t, buyer.id, { ...schedule, attendeeIds: kids });
    const res = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(buyer), 'idempotency-key': `stripe-late-${n}` },
    });
    expect(res.statusCode).toBe(201);
    const data = res.json().data;
    const secret: string = data.attributes.payment.client_secret;
    return {
      buyer,
      orderId: Number(data.id),
      total: data.attributes.total as number,
      intentId: secret.split('_secret_')[0] ?? '',
    };
  }

  const succeeded = (o: { orderId: number; total: number; intentId: string }, id: string) =>
    intentEvent(id, 'payment_intent.succeeded', {
      id: o.intentId,
      orderId: o.orderId,
      amount: o.total,
    });

  it('the card is refunded through Stripe once, keyed by the order; its refund.updated event settles it', async () => {
    const full = await programmeWithSchedule(t, c, { schedule: { capacity: 2 } });
    const late = await order(full);
    // The hold ran out; a rival took both seats and paid.
    const past = new Date(Date.now() - 1000);
    await t.database.db.update(orders).set({ expiresAt: past }).where(eq(orders.id, late.orderId));
    await t.database.db
      .update(seatHolds)
      .set({ expiresAt: past })
      .where(eq(seatHolds.orderId, late.orderId));
    const rival = await order(full);
    expect((await deliver(succeeded(rival, `evt_rival_${n}`))).statusCode).toBe(200);

    standIn.requests.length = 0;
    // Stripe repeats its event: applied once.
    for (let i = 0; i < 3; i++)
      expect((await deliver(succeeded(late, `evt_late_${n}`))).statusCode).toBe(200);

    const sent = standIn.requests.filter((r) => r.path === '/v1/refunds');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.headers['idempotency-key']).toBe(`late-payment-${late.orderId}`);
    expect(sent[0]?.form).toMatchObject({
      payment_intent: late.intentId,
      amount: String(late.total),
    });

    const [row] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, late.orderId));
    expect(row).toMatchObject({ amount: late.total, method: 'card' });
    expect(row?.providerRefundId).toMatch(/^re_standin_/);

    const confirmed = refundEvent(
      {
        id: row?.providerRefundId ?? '',
        amount: late.total,
        intentId: late.intentId,
        currency: 'usd',
      },
      { order_id: String(late.orderId), refund_id: String(row?.id) },
      `evt_late_refund_${n}`,
    );
    expect((await deliver(confirmed)).statusCode).toBe(200);
    const shown = await t.app.inject({
      method: 'GET',
      url: ORDERS_API.order(String(late.orderId)),
      headers: as(late.buyer),
    });
    expect(shown.json().data.attributes.status).toBe('refunded');
    const ledger = await t.app.inject({
      method: 'GET',
      url: LEDGER_API.accountLedger,
      headers: as(late.buyer),
    });
    expect(ledger.json().meta.balance).toBe(0);
  });
});
