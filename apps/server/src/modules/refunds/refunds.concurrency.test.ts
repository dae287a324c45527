import { REFUNDS_API } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailOutbox } from '../../mail/mail.tables';
import { latestMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, programmeWithSchedule } from '../classes/classes-testing';
import { seatCountsBySchedule } from '../enrollments';
import { orderEvents, orderItemAttendees, orders } from '../orders/orders.tables';
import { payments } from '../payments/payments.tables';
import { refundEvent, signedWebhookRequest } from '../payments/payments-testing';
import { users } from '../users/users.tables';
import { refundAttendees, refunds } from './refunds.tables';
import { paidOrder } from './refunds-testing';

// The guarantees of docs/architecture.md#refunds, on PGlite and (TEST_DB=postgres) PostgreSQL:
// refunds never add up to more than was paid, whatever runs at once, and a refund's event has
// one effect however often it is delivered.
describe('refund guarantees', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let schedule: { scheduleId: string; planId: string };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c, { schedule: { capacity: 10 } });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  const refundRows = (orderId: string) =>
    t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.orderId, Number(orderId)));

  it('20 parallel refunds of 30% each: at most 3 succeed, the rest are refused with a message, and the total stays within what was paid', async () => {
    const { orderId, total } = await paidOrder(t, c, schedule);
    const amount = Math.floor(total * 0.3);
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        t.app.inject({
          method: 'POST',
          url: REFUNDS_API.adminOrderRefunds(orderId),
          headers: as(c.admin),
          payload: { amount, reason: `Refund ${i}` },
        }),
      ),
    );
    const ok = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(ok.length).toBeLessThanOrEqual(3);
    expect(ok.length).toBeGreaterThan(0);
    for (const r of refused) {
      expect([409, 422]).toContain(r.statusCode);
      expect(r.json().errors[0].detail).toMatch(/can still be refunded|refunded in full/);
    }
    const rows = await refundRows(orderId);
    const succeeded = rows.filter((r) => r.status === 'succeeded');
    expect(succeeded).toHaveLength(ok.length);
    expect(rows.reduce((sum, r) => sum + r.amount, 0)).toBeLessThanOrEqual(total);
    const [order] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(orderId)));
    expect(order?.status).toBe('partially_refunded');
  });

  it('a refund event delivered 3 times, and another event about the same refund, has one effect; its attendee’s seat is freed', async () => {
    const { buyer, orderId, kids, total } = await paidOrder(t, c, schedule);
    const id = Number(orderId);
    const seats = async () =>
      (await seatCountsBySchedule(t.database.db, [Number(schedule.scheduleId)], new Date())).get(
        Number(schedule.scheduleId),
      )?.enrolled ?? 0;
    const before = await seats();
    // A refund the provider has not confirmed yet (as Stripe's would be), naming the first child.
    const [refund] = await t.database.db
      .insert(refunds)
      .values({ orderId: id, amount: total / 2, reason: 'Replay', idempotencyKey: `replay-${id}` })
      .returning();
    const [attendee] = await t.database.db
      .select()
      .from(orderItemAttendees)
      .where(eq(orderItemAttendees.attendeeProfileId, kids[0]));
    await t.database.db
      .insert(refundAttendees)
      .values({ refundId: refund?.id ?? 0, orderItemAttendeeId: attendee?.id ?? 0 });
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, id));
    const metadata = { order_id: String(id), refund_id: String(refund?.id) };
    const settled = {
      id: `re_replay_${id}`,
      amount: total / 2,
      intentId: payment?.intentId ?? '',
      currency: 'usd',
    };
    const updated = refundEvent(settled, metadata, `evt_replay_${id}`);
    const created = {
      ...refundEvent(settled, metadata, `evt_replay_created_${id}`),
      type: 'refund.created',
    };
    const secret = t.config.payments.webhookSecret;
    for (const event of [updated, created, updated, updated]) {
      const res = await t.app.inject(signedWebhookRequest(secret, event));
      expect(res.statusCode).toBe(200);
    }

    const [after] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.id, refund?.id ?? 0));
    expect(after).toMatchObject({ status: 'succeeded', providerRefundId: `re_replay_${id}` });
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, id), eq(orderEvents.type, 'refunded')));
    expect(events).toHaveLength(1);
    const [account] = await t.database.db.select().from(users).where(eq(users.id, buyer.id));
    await latestMail(t.app, account?.email ?? '');
    const mails = await t.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.toAddress, (account?.email ?? '').toLowerCase()),
          eq(mailOutbox.template, 'refund_issued'),
        ),
      );
    expect(mails).toHaveLength(1);
    expect(await seats()).toBe(before - 1);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(order?.status).toBe('partially_refunded');
  });

  it('a failed refund changes nothing else, and its money may be refunded again', async () => {
    const { orderId, total } = await paidOrder(t, c, schedule);
    const id = Number(orderId);
    const [refund] = await t.database.db
      .insert(refunds)
      .values({ orderId: id, amount: total, reason: 'Fails', idempotencyKey: `fails-${id}` })
      .returning();
    const [payment] = await t.database.db.select().from(payments).where(eq(payments.orderId, id));
    const event = refundEvent(
      { id: `re_fails_${id}`, amount: total, intentId: payment?.intentId ?? '', currency: 'usd' },
      { order_id: String(id), refund_id: String(refund?.id) },
      `evt_fails_${id}`,
      'failed',
    );
    const res = await t.app.inject(signedWebhookRequest(t.config.payments.webhookSecret, event));
    expect(res.statusCode).toBe(200);
    const [after] = await t.database.db
      .select()
      .from(refunds)
      .where(eq(refunds.id, refund?.id ?? 0));
    expect(after?.status).toBe('failed');
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(order?.status).toBe('paid');
    const again = await t.app.inject({
      method: 'POST',
      url: REFUNDS_API.adminOrderRefunds(orderId),
      headers: as(c.admin),
      payload: { amount: total, reason: 'Again' },
    });
    expect(again.statusCode).toBe(201);
    expect(again.json().data.attributes.status).toBe('succeeded');
  });
});
