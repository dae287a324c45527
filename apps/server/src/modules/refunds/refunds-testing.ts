import { ORDERS_API } from '@atelier/contract';
import { expect } from 'vitest';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { addAttendee, addToCart } from '../cart/cart-testing';
import { as, type Cast, type Person, person } from '../classes/classes-testing';

let n = 0;

/**
 * An order paid through the app's own fake provider (checkout, the card confirmed, the signed
 * webhook): a new family with two children booked on `schedule`.
 */
export async function paidOrder(
  t: TestApp,
  _c: Cast,
  schedule: { scheduleId: string; planId: string },
  options: { pay?: boolean } = {},
): Promise<{ buyer: Person; orderId: string; kids: [number, number]; total: number }> {
  n += 1;
  const buyer = await person(t, 'student', `Refund Family ${n}`);
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
