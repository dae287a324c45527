import {
  CART_API,
  type EnrollmentOrderLine,
  ORDER_HOLD_MINUTES,
  ORDERS_API,
  orderDocumentSchema,
  orderListDocumentSchema,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { latestMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { cartItems } from '../cart/cart.tables';
import { addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { giveEmergencyContacts } from '../child-care/child-care-testing';
import { klasses, klassGroups } from '../classes/classes.tables';
import {
  as,
  type Cast,
  type Person,
  person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { enrollments, seatHolds } from '../enrollments/enrollments.tables';
import { notifications } from '../notifications/notifications.tables';
import { attendeeProfiles, users } from '../users/users.tables';
import { orders } from './orders.tables';
import { fakePayments } from './orders-testing';

describe('orders API', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();
  let schedule: { scheduleId: string; planId: string };
  let small: { scheduleId: string; planId: string };
  let keyN = 0;
  const key = () => `key-${++keyN}`;

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c);
    small = await programmeWithSchedule(t, c, { schedule: { capacity: 1 } });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());
  beforeEach(async () => {
    payments.state.failCreate = false;
    await t.database.db.delete(cartItems);
  });

  const checkout = (who: Person, idempotencyKey: string | null = key()) =>
    t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(who), ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}) },
    });
  const get = (who: Person, url: string) => t.app.inject({ method: 'GET', url, headers: as(who) });
  const parentCart = (
    s = schedule,
    attendeeIds = [c.parent.attendees.mia, c.parent.attendees.leo],
  ) => addToCart(t, c.parent.id, { scheduleId: s.scheduleId, planId: s.planId, attendeeIds });

  it('asks a guest to sign in, and wants an Idempotency-Key', async () => {
    const guest = await t.app.inject({ method: 'POST', url: ORDERS_API.orders });
    expect(guest.statusCode).toBe(401);
    await parentCart();
    const keyless = await checkout(c.parent, null);
    expect(keyless.statusCode).toBe(422);
    expect(JSON.stringify(keyless.json())).toContain('idempotency-key');
  });

  it('refuses an empty cart, and items whose attendees are not chosen, naming them', async () => {
    const empty = await checkout(c.parent);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors[0].meta.field).toBe('cart_items');
    const itemId = await addToCart(t, c.parent.id, {
      scheduleId: schedule.scheduleId,
      planId: schedule.planId,
      numberOfAttendees: 2,
    });
    const unchosen = await checkout(c.parent);
    expect(unchosen.statusCode).toBe(422);
    expect(unchosen.json().errors[0].meta.field).toBe(`cart_items.${itemId}.attendee_profile_ids`);
    expect(
      await t.database.db.select().from(orders).where(eq(orders.userId, c.parent.id)),
    ).toHaveLength(0);
  });

  it('refuses an item whose class can no longer be booked, naming it', async () => {
    const gone = await programmeWithSchedule(t, c);
    const itemId = await parentCart(gone, [c.parent.attendees.mia]);
    await t.database.db
      .update(klassGroups)
      .set({ published: false })
      .where(eq(klassGroups.id, Number(gone.groupId)));
    const res = await checkout(c.parent);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].meta.field).toBe(`cart_items.${itemId}.klass_group_schedule_id`);
  });

  it('refuses an item the cart shows as over because no session is left, though its run has not ended', async () => {
    const emptied = await programmeWithSchedule(t, c);
    const itemId = await parentCart(emptied, [c.parent.attendees.mia]);
    await t.database.db
      .update(klasses)
      .set({ status: 'cancelled' })
      .where(eq(klasses.scheduleId, Number(emptied.scheduleId)));
    const cart = await get(c.parent, CART_API.items);
    expect(cart.json().data[0].attributes.unavailable_reason).toBe('over');
    const res = await checkout(c.parent);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].meta.field).toBe(`cart_items.${itemId}.klass_group_schedule_id`);
    expect(
      await t.database.db.select().from(orders).where(eq(orders.userId, c.parent.id)),
    ).toHaveLength(0);
  });

  it('makes a pending order holding its seats, with a snapshot and how to pay; the same key answers the same order', async () => {
    const before = Date.now();
    await parentCart();
    const idem = key();
    const res = await checkout(c.parent, idem);
    expect(res.statusCode).toBe(201);
    const order = orderDocumentSchema.parse(res.json()).data;
    expect(order.attributes.status).toBe('pending');
    const [item] = order.attributes.items as EnrollmentOrderLine[];
    expect(item?.kind).toBe('enrollment');
    expect(item?.klass_group_schedule.id).toBe(schedule.scheduleId);
    expect(item?.klass_group.name).toBe('Observational Drawing');
    expect(item?.klass_group_schedule.teacher_name).toBe('Theo Teacher');
    expect(item?.klass_group_schedule.sessions.length).toBeGreaterThan(0);
    expect(item?.plan.id).toBe(schedule.planId);
    expect(item?.attendees.map((a) => a.name).sort()).toEqual(['Leo Parent', 'Mia Parent']);
    expect(item?.number_of_attendees).toBe(2);
    expect(order.attributes.total).toBe(item?.total);
    expect(order.attributes.total).toBeGreaterThan(0);
    const expires = Date.parse(order.attributes.expires_at);
    expect(expires).toBeGreaterThanOrEqual(before + ORDER_HOLD_MINUTES * 60_000 - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + ORDER_HOLD_MINUTES * 60_000 + 1000);
    expect(order.attributes.payment).toEqual({
      provider: 'fake',
      client_secret: `pi_test_${order.id}_secret_x`,
      publishable_key: null,
    });
    const holds = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.orderId, Number(order.id)));
    expect(holds.map((h) => h.seats)).toEqual([2]);

    const again = await checkout(c.parent, idem);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.id).toBe(order.id);
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(and(eq(orders.userId, c.parent.id), eq(orders.idempotencyKey, idem)));
    expect(rows).toHaveLength(1);
  });

  it('answers 409 sold_out naming the item when seats are short, and writes nothing', async () => {
    const other = await person(t, 'student', 'Olly Other');
    const kidId = await addKid(other.id, 'Kid Other');
    await addToCart(t, other.id, {
      scheduleId: small.scheduleId,
      planId: small.planId,
      attendeeIds: [kidId],
    });
    expect((await checkout(other)).statusCode).toBe(201);

    const itemId = await parentCart(small, [c.parent.attendees.mia]);
    const res = await checkout(c.parent);
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0]).toMatchObject({
      code: 'sold_out',
      meta: { cart_item_id: String(itemId) },
    });
    const pendingOfSmall = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.scheduleId, Number(small.scheduleId)));
    expect(pendingOfSmall.reduce((n, h) => n + h.seats, 0)).toBe(1);
  });

  it('shows your own orders only, lists them by status and page, and cancels a pending one', async () => {
    await parentCart();
    const made = await checkout(c.parent);
    const id = made.json().data.id as string;
    expect((await get(c.parent, ORDERS_API.order(id))).statusCode).toBe(200);
    expect((await get(c.student, ORDERS_API.order(id))).statusCode).toBe(404);
    expect(
      (await t.app.inject({ method: 'DELETE', url: ORDERS_API.order(id), headers: as(c.student) }))
        .statusCode,
    ).toBe(404);
    expect((await get(c.parent, ORDERS_API.order('999999'))).statusCode).toBe(404);

    const pending = orderListDocumentSchema.parse(
      (await get(c.parent, `${ORDERS_API.orders}?status=pending`)).json(),
    );
    expect(pending.data.map((o) => o.id)).toContain(id);
    expect(pending.data.every((o) => o.attributes.status === 'pending')).toBe(true);
    expect(pending.data.every((o) => o.attributes.payment !== null)).toBe(true);
    const purchased = orderListDocumentSchema.parse(
      (await get(c.parent, `${ORDERS_API.orders}?status=purchased`)).json(),
    );
    expect(purchased.data.map((o) => o.id)).not.toContain(id);
    const page2 = orderListDocumentSchema.parse(
      (await get(c.parent, `${ORDERS_API.orders}?page=2`)).json(),
    );
    expect(page2.meta.page).toBe(2);
    expect(page2.data).toEqual([]);
    expect(page2.meta.total).toBeGreaterThanOrEqual(pending.meta.total);
    expect((await get(c.student, ORDERS_API.orders)).json().data).toEqual([]);
    expect((await get(c.parent, `${ORDERS_API.orders}?status=bogus`)).statusCode).toBe(422);

    const cancel = await t.app.inject({
      method: 'DELETE',
      url: ORDERS_API.order(id),
      headers: as(c.parent),
    });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json().data.attributes).toMatchObject({ status: 'canceled', payment: null });
    expect(
      await t.database.db
        .select()
        .from(seatHolds)
        .where(eq(seatHolds.orderId, Number(id))),
    ).toEqual([]);
    const twice = await t.app.inject({
      method: 'DELETE',
      url: ORDERS_API.order(id),
      headers: as(c.parent),
    });
    expect(twice.statusCode).toBe(409);
  });

  it('paid: holds become enrollments, the cart empties, a receipt and a notification go out; once only', async () => {
    const japanese = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${c.parent.id}`,
      headers: as(c.parent),
      payload: { user: { locale: 'ja' } },
    });
    expect(japanese.statusCode).toBe(200);
    await parentCart();
    const id = (await checkout(c.parent)).json().data.id as string;
    await payments.emit('succeeded', id);
    await payments.emit('succeeded', id);
    const order = (await get(c.parent, ORDERS_API.order(id))).json().data;
    expect(order.attributes.status).toBe('paid');
    expect(order.attributes.paid_at).not.toBeNull();
    expect(order.attributes.payment).toBeNull();
    const enrolled = await t.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.scheduleId, Number(schedule.scheduleId)));
    expect(enrolled).toHaveLength(2);
    expect(enrolled.every((e) => e.orderItemId === Number(order.attributes.items[0].id))).toBe(
      true,
    );
    // Each covers the sessions from the moment the order was placed (docs/product.md#attendance).
    expect(enrolled.map((e) => e.enrolledFrom?.toISOString())).toEqual(
      enrolled.map(() => new Date(order.attributes.created_at).toISOString()),
    );
    expect(
      await t.database.db
        .select()
        .from(seatHolds)
        .where(eq(seatHolds.orderId, Number(id))),
    ).toEqual([]);
    expect(
      await t.database.db.select().from(cartItems).where(eq(cartItems.userId, c.parent.id)),
    ).toEqual([]);
    const [buyer] = await t.database.db.select().from(users).where(eq(users.id, c.parent.id));
    const mail = await latestMail(t.app, buyer?.email ?? '', 'order_receipt');
    expect(mail?.locale).toBe('ja');
    expect(mail?.text).toContain('Mia Parent');
    expect(mail?.subject).toContain('領収書');
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(
        and(eq(notifications.recipientId, c.parent.id), eq(notifications.recordType, 'orders')),
      );
    expect(told.map((n) => n.recordId)).toEqual([Number(id)]);

    // Paid attendees cannot be booked into the same class again.
    await parentCart();
    const again = await checkout(c.parent);
    expect(again.statusCode).toBe(422);
    expect(again.json().errors[0].detail).toMatch(/already enrolled/);
  });

  it('declined: the order stays pending with the message, and can still be paid', async () => {
    const kid = await addKid(c.parent.id, 'Dee Declined');
    await addToCart(t, c.parent.id, {
      scheduleId: schedule.scheduleId,
      planId: schedule.planId,
      attendeeIds: [kid],
    });
    const id = (await checkout(c.parent)).json().data.id as string;
    await payments.emit('failed', id, 'Your card was declined.');
    const declined = (await get(c.parent, ORDERS_API.order(id))).json().data.attributes;
    expect(declined).toMatchObject({ status: 'pending', payment_error: 'Your card was declined.' });
    expect(declined.payment).not.toBeNull();
    await payments.emit('succeeded', id);
    expect((await get(c.parent, ORDERS_API.order(id))).json().data.attributes).toMatchObject({
      status: 'paid',
      payment_error: null,
    });
  });

  it('expired holds free their seats; paid after expiry takes the seats again if they fit, else the order fails and its payment is returned', async () => {
    const buyer = await person(t, 'student', 'Lou Late');
    const lateKid = await addKid(buyer.id, 'Kid Late');
    const tinyA = await programmeWithSchedule(t, c, { schedule: { capacity: 1 } });
    await addToCart(t, buyer.id, {
      scheduleId: tinyA.scheduleId,
      planId: tinyA.planId,
      attendeeIds: [lateKid],
    });
    const first = (await checkout(buyer)).json().data.id as string;
    await expire(first);
    expect((await get(buyer, ORDERS_API.order(first))).json().data.attributes.status).toBe(
      'expired',
    );
    expect(
      await t.database.db
        .select()
        .from(seatHolds)
        .where(eq(seatHolds.orderId, Number(first))),
    ).toEqual([]);
    await payments.emit('succeeded', first);
    expect((await get(buyer, ORDERS_API.order(first))).json().data.attributes.status).toBe('paid');

    const tinyB = await programmeWithSchedule(t, c, { schedule: { capacity: 1 } });
    await addToCart(t, buyer.id, {
      scheduleId: tinyB.scheduleId,
      planId: tinyB.planId,
      attendeeIds: [lateKid],
    });
    const second = (await checkout(buyer)).json().data.id as string;
    await expire(second);
    const rival = await person(t, 'student', 'Rita Rival');
    const rivalKid = await addKid(rival.id, 'Kid Rival');
    await addToCart(t, rival.id, {
      scheduleId: tinyB.scheduleId,
      planId: tinyB.planId,
      attendeeIds: [rivalKid],
    });
    expect((await checkout(rival)).statusCode).toBe(201);
    await payments.emit('succeeded', second);
    const failed = (await get(buyer, ORDERS_API.order(second))).json().data.attributes;
    expect(failed.status).toBe('failed');
    expect(failed.payment_error).toMatch(/being refunded in full/);
    const enrolled = await t.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.scheduleId, Number(tinyB.scheduleId)));
    expect(enrolled).toEqual([]);
  });

  it('a provider failure leaves the order pending without payment; reading it again retries', async () => {
    const kid = await addKid(c.parent.id, 'Pia Provider');
    await addToCart(t, c.parent.id, {
      scheduleId: schedule.scheduleId,
      planId: schedule.planId,
      attendeeIds: [kid],
    });
    payments.state.failCreate = true;
    const res = await checkout(c.parent);
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes).toMatchObject({ status: 'pending', payment: null });
    payments.state.failCreate = false;
    const read = (await get(c.parent, ORDERS_API.order(res.json().data.id))).json().data.attributes;
    expect(read.payment?.client_secret).toMatch(/^pi_test_/);
  });

  async function addKid(userId: number, name: string): Promise<number> {
    const [row] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId, name })
      .returning({ id: attendeeProfiles.id });
    await giveEmergencyContacts(t.database.db, [row?.id ?? 0]);
    return row?.id ?? 0;
  }

  /** Moves an order's hold into the past, as if its 15 minutes had gone by. */
  async function expire(id: string) {
    const past = new Date(Date.now() - 1000);
    await t.database.db
      .update(orders)
      .set({ expiresAt: past })
      .where(eq(orders.id, Number(id)));
    await t.database.db
      .update(seatHolds)
      .set({ expiresAt: past })
      .where(eq(seatHolds.orderId, Number(id)));
  }
});
