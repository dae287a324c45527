import { ORDERS_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { orders } from '../orders/orders.tables';
import { insertPendingOrder } from '../orders/orders-testing';
import { insertUserRows } from '../users/users-testing';
import { fakeIntentEvent } from './fake-provider';
import type { Payments } from './payments.plugin';
import { settleFakeIntent } from './payments.repository';
import { fakePaymentIntents, paymentEvents } from './payments.tables';

// A crash between "card charged" and "order paid" (docs/architecture.md#orders-and-payments):
// each test leaves the database as a process killed at that point leaves it, then finds the order
// paid: by the buyer confirming again, or by the next start of the app on the same database.

describe('payments cut short by a crash are repaired', { timeout: 120_000 }, () => {
  let t: TestApp;
  let userId: number;

  beforeAll(async () => {
    t = await createTestApp();
    const [user] = await insertUserRows(t.app.db, [
      { email: 'crash@test.test', name: 'Crash Buyer', passwordHash: 'x', timezone: 'UTC' },
    ]);
    userId = user?.id ?? 0;
  });
  afterAll(() => t?.close());

  /** A pending order whose card the provider took, with nothing told to the app: the crash's state. */
  async function chargedButUntold() {
    const orderId = await insertPendingOrder(t.app.db, userId, 3400);
    const pay = t.app.getDecorator<Payments>('payments');
    const intent = await pay.createIntent({ orderId, amount: 3400, currency: 'USD', userId });
    expect(await settleFakeIntent(t.app.db, intent.intentId, 'succeeded')).toBe(true);
    return { orderId, ...intent };
  }

  const statusOf = async (orderId: number) =>
    (await t.app.db.select().from(orders).where(eq(orders.id, orderId)))[0]?.status;

  /** The app started again on the same database, as after `kill -9` and a restart; the order is paid soon after. */
  async function restartThenPaid(orderId: number): Promise<void> {
    const again = await buildApp(t.config, {
      mail: { worker: { autoStart: false } },
      database: t.database,
    });
    await again.ready();
    try {
      await expect.poll(() => statusOf(orderId), { timeout: 20_000 }).toBe('paid');
    } finally {
      await again.close();
    }
  }

  it('confirming the card again tells the app again: the order becomes paid, once', async () => {
    const intent = await chargedButUntold();
    expect(await statusOf(intent.orderId)).toBe('pending');
    const confirm = () =>
      t.app.inject({
        method: 'POST',
        url: ORDERS_API.fakePaymentConfirm(intent.intentId),
        payload: { client_secret: intent.clientSecret, card_number: '4242424242424242' },
      });
    expect((await confirm()).json()).toEqual({ status: 'succeeded', error: null });
    expect(await statusOf(intent.orderId)).toBe('paid');
    await confirm();
    const events = await t.app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.intentId, intent.intentId));
    expect(events.map((e) => e.type)).toEqual(['payment_intent.succeeded']);
  });

  it('a restart sends what the provider took but never announced: the order is paid', async () => {
    const intent = await chargedButUntold();
    await restartThenPaid(intent.orderId);
  });

  it('a restart applies an event stored but never applied', async () => {
    const intent = await chargedButUntold();
    const [fake] = await t.app.db
      .select()
      .from(fakePaymentIntents)
      .where(eq(fakePaymentIntents.id, intent.intentId));
    if (!fake) throw new Error('no intent');
    const event = fakeIntentEvent(fake, 'payment_intent.succeeded', null, 'evt_cut_short');
    await t.app.db.insert(paymentEvents).values({
      id: event.id,
      provider: 'fake',
      type: event.type,
      intentId: fake.id,
      payload: event,
    });
    expect(await statusOf(intent.orderId)).toBe('pending');
    await restartThenPaid(intent.orderId);
    const [stored] = await t.app.db
      .select()
      .from(paymentEvents)
      .where(eq(paymentEvents.id, 'evt_cut_short'));
    expect(stored?.appliedAt).toBeInstanceOf(Date);
  });
});
