import { ORDERS_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addAttendee, addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, person, programmeWithSchedule } from '../classes/classes-testing';
import { couponLookup } from '../coupons';
import { couponRedemptions } from '../coupons/coupons.tables';
import { seatHolds } from '../enrollments/enrollments.tables';
import { expireDue } from './order-expiry.service';
import { markOrderPaid } from './order-payment-outcome.service';
import type { OrdersContext } from './orders.context';
import { orders } from './orders.tables';
import { fakePayments, insertCoupon } from './orders-testing';

describe('orders service: expiry', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();
  let clock = new Date();
  let ctx: OrdersContext;

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
    // A second context over the same database, with a clock of its own: another server process.
    ctx = {
      db: t.app.db,
      cart: {
        db: t.app.db,
        urls: (key) => t.app.images.urls(key),
        now: () => clock,
        coupons: couponLookup(t.app.db),
      },
      payments: fakePayments().service,
      mailer: t.app.mail.mailer,
      notify: async () => undefined,
      currency: 'USD',
      now: () => clock,
      log: t.app.log,
    };
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  it('the sweep expires pending orders past their hold, once, freeing seats and coupon uses; paying one later takes them back', async () => {
    const s = await programmeWithSchedule(t, c);
    const couponId = await insertCoupon(t.database.db, { code: 'SWEPT', maxRedemptions: 5 });
    const buyer = await person(t, 'student', 'Sue Swept');
    const kid = await addAttendee(t, buyer.id, 'Kid Swept');
    await addToCart(t, buyer.id, { ...s, attendeeIds: [kid], couponCode: 'SWEPT' });
    clock = new Date();
    const made = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(buyer), 'idempotency-key': 'sweep' },
    });
    expect(made.statusCode).toBe(201);
    const id = Number(made.json().data.id);

    // Within the hold nothing is swept.
    clock = new Date(Date.now() + 14 * 60_000);
    expect(await expireDue(ctx)).toEqual([]);

    // Past it, two processes sweeping at once expire the order once between them.
    clock = new Date(Date.now() + 16 * 60_000);
    const [a, b] = await Promise.all([expireDue(ctx), expireDue(ctx)]);
    expect([...(a ?? []), ...(b ?? [])].filter((x) => x === id)).toEqual([id]);
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('expired');
    expect(await t.database.db.select().from(seatHolds).where(eq(seatHolds.orderId, id))).toEqual(
      [],
    );
    const uses = () =>
      t.database.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, couponId));
    expect(await uses()).toEqual([]);

    // The payment came in after all: the seats still fit, so it is paid and the use redeemed.
    expect(await markOrderPaid(ctx, id)).toBe('paid');
    expect((await uses()).map((u) => [u.orderId, u.expiresAt])).toEqual([[id, null]]);
    expect(await markOrderPaid(ctx, id)).toBe('paid');
  });
});
