import { CUSTOMERS_API, LEDGER_API, ORDERS_API } from '@atelier/contract';
import { expect } from 'vitest';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { addAttendee, addToCart } from '../cart/cart-testing';
import { as, type Cast, type Person, person } from '../classes/classes-testing';
import { deskContact } from '../customers/customers-testing';

let n = 0;

/**
 * An order paid through the app's own fake provider (checkout, the card confirmed, the signed
 * webhook): a new family with two children booked on `schedule`.
 */
export async function paidOrder(
  t: TestApp,
  c: Cast,
  schedule: { scheduleId: string; planId: string },
  /** `credit`: cents of account credit staff give the family before it checks out. */
  options: { pay?: boolean; credit?: number } = {},
): Promise<{ buyer: Person; orderId: string; kids: [number, number]; total: number }> {
  n += 1;
  const buyer = await person(t, 'student', `Refund Family ${n}`);
  if (options.credit) {
    const given = await t.app.inject({
      method: 'POST',
      url: LEDGER_API.customerLedger(buyer.id),
      headers: as(c.admin),
      payload: { kind: 'credit', amount: options.credit, reason: 'Before checkout' },
    });
    expect(given.statusCode).toBe(201);
  }
  const kids: [number, number] = [
    await addAttendee(t, buyer.id, `Ann ${n}`),
    await addAttendee(t, buyer.id, `Bo ${n}`),
  ];
  await addToCart(t, buyer.id, { ...schedule, attendeeIds: kids });
  const res = await t.app.inject({
    method: 'POST',
    url: ORDERS_API.orders,
    headers: { ...as(buyer), 'idempotency-key': `refund-test-${n}` },
  });
  expect(res.statusCode).toBe(201);
  const order = res.json().data;
  const secret: string = order.attributes.payment.client_secret;
  if (options.pay === false)
    return { buyer, orderId: order.id, kids, total: order.attributes.total };
  const confirm = await t.app.inject({
    method: 'POST',
    url: ORDERS_API.fakePaymentConfirm(secret.split('_secret_')[0] ?? ''),
    payload: { client_secret: secret, card_number: '4242424242424242' },
  });
  expect(confirm.json().status).toBe('succeeded');
  return { buyer, orderId: order.id, kids, total: order.attributes.total };
}

/**
 * A walk-in booked and paid at the desk (cash or check) by `admin`: a new walk-in with one or two
 * children on `schedule`; their attendee profile ids as the order names them.
 */
export async function walkInOrder(
  t: TestApp,
  admin: Person,
  schedule: { scheduleId: string; planId: string },
  method: 'cash' | 'check' = 'cash',
  kids = 2,
): Promise<{ guestId: string; orderId: string; total: number; attendeeIds: string[] }> {
  n += 1;
  const guest = await t.app.inject({
    method: 'POST',
    url: CUSTOMERS_API.guestCustomers,
    headers: as(admin),
    payload: { guest_customer: { name: `Walk-in ${n}`, phone: '555-0100' } },
  });
  expect(guest.statusCode).toBe(201);
  const guestId: string = guest.json().data.id;
  const booked = await t.app.inject({
    method: 'POST',
    url: CUSTOMERS_API.guestCustomerOrders(guestId),
    headers: as(admin),
    payload: {
      order: {
        klass_group_schedule_id: schedule.scheduleId,
        plan_id: schedule.planId,
        attendees: Array.from({ length: kids }, (_, k) => ({
          name: `Kit ${n}-${k}`,
          birthday: '2016-05-01',
          emergency_contact: deskContact,
        })),
        payment_method: method,
      },
    },
  });
  expect(booked.statusCode).toBe(201);
  const order = booked.json().data;
  return {
    guestId,
    orderId: order.id,
    total: order.attributes.total,
    attendeeIds: order.attributes.items.flatMap((i: { attendees: { id: string }[] }) =>
      i.attendees.map((a) => a.id),
    ),
  };
}
