import { ORDERS_API } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addAttendee, addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, person, programmeWithSchedule } from '../classes/classes-testing';

// The whole path with the app's own payments plugin and its fake provider: checkout, the card
// form's confirmation, the signed webhook, and the orders handler (docs/architecture.md#orders-and-payments).
describe('orders paid through the fake provider', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  async function pendingOrder() {
    const s = await programmeWithSchedule(t, c);
    const buyer = await person(t, 'student', 'Fay Fake');
    const kid = await addAttendee(t, buyer.id, 'Kid Fake');
    await addToCart(t, buyer.id, { ...s, attendeeIds: [kid] });
    const res = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(buyer), 'idempotency-key': 'fake-path' },
    });
    expect(res.statusCode).toBe(201);
    const order = res.json().data;
    expect(order.attributes.payment.provider).toBe('fake');
    const secret: string = order.attributes.payment.client_secret;
    return { buyer, id: order.id as string, secret, intentId: secret.split('_secret_')[0] ?? '' };
  }

  const confirm = (intentId: string, secret: string, card: string) =>
    t.app.inject({
      method: 'POST',
      url: ORDERS_API.fakePaymentConfirm(intentId),
      payload: { client_secret: secret, card_number: card },
    });

  it('a declined card leaves the order pending with the message; a good one pays it', async () => {
    const { buyer, id, secret, intentId } = await pendingOrder();
    const declined = await confirm(intentId, secret, '4000 0000 0000 0002');
    expect(declined.json().status).toBe('failed');
    const read = async () =>
      (await t.app.inject({ method: 'GET', url: ORDERS_API.order(id), headers: as(buyer) })).json()
        .data.attributes;
    const afterDecline = await read();
    expect(afterDecline.status).toBe('pending');
    expect(afterDecline.payment_error).toBeTruthy();
    expect(afterDecline.payment.client_secret).toBe(secret);

    expect((await confirm(intentId, secret, '4242 4242 4242 4242')).json().status).toBe(
      'succeeded',
    );
    expect(await read()).toMatchObject({ status: 'paid', payment_error: null, payment: null });
  });
});
