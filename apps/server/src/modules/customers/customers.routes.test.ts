import {
  ACCOUNTS_API,
  CHILD_CARD_MESSAGES,
  CUSTOMERS_API,
  customerDetailSchema,
  customerListDocumentSchema,
  guestCustomerDetailSchema,
  guestCustomerListDocumentSchema,
  parseDocument,
  walkInOrderDocumentSchema,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, tokenFromMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { nextIp, uniqueEmail, validRegistration } from '../accounts/accounts-testing';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { emergencyContacts } from '../child-care/child-care.tables';
import { as, type Cast, person, programmeWithSchedule } from '../classes/classes-testing';
import { enrollments, seatHolds } from '../enrollments/enrollments.tables';
import { orderEvents, orders } from '../orders/orders.tables';
import { fakePayments } from '../orders/orders-testing';
import { refunds } from '../refunds/refunds.tables';
import { attendeeProfiles, users } from '../users/users.tables';
import { guestCustomers } from './customers.tables';
import { deskContact } from './customers-testing';

describe('customers API', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();
  let schedule: { scheduleId: string; planId: string };
  let small: { scheduleId: string; planId: string };

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c);
    small = await programmeWithSchedule(t, c, { schedule: { capacity: 1 } });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const call = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: unknown, who = c.admin) =>
    t.app.inject({ method, url, headers: as(who), ...(payload ? { payload } : {}) });

  async function newGuest(body: Record<string, unknown> = {}) {
    const res = await call('POST', CUSTOMERS_API.guestCustomers, {
      guest_customer: {
        name: 'Wanda Walkin',
        email: 'Wanda@Example.com',
        phone: '555-0100',
        ...body,
      },
    });
    expect(res.statusCode).toBe(201);
    return parseDocument(guestCustomerDetailSchema, res.json());
  }

  const book = (guestId: string, order: Record<string, unknown>) =>
    call('POST', CUSTOMERS_API.guestCustomerOrders(guestId), {
      order: {
        klass_group_schedule_id: schedule.scheduleId,
        plan_id: schedule.planId,
        attendees: [{ name: 'Kit Walkin', birthday: '2016-05-01', emergency_contact: deskContact }],
        payment_method: 'cash',
        ...order,
      },
    });

  it('is for admins only: 401 signed out, 403 for a teacher or a student', async () => {
    for (const url of [
      CUSTOMERS_API.customers,
      CUSTOMERS_API.customer(c.parent.id),
      CUSTOMERS_API.guestCustomers,
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      expect((await call('GET', url, undefined, c.teacher)).statusCode).toBe(403);
      expect((await call('GET', url, undefined, c.student)).statusCode).toBe(403);
    }
    const post = await call('POST', CUSTOMERS_API.guestCustomers, {}, c.teacher);
    expect(post.statusCode).toBe(403);
  });

  it('lists account holders by name, searched by name or e-mail, in pages', async () => {
    const all = customerListDocumentSchema.parse(
      (await call('GET', CUSTOMERS_API.customers)).json(),
    );
    const names = all.data.map((d) => d.attributes.name);
    expect(names).toEqual(expect.arrayContaining(['Pat Parent', 'Sam Student']));
    // Staff are not customers.
    expect(names).not.toContain('Ada Admin');
    const found = customerListDocumentSchema.parse(
      (await call('GET', `${CUSTOMERS_API.customers}?search=pat%20par`)).json(),
    );
    expect(found.data.map((d) => d.id)).toEqual([String(c.parent.id)]);
    const byMail = customerListDocumentSchema.parse(
      (await call('GET', `${CUSTOMERS_API.customers}?search=%25`)).json(),
    );
    // A % is a character to find, not a wildcard.
    expect(byMail.data).toEqual([]);
    for (let i = 0; i < 21; i += 1) await person(t, 'student', `Zed Paging ${i}`);
    const page2 = customerListDocumentSchema.parse(
      (await call('GET', `${CUSTOMERS_API.customers}?search=zed%20paging&page=2`)).json(),
    );
    expect(page2.meta).toEqual({ total: 21, page: 2, per_page: 20 });
    expect(page2.data).toHaveLength(1);
    expect((await call('GET', `${CUSTOMERS_API.customers}?page=0`)).statusCode).toBe(422);
  });

  it('shows a customer with family, orders, enrollments and lifetime value (paid − refunded)', async () => {
    const db = t.database.db;
    const [paid, pending] = await db
      .insert(orders)
      .values([
        {
          userId: c.parent.id,
          status: 'partially_refunded',
          currency: 'usd',
          subtotal: 9000,
          discount: 0,
          total: 9000,
          idempotencyKey: 'ltv-1',
          expiresAt: new Date(),
          paidAt: new Date(),
        },
        {
          userId: c.parent.id,
          status: 'pending',
          currency: 'usd',
          subtotal: 5000,
          discount: 0,
          total: 5000,
          idempotencyKey: 'ltv-2',
          expiresAt: new Date(),
        },
      ])
      .returning({ id: orders.id });
    if (!paid || !pending) throw new Error('no orders');
    await db.insert(refunds).values([
      { orderId: paid.id, amount: 2500, reason: 'ill', status: 'succeeded', idempotencyKey: 'r1' },
      { orderId: paid.id, amount: 1000, reason: 'x', status: 'failed', idempotencyKey: 'r2' },
    ]);
    await db.insert(enrollments).values({
      scheduleId: Number(schedule.scheduleId),
      attendeeProfileId: c.parent.attendees.mia,
    });
    const res = await call('GET', CUSTOMERS_API.customer(c.parent.id));
    expect(res.statusCode).toBe(200);
    // A JSON:API resource like every other module's answer, its lists among the attributes.
    expect(res.json().data).toMatchObject({
      id: String(c.parent.id),
      type: 'customers',
      attributes: { lifetime_value: 6500, family: expect.any(Array) },
    });
    const data = parseDocument(customerDetailSchema, res.json());
    expect(data.lifetime_value).toBe(6500);
    expect(data.orders_count).toBe(2);
    expect(data.family.map((f) => f.name)).toEqual(['Mia Parent', 'Leo Parent']);
    expect(data.orders.map((o) => o.id).sort()).toEqual(
      [String(paid.id), String(pending.id)].sort(),
    );
    expect(data.enrollments).toEqual([
      expect.objectContaining({
        attendee_name: 'Mia Parent',
        status: 'active',
        schedule: 'Saturdays',
      }),
    ]);
    await db.delete(enrollments);
    expect((await call('GET', CUSTOMERS_API.customer(c.admin.id))).statusCode).toBe(404);
    expect((await call('GET', CUSTOMERS_API.customer('abc'))).statusCode).toBe(422);
  });

  it('edits a customer’s name and time zone, not the e-mail; refuses a bad zone with 422', async () => {
    const url = CUSTOMERS_API.customer(c.student.id);
    const res = await call('PUT', url, {
      customer: { name: 'Samantha Student', time_zone: 'Asia/Tokyo', email: 'x@y.z' },
    });
    expect(res.statusCode).toBe(200);
    const data = parseDocument(customerDetailSchema, res.json());
    expect(data).toMatchObject({ name: 'Samantha Student', time_zone: 'Asia/Tokyo' });
    const [row] = await t.database.db.select().from(users).where(eq(users.id, c.student.id));
    expect(row?.email).not.toBe('x@y.z');
    const bad = await call('PUT', url, { customer: { name: '', time_zone: 'Mars/Olympus' } });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().errors.map((e: { meta: { field: string } }) => e.meta.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'time_zone']));
    expect(
      (
        await call('PUT', CUSTOMERS_API.customer(c.teacher.id), {
          customer: { name: 'T', time_zone: null },
        })
      ).statusCode,
    ).toBe(404);
  });

  it('creates, lists, shows and edits walk-in customers; 422 on a bad e-mail', async () => {
    const guest = await newGuest({ name: 'Gina Guest' });
    expect(guest).toMatchObject({ email: 'wanda@example.com', phone: '555-0100', user_id: null });
    const list = guestCustomerListDocumentSchema.parse(
      (await call('GET', `${CUSTOMERS_API.guestCustomers}?search=gina`)).json(),
    );
    expect(list.data.map((g) => g.id)).toEqual([guest.id]);
    expect(list.data[0]).toMatchObject({
      type: 'guest_customers',
      attributes: { name: 'Gina Guest' },
    });
    const put = await call('PUT', CUSTOMERS_API.guestCustomer(guest.id), {
      guest_customer: { name: 'Gina G.', email: '', phone: null, notes: 'Pays cash' },
    });
    expect(put.statusCode).toBe(200);
    expect(parseDocument(guestCustomerDetailSchema, put.json())).toMatchObject({
      name: 'Gina G.',
      email: null,
      phone: null,
      notes: 'Pays cash',
    });
    const bad = await call('POST', CUSTOMERS_API.guestCustomers, {
      guest_customer: { name: 'X', email: 'not an e-mail' },
    });
    expect(bad.statusCode).toBe(422);
    expect((await call('GET', CUSTOMERS_API.guestCustomer(999999))).statusCode).toBe(404);
  });

  it('books a walk-in paying cash: paid at once, enrolled, seats taken, history says cash, receipt mailed', async () => {
    const guest = await newGuest({ email: 'cash.walkin@example.com' });
    const res = await book(guest.id, {});
    expect(res.statusCode).toBe(201);
    const doc = walkInOrderDocumentSchema.parse(res.json());
    expect(doc.meta.payment_method).toBe('cash');
    expect(doc.data.attributes).toMatchObject({ status: 'paid', payment: null });
    expect(doc.data.attributes.total).toBeGreaterThan(0);
    const orderId = Number(doc.data.id);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(row).toMatchObject({
      userId: null,
      guestCustomerId: Number(guest.id),
      placedById: c.admin.id,
    });
    const enrolled = await t.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.scheduleId, Number(schedule.scheduleId)));
    expect(enrolled).toHaveLength(1);
    const events = await t.database.db
      .select()
      .from(orderEvents)
      .where(and(eq(orderEvents.orderId, orderId), eq(orderEvents.type, 'paid_offline')));
    expect(events[0]?.data).toMatchObject({ method: 'cash' });
    const mail = await latestMail(t.app, 'cash.walkin@example.com', 'order_receipt');
    expect(mail).toBeTruthy();
    // The walk-in now has the attendee made on the fly, the order and its value.
    const detail = parseDocument(
      guestCustomerDetailSchema,
      (await call('GET', CUSTOMERS_API.guestCustomer(guest.id))).json(),
    );
    expect(detail.attendees.map((a) => a.name)).toEqual(['Kit Walkin']);
    expect(detail.orders).toEqual([expect.objectContaining({ id: doc.data.id, walk_in: true })]);
    expect(detail.lifetime_value).toBe(doc.data.attributes.total);
    // Booking the same attendee again is a 422 naming them.
    const again = await book(guest.id, {
      attendees: [{ id: detail.attendees[0]?.id }],
      payment_method: 'check',
    });
    expect(again.statusCode).toBe(422);
    await t.database.db.delete(enrollments);
  });

  it('books a walk-in paying by card: pending with a payment; the card paying it enrolls', async () => {
    const guest = await newGuest({ email: null });
    const res = await book(guest.id, { payment_method: 'card' });
    expect(res.statusCode).toBe(201);
    const doc = walkInOrderDocumentSchema.parse(res.json());
    expect(doc.data.attributes.status).toBe('pending');
    expect(doc.data.attributes.payment).toMatchObject({ provider: 'fake' });
    const holds = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.orderId, Number(doc.data.id)));
    expect(holds).toHaveLength(1);
    await payments.emit('succeeded', doc.data.id);
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(doc.data.id)));
    expect(row?.status).toBe('paid');
    await t.database.db.delete(enrollments);
  });

  it('answers 409 sold_out when the class is full, and 422 for a plan, attendee or method that cannot be', async () => {
    const guest = await newGuest();
    const two = await book(guest.id, {
      klass_group_schedule_id: small.scheduleId,
      plan_id: small.planId,
      attendees: [
        { name: 'A One', emergency_contact: deskContact },
        { name: 'B Two', emergency_contact: deskContact },
      ],
    });
    expect(two.statusCode).toBe(409);
    expect(two.json().errors[0].code).toBe('sold_out');
    const other = await newGuest();
    const otherDetail = await book(other.id, {});
    expect(otherDetail.statusCode).toBe(201);
    const stranger = parseDocument(
      guestCustomerDetailSchema,
      (await call('GET', CUSTOMERS_API.guestCustomer(other.id))).json(),
    ).attendees[0]?.id;
    const cases: [Record<string, unknown>, string][] = [
      [{ plan_id: small.planId }, 'plan_id'],
      [{ attendees: [{ id: stranger }] }, 'attendees.0.id'],
      [{ attendees: [{ id: String(c.parent.attendees.mia) }] }, 'attendees.0.id'],
      [{ payment_method: 'bitcoin' }, 'payment_method'],
      [{ attendees: [] }, 'attendees'],
      [{ klass_group_schedule_id: '999999' }, 'klass_group_schedule_id'],
    ];
    for (const [order, field] of cases) {
      const res = await book(guest.id, order);
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors.map((e: { meta: { field: string } }) => e.meta.field)).toContain(
        field,
      );
    }
    await t.database.db.delete(enrollments);
  });

  it('asks for someone to call for everyone booked at the desk, before anything is written', async () => {
    const guest = await newGuest({ email: null });
    // A new attendee without a contact: 422 on its field, naming them; no attendee, no order.
    const bare = await book(guest.id, { attendees: [{ name: 'Nora Desk' }] });
    expect(bare.statusCode).toBe(422);
    expect(bare.json().errors).toEqual([
      expect.objectContaining({
        detail: CHILD_CARD_MESSAGES.emergencyContactNeeded('Nora Desk'),
        meta: expect.objectContaining({ field: 'attendees.0.emergency_contact' }),
      }),
    ]);
    const before = parseDocument(
      guestCustomerDetailSchema,
      (await call('GET', CUSTOMERS_API.guestCustomer(guest.id))).json(),
    );
    expect(before.attendees).toEqual([]);
    expect(before.orders).toEqual([]);
    // A phone nobody can call is refused on its field.
    const badPhone = await book(guest.id, {
      attendees: [{ name: 'Nora Desk', emergency_contact: { ...deskContact, phone: '12' } }],
    });
    expect(badPhone.statusCode).toBe(422);
    expect(badPhone.json().errors.map((e: { meta: { field: string } }) => e.meta.field)).toContain(
      'attendees.0.emergency_contact.phone',
    );

    // With one, the attendee is made with it on their card, and the walk-in's page says so.
    const booked = await book(guest.id, {
      attendees: [{ name: 'Nora Desk', emergency_contact: deskContact }],
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const detail = parseDocument(
      guestCustomerDetailSchema,
      (await call('GET', CUSTOMERS_API.guestCustomer(guest.id))).json(),
    );
    const nora = detail.attendees[0];
    expect(nora).toMatchObject({ name: 'Nora Desk', has_emergency_contact: true });
    const card = await t.database.db
      .select()
      .from(emergencyContacts)
      .where(eq(emergencyContacts.attendeeProfileId, Number(nora?.id)));
    expect(card).toMatchObject([{ name: deskContact.name, phone: '+12125550100' }]);

    // An attendee on file whose card names nobody is asked for one too; given, it is added.
    const [lone] = await t.database.db
      .insert(attendeeProfiles)
      .values({ guestCustomerId: Number(guest.id), name: 'Lone Desk' })
      .returning({ id: attendeeProfiles.id });
    const asked = await book(guest.id, { attendees: [{ id: String(lone?.id) }] });
    expect(asked.statusCode).toBe(422);
    expect(asked.json().errors[0]).toMatchObject({
      detail: CHILD_CARD_MESSAGES.emergencyContactNeeded('Lone Desk'),
      meta: expect.objectContaining({ field: 'attendees.0.emergency_contact' }),
    });
    const given = await book(guest.id, {
      attendees: [{ id: String(lone?.id), emergency_contact: deskContact }],
    });
    expect(given.statusCode, given.body).toBe(201);
    const after = parseDocument(
      guestCustomerDetailSchema,
      (await call('GET', CUSTOMERS_API.guestCustomer(guest.id))).json(),
    );
    expect(after.attendees.every((a) => a.has_emergency_contact)).toBe(true);
    await t.database.db.delete(enrollments);
  });

  it('joins a walk-in’s history to the account that confirms the same e-mail', async () => {
    const email = uniqueEmail('joiner');
    const guest = await newGuest({ name: 'Jo Joiner', email });
    const booked = await book(guest.id, {});
    expect(booked.statusCode).toBe(201);
    const orderId = Number(walkInOrderDocumentSchema.parse(booked.json()).data.id);
    const reg = await t.app.inject({
      method: 'POST',
      url: ACCOUNTS_API.register,
      payload: { user: validRegistration(email.toUpperCase()) },
      remoteAddress: nextIp(),
    });
    expect(reg.statusCode).toBe(202);
    // Registering alone proves nothing: the history waits for the confirmation.
    const [before] = await t.database.db
      .select()
      .from(guestCustomers)
      .where(eq(guestCustomers.id, Number(guest.id)));
    expect(before?.userId).toBeNull();
    const token = tokenFromMail(await latestMail(t.app, email, 'confirmation'), '/app/register/');
    const confirmed = await t.app.inject({ method: 'PUT', url: ACCOUNTS_API.userToken(token) });
    expect(confirmed.statusCode).toBe(200);
    const [user] = await t.database.db.select().from(users).where(eq(users.email, email));
    if (!user) throw new Error('no user');
    const [after] = await t.database.db
      .select()
      .from(guestCustomers)
      .where(eq(guestCustomers.id, Number(guest.id)));
    expect(after?.userId).toBe(user.id);
    const [order] = await t.database.db.select().from(orders).where(eq(orders.id, orderId));
    expect(order).toMatchObject({ userId: user.id, guestCustomerId: Number(guest.id) });
    const kids = await t.database.db
      .select()
      .from(attendeeProfiles)
      .where(eq(attendeeProfiles.guestCustomerId, Number(guest.id)));
    expect(kids.map((k) => k.userId)).toEqual([user.id]);
    // The account's page shows the joined order; the walk-in cannot be booked for any more.
    const detail = parseDocument(
      customerDetailSchema,
      (await call('GET', CUSTOMERS_API.customer(user.id))).json(),
    );
    expect(detail.orders.map((o) => o.id)).toContain(String(orderId));
    expect(detail.family.map((f) => f.name)).toContain('Kit Walkin');
    expect((await book(guest.id, {})).statusCode).toBe(409);
    await t.database.db.delete(enrollments);
  });
});
