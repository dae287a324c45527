import {
  fakePaymentConfirmResultSchema,
  IDEMPOTENCY_KEY_HEADER,
  ORDERS_API,
} from '@atelier/contract';
import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addToCart } from '../cart/cart-testing';
import { as, type Cast, programmeWithSchedule } from '../classes/classes-testing';
import { enrollments } from '../enrollments/enrollments.tables';
import { notifications } from '../notifications/notifications.tables';
import { users } from '../users/users.tables';
import { paymentEvents } from './payments.tables';
import { signedWebhookRequest } from './payments-testing';

// The guarantee of docs/architecture.md#orders-and-payments with the real orders module: a card
// declined then accepted through the fake provider, then every event the provider sent replayed
// three times out of order — the order is paid once: its enrollments, receipt and notification
// exist once.

describe('checkout paid through the fake provider, its webhooks replayed', {
  timeout: 60_000,
}, () => {
  let t: TestApp;
  let c: Cast;
  let schedule: { scheduleId: string; planId: string };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c);
  }, 60_000);
  afterAll(() => t?.close());

  const order = async (id: string) =>
    (await t.app.inject({ method: 'GET', url: ORDERS_API.order(id), headers: as(c.parent) })).json()
      .data.attributes;

  async function confirm(intentId: string, clientSecret: string, card: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.fakePaymentConfirm(intentId),
      payload: { client_secret: clientSecret, card_number: card },
    });
    expect(res.statusCode).toBe(200);
    return fakePaymentConfirmResultSchema.parse(res.json());
  }

  it('a webhook replayed 3× out of order has one effect', async () => {
    const attendees = [c.parent.attendees.mia, c.parent.attendees.leo];
    await addToCart(t, c.parent.id, { ...schedule, attendeeIds: attendees });
    const made = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(c.parent), [IDEMPOTENCY_KEY_HEADER]: 'replay-guarantee' },
    });
    expect(made.statusCode).toBe(201);
    const orderId = made.json().data.id as string;
    const secret = made.json().data.attributes.payment.client_secret as string;
    const intentId = secret.split('_secret_')[0] ?? '';

    expect(await confirm(intentId, secret, '4000000000000002')).toMatchObject({ status: 'failed' });
    expect(await order(orderId)).toMatchObject({
      status: 'pending',
      payment_error: 'Your card was declined.',
    });
    expect(await confirm(intentId, secret, '4242424242424242')).toEqual({
      status: 'succeeded',
      error: null,
    });
    expect((await order(orderId)).status).toBe('paid');

    const [parent] = await t.app.db.select().from(users).where(eq(users.id, c.parent.id));
    const effects = async () => ({
      enrollments: (
        await t.app.db
          .select()
          .from(enrollments)
          .where(
            and(
              eq(enrollments.scheduleId, Number(schedule.scheduleId)),
              eq(enrollments.status, 'active'),
            ),
          )
      ).length,
      notifications: (
        await t.app.db
          .select()
          .from(notifications)
          .where(eq(notifications.recipientId, c.parent.id))
      ).length,
      mails: (await mailTo(t.app, parent?.email ?? '')).length,
    });
    const before = await effects();
    expect(before.enrollments).toBe(2);

    // What the provider sent, replayed as it would redeliver: each event three times, the
    // failure after the success, interleaved.
    const sent = await t.app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.intentId, intentId))
      .orderBy(asc(paymentEvents.receivedAt));
    expect(sent.map((e) => e.type)).toEqual([
      'payment_intent.payment_failed',
      'payment_intent.succeeded',
    ]);
    const [failed, succeeded] = sent;
    for (const event of [succeeded, failed, succeeded, failed, failed, succeeded]) {
      const res = await t.app.inject(signed(t, event?.payload));
      expect(res.statusCode).toBe(200);
    }

    expect(await effects()).toEqual(before);
    expect(await order(orderId)).toMatchObject({ status: 'paid', payment_error: null });
  });
});

function signed(t: TestApp, payload: unknown) {
  return signedWebhookRequest(t.config.payments.webhookSecret, payload);
}
