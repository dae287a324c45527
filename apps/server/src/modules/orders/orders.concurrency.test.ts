import { ORDERS_API } from '@atelier/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
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
import { couponRedemptions } from '../coupons/coupons.tables';
import { seatCountsBySchedule } from '../enrollments';
import { enrollments, seatHolds } from '../enrollments/enrollments.tables';
import { orderItemAttendees, orderItems, orders } from './orders.tables';
import { fakePayments, insertCoupon } from './orders-testing';

// decision 026: what checkout guarantees whatever the concurrency, on PGlite and on PostgreSQL
// (the server-pg project runs this file again against DATABASE_URL).

describe('checkout under concurrency', { timeout: 180_000 }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  /** `n` buyers, each with one attendee and one item of the schedule in the cart. */
  async function buyers(
    n: number,
    s: { scheduleId: string; planId: string },
    couponCode: string | null = null,
  ): Promise<Person[]> {
    const out: Person[] = [];
    for (let i = 0; i < n; i++) {
      const buyer = await person(t, 'student', `Buyer ${i}`);
      const kid = await addAttendee(t, buyer.id, `Kid ${i}`);
      await addToCart(t, buyer.id, { ...s, attendeeIds: [kid], couponCode });
      out.push(buyer);
    }
    return out;
  }

  const checkout = (who: Person, key = `k-${who.id}`) =>
    t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(who), 'idempotency-key': key },
    });

  it('100 parallel checkouts for C seats: exactly C hold and pay, the rest are sold out', async () => {
    const C = 7;
    const s = await programmeWithSchedule(t, c, { schedule: { capacity: C } });
    const people = await buyers(100, s);
    const answers = await Promise.all(people.map((p) => checkout(p)));
    const made = answers.filter((r) => r.statusCode === 201);
    const refused = answers.filter((r) => r.statusCode !== 201);
    expect(made).toHaveLength(C);
    expect(refused).toHaveLength(100 - C);
    for (const r of refused) {
      expect(r.statusCode).toBe(409);
      expect(r.json().errors[0].code).toBe('sold_out');
    }
    const id = Number(s.scheduleId);
    expect((await seatCountsBySchedule(t.app.db, [id], new Date())).get(id)).toMatchObject({
      held: C,
      enrolled: 0,
    });

    await Promise.all(made.map((r) => payments.emit('succeeded', r.json().data.id)));
    const enrolled = await t.database.db
      .select()
      .from(enrollments)
      .where(eq(enrollments.scheduleId, id));
    expect(enrolled).toHaveLength(C);
    expect((await seatCountsBySchedule(t.app.db, [id], new Date())).get(id)).toMatchObject({
      held: 0,
      enrolled: C,
    });
    const paid = await t.database.db.select().from(orders).where(eq(orders.status, 'paid'));
    expect(paid.filter((o) => made.some((r) => r.json().data.id === String(o.id)))).toHaveLength(C);
  });

  it('50 parallel orders with a single-use coupon: exactly one holds it, the others hear coupon_used_up', async () => {
    const s = await programmeWithSchedule(t, c, { schedule: { capacity: 100 } });
    const couponId = await insertCoupon(t.database.db, { code: 'ONCE50', maxRedemptions: 1 });
    const people = await buyers(50, s, 'once50');
    const answers = await Promise.all(people.map((p) => checkout(p)));
    const made = answers.filter((r) => r.statusCode === 201);
    expect(made).toHaveLength(1);
    expect(made[0]?.json().data.attributes.items[0].coupon.code).toBe('ONCE50');
    for (const r of answers.filter((a) => a.statusCode !== 201)) {
      expect(r.statusCode).toBe(409);
      expect(r.json().errors[0]).toMatchObject({
        code: 'coupon_used_up',
        meta: { coupon_code: 'ONCE50' },
      });
    }
    const uses = await t.database.db
      .select()
      .from(couponRedemptions)
      .where(eq(couponRedemptions.couponId, couponId));
    expect(uses).toHaveLength(1);
    // The refused orders left no seat held behind them.
    const holds = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.scheduleId, Number(s.scheduleId)));
    expect(holds).toHaveLength(1);
  });

  it('two racing requests with one Idempotency-Key make one order', async () => {
    const s = await programmeWithSchedule(t, c);
    const [buyer] = await buyers(1, s);
    if (!buyer) throw new Error('no buyer');
    const [a, b] = await Promise.all([checkout(buyer, 'same-key'), checkout(buyer, 'same-key')]);
    expect(a?.statusCode).toBe(201);
    expect(b?.statusCode).toBe(201);
    expect(a?.json().data.id).toBe(b?.json().data.id);
    const rows = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(rows).toHaveLength(1);
    const holds = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.scheduleId, Number(s.scheduleId)));
    expect(holds).toHaveLength(1);
  });

  it('20 parallel checkouts of one cart with 20 keys make one order, paid once, holding one seat', async () => {
    const s = await programmeWithSchedule(t, c, { schedule: { capacity: 1 } });
    const [buyer] = await buyers(1, s);
    if (!buyer) throw new Error('no buyer');
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => checkout(buyer, `tab-${i}`)),
    );
    expect(answers.map((r) => r.statusCode)).toEqual(Array(20).fill(201));
    const ids = new Set(answers.map((r) => r.json().data.id));
    expect(ids.size).toBe(1);
    const rows = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(rows.map((r) => r.status)).toEqual(['pending']);

    await Promise.all([...ids].map((id) => payments.emit('succeeded', id)));
    const id = Number(s.scheduleId);
    expect((await seatCountsBySchedule(t.app.db, [id], new Date())).get(id)).toMatchObject({
      held: 0,
      enrolled: 1,
    });
    const paid = await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id));
    expect(paid.map((r) => r.status)).toEqual(['paid']);
  });

  it('a second checkout answers the pending order; after the cart changes it replaces it, freeing its seat', async () => {
    const s = await programmeWithSchedule(t, c, { schedule: { capacity: 3 } });
    const other = await programmeWithSchedule(t, c);
    const [buyer] = await buyers(1, s);
    if (!buyer) throw new Error('no buyer');
    const first = await checkout(buyer, 'first-tab');
    const second = await checkout(buyer, 'second-tab');
    expect(first.statusCode).toBe(201);
    expect(second.json().data.id).toBe(first.json().data.id);

    const kid = await addAttendee(t, buyer.id, 'Second kid');
    await addToCart(t, buyer.id, { ...other, attendeeIds: [kid], couponCode: null });
    const third = await checkout(buyer, 'after-change');
    expect(third.statusCode).toBe(201);
    expect(third.json().data.id).not.toBe(first.json().data.id);
    const rows = await t.database.db
      .select()
      .from(orders)
      .where(eq(orders.userId, buyer.id))
      .orderBy(orders.id);
    expect(rows.map((r) => r.status)).toEqual(['canceled', 'pending']);
    const held = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.scheduleId, Number(s.scheduleId)));
    expect(held.map((h) => h.orderId)).toEqual([Number(third.json().data.id)]);
  });

  it('nothing is half-written: a failure after the holds rolls back the order, its items, attendees and holds', async () => {
    const s = await programmeWithSchedule(t, c);
    const couponId = await insertCoupon(t.database.db, { code: 'BROKEN' });
    const [buyer] = await buyers(1, s, 'BROKEN');
    if (!buyer) throw new Error('no buyer');
    // The coupon use is the last write of the order's transaction: make it fail there.
    await t.database.db.execute(
      sql.raw(`create function fail_coupon_use() returns trigger language plpgsql as $$
      begin
        if new.coupon_id = ${couponId} then raise exception 'injected failure'; end if;
        return new;
      end $$`),
    );
    await t.database.db.execute(
      sql.raw(`create trigger fail_coupon_use before insert on coupon_redemptions
        for each row execute function fail_coupon_use()`),
    );
    try {
      const res = await checkout(buyer);
      expect(res.statusCode).toBe(500);
    } finally {
      await t.database.db.execute(sql.raw('drop trigger fail_coupon_use on coupon_redemptions'));
      await t.database.db.execute(sql.raw('drop function fail_coupon_use()'));
    }
    expect(await t.database.db.select().from(orders).where(eq(orders.userId, buyer.id))).toEqual(
      [],
    );
    const items = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.scheduleId, Number(s.scheduleId)));
    expect(items).toEqual([]);
    const kids = await t.database.db
      .select()
      .from(orderItemAttendees)
      .where(inArray(orderItemAttendees.name, ['Kid 0']));
    expect(kids.filter((k) => items.some((i) => i.id === k.orderItemId))).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(seatHolds)
        .where(eq(seatHolds.scheduleId, Number(s.scheduleId))),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, couponId)),
    ).toEqual([]);
    // And the same checkout goes through once nothing fails.
    expect((await checkout(buyer)).statusCode).toBe(201);
  });
});
