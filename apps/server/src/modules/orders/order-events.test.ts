import { ORDERS_API } from '@atelier/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { cartItems } from '../cart/cart.tables';
import { addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { giveEmergencyContacts } from '../child-care/child-care-testing';
import { as, type Cast, programmeWithSchedule } from '../classes/classes-testing';
import { seatHolds } from '../enrollments/enrollments.tables';
import { attendeeProfiles } from '../users/users.tables';
import { orderEvents, orders } from './orders.tables';
import { fakePayments } from './orders-testing';

describe('order events', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();
  let schedule: { scheduleId: string; planId: string };
  let keyN = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  async function order(): Promise<string> {
    await t.database.db.delete(cartItems);
    const [kid] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: c.parent.id, name: `Kid ${++keyN}` })
      .returning({ id: attendeeProfiles.id });
    await giveEmergencyContacts(t.database.db, [kid?.id ?? 0]);
    await addToCart(t, c.parent.id, {
      scheduleId: schedule.scheduleId,
      planId: schedule.planId,
      attendeeIds: [kid?.id ?? 0],
    });
    const res = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(c.parent), 'idempotency-key': `events-${keyN}` },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data.id;
  }

  const eventsOf = async (id: string) =>
    t.database.db
      .select()
      .from(orderEvents)
      .where(eq(orderEvents.orderId, Number(id)))
      .orderBy(asc(orderEvents.createdAt), asc(orderEvents.id));

  it('placed, a declined card with its message, then paid by the webhook (no actor)', async () => {
    const id = await order();
    await payments.emit('failed', id, 'Insufficient funds.');
    await payments.emit('succeeded', id);
    await payments.emit('succeeded', id);
    const events = await eventsOf(id);
    expect(events.map((e) => e.type)).toEqual(['placed', 'payment_failed', 'paid']);
    expect(events[0]?.actorId).toBe(c.parent.id);
    expect(events[1]?.data).toEqual({ message: 'Insufficient funds.' });
    expect(events[2]?.actorId).toBeNull();
  });

  it('cancelled by its owner, with who did it', async () => {
    const id = await order();
    const res = await t.app.inject({
      method: 'DELETE',
      url: ORDERS_API.order(id),
      headers: as(c.parent),
    });
    expect(res.statusCode).toBe(200);
    const events = await eventsOf(id);
    expect(events.map((e) => e.type)).toEqual(['placed', 'canceled']);
    expect(events[1]).toMatchObject({ actorId: c.parent.id, data: { by: 'owner' } });
  });

  it('expired once, however often it is swept', async () => {
    const id = await order();
    const past = new Date(Date.now() - 1000);
    await t.database.db
      .update(orders)
      .set({ expiresAt: past })
      .where(eq(orders.id, Number(id)));
    await t.database.db
      .update(seatHolds)
      .set({ expiresAt: past })
      .where(eq(seatHolds.orderId, Number(id)));
    await t.app.inject({ method: 'GET', url: ORDERS_API.order(id), headers: as(c.parent) });
    await t.app.inject({ method: 'GET', url: ORDERS_API.orders, headers: as(c.parent) });
    expect((await eventsOf(id)).map((e) => e.type)).toEqual(['placed', 'expired']);
  });
});
