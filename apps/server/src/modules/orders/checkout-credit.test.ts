import {
  CUSTOMERS_API,
  LEDGER_API,
  type LedgerDocument,
  ledgerDocumentSchema,
  ORDERS_API,
  orderDocumentSchema,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail } from '../../mail/mail-testing';
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
import { deskContact } from '../customers/customers-testing';
import { enrollments } from '../enrollments/enrollments.tables';
import { notifications } from '../notifications/notifications.tables';
import { users } from '../users/users.tables';
import { orders } from './orders.tables';
import { expireDueOrders } from './orders.transitions';
import { fakePayments, insertPendingOrder } from './orders-testing';

// A family's account credit pays at checkout before the card
// (docs/decisions/064-account-credit-at-checkout.md).

describe('account credit at checkout', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();
  /** The amount of every payment intent asked for, by order id. */
  const intents: { orderId: number; amount: number }[] = [];
  let schedule: { scheduleId: string; planId: string };
  let run = 0;

  beforeAll(async () => {
    const createIntent = payments.service.createIntent.bind(payments.service);
    payments.service.createIntent = async (input) => {
      intents.push({ orderId: input.orderId, amount: input.amount });
      return createIntent(input);
    };
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
    schedule = await programmeWithSchedule(t, c, { schedule: { capacity: 100 } });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t?.close());

  /** A new family with one child in the cart, and `credit` cents given by staff (if any). */
  async function family(credit: number): Promise<Person> {
    run += 1;
    const buyer = await person(t, 'student', `Credit Family ${run}`);
    const kid = await addAttendee(t, buyer.id, `Credit Kid ${run}`);
    await addToCart(t, buyer.id, { ...schedule, attendeeIds: [kid] });
    if (credit > 0) {
      const res = await t.app.inject({
        method: 'POST',
        url: LEDGER_API.customerLedger(buyer.id),
        headers: as(c.admin),
        payload: { kind: 'credit', amount: credit, reason: 'Goodwill' },
      });
      expect(res.statusCode).toBe(201);
    }
    return buyer;
  }

  const checkout = async (who: Person, key = `credit-${who.id}`) => {
    const res = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(who), 'idempotency-key': key },
    });
    expect(res.statusCode).toBe(201);
    return orderDocumentSchema.parse(res.json()).data;
  };
  const ledgerOf = async (who: Person): Promise<LedgerDocument> =>
    ledgerDocumentSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: LEDGER_API.accountLedger, headers: as(who) })
      ).json(),
    );
  const moves = (doc: LedgerDocument, orderId: string) =>
    doc.data
      .filter((e) => e.attributes.order_id === orderId)
      .map((e) => [e.attributes.kind, e.attributes.amount, e.attributes.method])
      .sort();
  /** The price of one child in the schedule: what a family without credit is asked to pay. */
  async function price(): Promise<number> {
    const plain = await checkout(await family(0));
    return plain.attributes.total;
  }

  it('no credit: the card pays the whole total, as before', async () => {
    const order = await checkout(await family(0));
    expect(order.attributes).toMatchObject({
      status: 'pending',
      credit_applied: 0,
      amount_due: order.attributes.total,
    });
    expect(intents.filter((i) => i.orderId === Number(order.id)).map((i) => i.amount)).toEqual([
      order.attributes.total,
    ]);
  });

  it('credit covers part: the card intent is for the rest; paid, the credit is spent once', async () => {
    const buyer = await family(1000);
    const order = await checkout(buyer);
    const total = order.attributes.total;
    expect(total).toBeGreaterThan(1000);
    expect(order.attributes).toMatchObject({
      status: 'pending',
      credit_applied: 1000,
      amount_due: total - 1000,
    });
    expect(order.attributes.payment).not.toBeNull();
    expect(intents.filter((i) => i.orderId === Number(order.id)).map((i) => i.amount)).toEqual([
      total - 1000,
    ]);
    // Set aside, not spent: the balance still shows what the school owes.
    expect((await ledgerOf(buyer)).meta.balance).toBe(-1000);

    await payments.emit('succeeded', order.id);
    await payments.emit('succeeded', order.id);
    const doc = await ledgerOf(buyer);
    expect(doc.meta.balance).toBe(0);
    expect(moves(doc, order.id)).toEqual(
      [
        ['charge', total, null],
        ['credit_applied', 1000, null],
        ['payment', -(total - 1000), 'card'],
        ['payment', -1000, 'account_credit'],
      ].sort(),
    );
    const [row] = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.id, Number(order.id)));
    expect(row).toMatchObject({ status: 'paid', creditApplied: 1000 });
  });

  it('credit covers it all: paid at once with no card, enrolled, receipt and notice; the rest stays', async () => {
    const total = await price();
    const buyer = await family(total + 500);
    const before = intents.length;
    const order = await checkout(buyer);
    expect(order.attributes).toMatchObject({
      status: 'paid',
      credit_applied: total,
      amount_due: 0,
      payment: null,
    });
    expect(order.attributes.paid_at).not.toBeNull();
    expect(intents.length).toBe(before);
    const enrolled = await t.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.orderItemId, Number(order.attributes.items[0]?.id)));
    expect(enrolled).toHaveLength(1);
    const [user] = await t.database.db.select().from(users).where(eq(users.id, buyer.id));
    expect(await latestMail(t.app, user?.email ?? '', 'order_receipt')).toBeTruthy();
    const told = await t.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.recipientId, buyer.id), eq(notifications.recordType, 'orders')));
    expect(told.map((n) => n.recordId)).toEqual([Number(order.id)]);

    const doc = await ledgerOf(buyer);
    expect(doc.meta.balance).toBe(-500);
    expect(moves(doc, order.id)).toEqual(
      [
        ['charge', total, null],
        ['credit_applied', total, null],
        ['payment', -total, 'account_credit'],
      ].sort(),
    );
    // The same key answers the same paid order, and nothing is written again.
    const again = await checkout(buyer);
    expect(again.id).toBe(order.id);
    expect((await ledgerOf(buyer)).meta.total).toBe(doc.meta.total);
  });

  it('an order that expires or is cancelled never spent its credit: the next checkout has it all', async () => {
    const buyer = await family(700);
    const first = await checkout(buyer, `expire-${buyer.id}`);
    expect(first.attributes.credit_applied).toBe(700);
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, Number(first.id)));
    expect(await expireDueOrders(t.database.db, new Date(), buyer.id)).toEqual([Number(first.id)]);
    let doc = await ledgerOf(buyer);
    expect(doc.meta.balance).toBe(-700);
    expect(moves(doc, first.id)).toEqual([]);

    const second = await checkout(buyer, `cancel-${buyer.id}`);
    expect(second.attributes.credit_applied).toBe(700);
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: ORDERS_API.order(second.id),
      headers: as(buyer),
    });
    expect(cancelled.statusCode).toBe(200);
    doc = await ledgerOf(buyer);
    expect(doc.meta.balance).toBe(-700);
    expect(moves(doc, second.id)).toEqual([]);

    const third = await checkout(buyer, `third-${buyer.id}`);
    expect(third.attributes).toMatchObject({ status: 'pending', credit_applied: 700 });
  });

  it('a card paid after the hold ran out, seats still free: the credit is spent then', async () => {
    const buyer = await family(600);
    const order = await checkout(buyer);
    expect(order.attributes.credit_applied).toBe(600);
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, Number(order.id)));
    await expireDueOrders(t.database.db, new Date(), buyer.id);
    expect((await ledgerOf(buyer)).meta.balance).toBe(-600);
    await payments.emit('succeeded', order.id);
    const doc = await ledgerOf(buyer);
    expect(doc.meta.balance).toBe(0);
    expect(moves(doc, order.id)).toContainEqual(['credit_applied', 600, null]);
    expect(moves(doc, order.id)).toContainEqual([
      'payment',
      -(order.attributes.total - 600),
      'card',
    ]);
  });

  it('an order credit alone would pay is not paid once it is no longer held', async () => {
    const buyer = await family(5000);
    const id = await insertPendingOrder(t.database.db, buyer.id, 3000);
    await t.database.db
      .update(orders)
      .set({ creditApplied: 3000, status: 'canceled', closedAt: new Date() })
      .where(eq(orders.id, id));
    await payments.emit('succeeded', id);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('canceled');
    const doc = await ledgerOf(buyer);
    expect(doc.meta.balance).toBe(-5000);
    expect(moves(doc, String(id))).toEqual([]);
  });

  it('another key for the same cart answers the same order, its credit unchanged', async () => {
    const buyer = await family(400);
    const first = await checkout(buyer, `first-${buyer.id}`);
    expect(first.attributes.credit_applied).toBe(400);
    const same = await checkout(buyer, `other-${buyer.id}`);
    expect(same).toMatchObject({ id: first.id, attributes: { credit_applied: 400 } });
  });

  it('a walk-in’s order placed by staff takes no account credit', async () => {
    const guest = await t.app.inject({
      method: 'POST',
      url: CUSTOMERS_API.guestCustomers,
      headers: as(c.admin),
      payload: { guest_customer: { name: 'Wanda Walk-in', phone: '555-0101' } },
    });
    expect(guest.statusCode).toBe(201);
    const booked = await t.app.inject({
      method: 'POST',
      url: CUSTOMERS_API.guestCustomerOrders(guest.json().data.id),
      headers: as(c.admin),
      payload: {
        order: {
          klass_group_schedule_id: schedule.scheduleId,
          plan_id: schedule.planId,
          attendees: [
            { name: 'Kit Walk-in', birthday: '2016-05-01', emergency_contact: deskContact },
          ],
          payment_method: 'card',
        },
      },
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data.attributes).toMatchObject({ credit_applied: 0 });
  });
});
