import {
  COUPON_MESSAGES,
  COUPONS_API,
  CUSTOMERS_API,
  USER_GROUPS_API,
  walkInOrderDocumentSchema,
  walkInPriceDocumentSchema,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, programmeWithSchedule } from '../classes/classes-testing';
import { couponLookup } from '../coupons';
import { couponRedemptions } from '../coupons/coupons.tables';
import { deskContact } from '../customers/customers-testing';
import { ledgerEntries } from '../ledger/ledger.tables';
import { attendeeProfiles } from '../users/users.tables';
import { joinGuestOrders } from './customer-orders.service';
import { orderItems, orders } from './orders.tables';
import { fakePayments } from './orders-testing';

type Errors = { errors: { detail: string; meta?: { field?: string } }[] };
const couponError = (body: Errors) => body.errors.find((e) => e.meta?.field === 'coupon_code');

describe('coupons at the walk-in desk', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();
  let klass: { groupId: string; scheduleId: string; planId: string };
  let other: { groupId: string; scheduleId: string; planId: string };
  let codes = 0;

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
    klass = await programmeWithSchedule(t, c, { schedule: { capacity: 30 } });
    other = await programmeWithSchedule(t, c);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  async function guest(name: string) {
    const res = await t.app.inject({
      method: 'POST',
      url: CUSTOMERS_API.guestCustomers,
      headers: as(c.admin),
      payload: { guest_customer: { name } },
    });
    return res.json().data.id as string;
  }

  async function coupon(fields: Record<string, unknown> = {}) {
    codes += 1;
    const code = `DESK-${codes}`;
    const res = await t.app.inject({
      method: 'POST',
      url: COUPONS_API.coupons,
      headers: as(c.admin),
      payload: { coupon: { code, discount_type: 'fixed', discount_amount: 500, ...fields } },
    });
    if (res.statusCode !== 201) throw new Error(`coupon: ${res.body}`);
    return { code, id: Number(res.json().data.id) };
  }

  const book = (
    guestId: string,
    couponCode: string | null,
    at: { scheduleId: string; planId: string } = klass,
  ) =>
    t.app.inject({
      method: 'POST',
      url: CUSTOMERS_API.guestCustomerOrders(guestId),
      headers: as(c.admin),
      payload: {
        order: {
          klass_group_schedule_id: at.scheduleId,
          plan_id: at.planId,
          attendees: [{ name: `Kid of ${guestId}`, emergency_contact: deskContact }],
          payment_method: 'cash',
          coupon_code: couponCode,
        },
      },
    });

  const price = (guestId: string, couponCode: string | null) =>
    t.app.inject({
      method: 'GET',
      url: CUSTOMERS_API.guestCustomerPrice(guestId),
      headers: as(c.admin),
      query: {
        klass_group_schedule_id: klass.scheduleId,
        plan_id: klass.planId,
        number_of_attendees: '1',
        ...(couponCode ? { coupon_code: couponCode } : {}),
      },
    });

  const usesOf = (couponId: number) =>
    t.database.db.select().from(couponRedemptions).where(eq(couponRedemptions.couponId, couponId));

  it('prices a walk-in with their coupon before booking, and books at that price with the use stored under the walk-in', async () => {
    const id = await guest('Cora Coupon');
    const { code, id: couponId } = await coupon();
    const full = walkInPriceDocumentSchema.parse((await price(id, null)).json()).data.attributes;
    expect(full.subtotal).toBeGreaterThan(500);
    expect(full.discount).toBe(0);
    const quoted = walkInPriceDocumentSchema.parse(
      (await price(id, ` ${code.toLowerCase()} `)).json(),
    ).data.attributes;
    expect(quoted).toEqual({
      subtotal: full.subtotal,
      discount: 500,
      total: full.subtotal - 500,
      coupon_code: code,
    });

    const res = await book(id, code.toLowerCase());
    expect(res.statusCode).toBe(201);
    const order = walkInOrderDocumentSchema.parse(res.json()).data;
    expect(order.attributes.status).toBe('paid');
    expect(order.attributes.total).toBe(quoted.total);
    const [item] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, Number(order.id)));
    expect(item?.couponId).toBe(couponId);
    const uses = await usesOf(couponId);
    expect(uses).toEqual([
      expect.objectContaining({
        guestCustomerId: Number(id),
        userId: null,
        orderId: Number(order.id),
        expiresAt: null,
      }),
    ]);
    // The ledger's discount entry, as for any coupon order.
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.orderId, Number(order.id)));
    expect(entries.filter((e) => e.kind === 'discount').map((e) => e.amount)).toEqual([-500]);
    expect(entries.reduce((n, e) => n + e.amount, 0)).toBe(0);
  });

  it("does not lower a walk-in's price with a coupon kept for a group the staff member is in", async () => {
    const group = await t.app.inject({
      method: 'POST',
      url: USER_GROUPS_API.userGroups,
      headers: as(c.admin),
      payload: { user_group: { name: `Staff ${Date.now()}` } },
    });
    const groupId = group.json().data.id as string;
    await t.app.inject({
      method: 'POST',
      url: USER_GROUPS_API.members(groupId),
      headers: as(c.admin),
      payload: { user_ids: [String(c.admin.id)] },
    });
    const { code } = await coupon({ user_group_id: groupId });
    const id = await guest('Gil Group');
    const res = await price(id, code);
    expect(res.statusCode).toBe(422);
    expect(couponError(res.json())?.detail).toBe(COUPON_MESSAGES.groupOnly);
  });

  it('counts the per-person limit per walk-in', async () => {
    const { code, id: couponId } = await coupon({ max_redemptions_per_user: 1 });
    const [a, b] = [await guest('Ada Once'), await guest('Ben Once')];
    expect((await book(a, code)).statusCode).toBe(201);
    const again = await book(a, code);
    expect(again.statusCode).toBe(422);
    expect(couponError(again.json())?.detail).toBe(COUPON_MESSAGES.usedUpByPerson);
    expect(couponError((await price(a, code)).json())?.detail).toBe(COUPON_MESSAGES.usedUpByPerson);
    expect((await book(b, code)).statusCode).toBe(201);
    expect(await usesOf(couponId)).toHaveLength(2);
  });

  it("holds the use while a walk-in's card payment is pending, and gives it back when the hold runs out", async () => {
    const { code, id: couponId } = await coupon({ max_redemptions: 1 });
    const [a, b] = [await guest('Cal Card'), await guest('Dee Desk')];
    const card = await t.app.inject({
      method: 'POST',
      url: CUSTOMERS_API.guestCustomerOrders(a),
      headers: as(c.admin),
      payload: {
        order: {
          klass_group_schedule_id: klass.scheduleId,
          plan_id: klass.planId,
          attendees: [{ name: 'Kid of Cal', emergency_contact: deskContact }],
          payment_method: 'card',
          coupon_code: code,
        },
      },
    });
    expect(card.statusCode).toBe(201);
    const pending = walkInOrderDocumentSchema.parse(card.json()).data;
    expect(pending.attributes.status).toBe('pending');
    const [held] = await usesOf(couponId);
    expect(held?.expiresAt?.getTime()).toBe(new Date(pending.attributes.expires_at).getTime());
    const refused = await book(b, code);
    expect(refused.statusCode).toBe(422);
    expect(couponError(refused.json())?.detail).toBe(COUPON_MESSAGES.usedUp);
    await t.database.db
      .update(orders)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(orders.id, Number(pending.id)));
    // The use was held until the order's hold: that instant is now past too.
    await t.database.db
      .update(couponRedemptions)
      .set({ expiresAt: new Date(Date.now() - 60_000) })
      .where(eq(couponRedemptions.orderId, Number(pending.id)));
    expect((await book(b, code)).statusCode).toBe(201);
  });

  it('never exceeds the total limit when ten walk-ins book with the coupon at once', async () => {
    const { code, id: couponId } = await coupon({ max_redemptions: 3 });
    const ids: string[] = [];
    for (let i = 0; i < 10; i += 1) ids.push(await guest(`Race ${i}`));
    const answers = await Promise.all(ids.map((id) => book(id, code)));
    const codesOf = answers.map((r) => r.statusCode);
    expect(codesOf.filter((s) => s === 201)).toHaveLength(3);
    expect(codesOf.filter((s) => s === 422)).toHaveLength(7);
    for (const r of answers.filter((a) => a.statusCode === 422)) {
      expect(couponError(r.json())?.detail).toBe(COUPON_MESSAGES.usedUp);
    }
    expect(await usesOf(couponId)).toHaveLength(3);
    const placed = await t.database.db.select().from(orders).where(eq(orders.discount, 500));
    const byRacers = placed.filter((o) => ids.map(Number).includes(o.guestCustomerId ?? 0));
    expect(byRacers).toHaveLength(3);
  });

  it('refuses a code that does not apply with 422 and its reason, writing nothing', async () => {
    const id = await guest('Nora Nothing');
    const expired = await coupon({
      valid_from: '2020-01-01T00:00:00Z',
      valid_until: '2020-02-01T00:00:00Z',
    });
    const elsewhere = await coupon({ klass_group_id: other.groupId });
    const cases: [string, string][] = [
      ['NO-SUCH-CODE', COUPON_MESSAGES.unknownCode],
      [expired.code, COUPON_MESSAGES.expired],
      [elsewhere.code, COUPON_MESSAGES.notForClass],
    ];
    for (const [code, message] of cases) {
      const res = await book(id, code);
      expect(res.statusCode).toBe(422);
      expect(couponError(res.json())?.detail).toBe(message);
    }
    expect(
      await t.database.db
        .select()
        .from(orders)
        .where(eq(orders.guestCustomerId, Number(id))),
    ).toEqual([]);
    expect(
      await t.database.db
        .select()
        .from(attendeeProfiles)
        .where(eq(attendeeProfiles.guestCustomerId, Number(id))),
    ).toEqual([]);
    expect(await usesOf(expired.id)).toEqual([]);
    expect(await usesOf(elsewhere.id)).toEqual([]);
  });

  it("counts a walk-in's uses for the account their history joins", async () => {
    const { code, id: couponId } = await coupon({ max_redemptions_per_user: 1 });
    const id = await guest('Jo Joins');
    expect((await book(id, code)).statusCode).toBe(201);
    const lookup = couponLookup(t.database.db);
    const at = new Date();
    expect((await lookup([code], { userId: c.student.id, at })).size).toBe(1);
    await joinGuestOrders(t.database.db, [Number(id)], c.student.id);
    expect((await lookup([code], { userId: c.student.id, at })).size).toBe(0);
    expect(await usesOf(couponId)).toEqual([
      expect.objectContaining({ guestCustomerId: Number(id), userId: c.student.id }),
    ]);
  });
});
