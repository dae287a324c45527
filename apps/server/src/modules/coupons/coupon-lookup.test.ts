import {
  API,
  type CartItem,
  COUPONS_API,
  cartItemSchema,
  parseDocument,
  USER_GROUPS_API,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addToCart } from '../cart/cart-testing';
import {
  as,
  type Cast,
  type Person,
  person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { recordCouponUse } from '../orders/orders-testing';
import { userGroupMembers, userGroups } from '../user-groups/user-groups.tables';
import { couponLookup } from './coupon-lookup';
import { coupons } from './coupons.tables';

// classes-testing's schedule: Saturdays 2030-01-05 … 2030-02-23, 8 sessions, plan 2000 + 3500
// per class. Priced before 2030, every session is ahead.
const PLAN_PRICE = 2000 + 8 * 3500;
const AT = new Date('2029-06-01T12:00:00Z');
const HOUR = 3_600_000;

type NewCoupon = Partial<typeof coupons.$inferInsert> & { code: string };

describe('which coupons apply (the cart lookup)', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let lookup: ReturnType<typeof couponLookup>;
  let groupId: number;
  let member: Person;
  let outsider: Person;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    lookup = couponLookup(t.database.db);
    member = await person(t, 'student', 'Mo Member');
    outsider = await person(t, 'student', 'Otto Outsider');
    const [group] = await t.database.db
      .insert(userGroups)
      .values({ name: 'Lookup group' })
      .returning({ id: userGroups.id });
    groupId = group?.id ?? 0;
    await t.database.db
      .insert(userGroupMembers)
      .values({ userGroupId: groupId, userId: member.id });
  }, 60_000);
  afterAll(() => t.close());

  async function coupon(values: NewCoupon): Promise<number> {
    const [row] = await t.database.db
      .insert(coupons)
      .values({ discountType: 'percent', discountAmount: 10, ...values })
      .returning({ id: coupons.id });
    return row?.id ?? 0;
  }
  const applied = async (code: string, userId: number | null, at: Date = AT) =>
    (await lookup([code], { userId, at })).get(code) ?? null;

  it('matches a code whatever its case and surrounding spaces, keyed by the code as asked', async () => {
    const id = await coupon({ code: 'Summer-15', discountAmount: 15 });
    const found = await lookup([' summer-15', 'SUMMER-15', 'NOPE'], { userId: null, at: AT });
    expect([...found.keys()]).toEqual([' summer-15', 'SUMMER-15']);
    expect(found.get('SUMMER-15')).toEqual({
      id,
      code: 'Summer-15',
      discountType: 'percent',
      discountAmount: 15,
      klassGroupId: null,
    });
  });

  it('applies only inside its window: from valid_from included to valid_until excluded', async () => {
    const from = new Date('2029-06-01T00:00:00Z');
    const until = new Date('2029-07-01T00:00:00Z');
    await coupon({ code: 'WINDOW', validFrom: from, validUntil: until });
    expect(await applied('WINDOW', null, new Date(from.getTime() - 1))).toBeNull();
    expect(await applied('WINDOW', null, from)).not.toBeNull();
    expect(await applied('WINDOW', null, new Date(until.getTime() - 1))).not.toBeNull();
    expect(await applied('WINDOW', null, until)).toBeNull();
  });

  it('stops applying once its uses reach the total limit; an expired hold gives its use back', async () => {
    const id = await coupon({ code: 'TWOUSES', maxRedemptions: 2 });
    await recordCouponUse(t, { couponId: id, userId: c.student.id, expiresAt: null });
    // Held by a pending order that expired before AT: no longer counts.
    await recordCouponUse(t, {
      couponId: id,
      userId: c.student.id,
      expiresAt: new Date(AT.getTime() - HOUR),
    });
    expect(await applied('TWOUSES', outsider.id)).not.toBeNull();
    // Held by a pending order until after AT: counts.
    await recordCouponUse(t, {
      couponId: id,
      userId: c.parent.id,
      expiresAt: new Date(AT.getTime() + HOUR),
    });
    expect(await applied('TWOUSES', outsider.id)).toBeNull();
    expect(await applied('TWOUSES', null)).toBeNull();
    // Once that hold expires, the use is free again.
    expect(await applied('TWOUSES', outsider.id, new Date(AT.getTime() + 2 * HOUR))).not.toBeNull();
  });

  it('stops applying for a user at their own limit, not for others, and a guest has no count', async () => {
    const id = await coupon({ code: 'ONCEEACH', maxRedemptionsPerUser: 1 });
    await recordCouponUse(t, { couponId: id, userId: c.student.id, expiresAt: null });
    expect(await applied('ONCEEACH', c.student.id)).toBeNull();
    expect(await applied('ONCEEACH', c.parent.id)).not.toBeNull();
    expect(await applied('ONCEEACH', null)).not.toBeNull();
  });

  it("applies a group's coupon for its members only, never for a guest", async () => {
    await coupon({ code: 'MEMBERS', userGroupId: groupId });
    expect(await applied('MEMBERS', member.id)).not.toBeNull();
    expect(await applied('MEMBERS', outsider.id)).toBeNull();
    expect(await applied('MEMBERS', null)).toBeNull();
  });

  it('resolves several codes in one query', async () => {
    await coupon({ code: 'MANY1' });
    await coupon({ code: 'MANY2' });
    const before = t.database.queryCount();
    const found = await lookup(['MANY1', 'many2', 'MANY3'], { userId: member.id, at: AT });
    expect(t.database.queryCount() - before).toBe(1);
    expect([...found.values()].map((x) => x.code).sort()).toEqual(['MANY1', 'MANY2']);
  });
});

describe('coupons in cart pricing', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let drawing: Awaited<ReturnType<typeof programmeWithSchedule>>;
  let comics: Awaited<ReturnType<typeof programmeWithSchedule>>;
  const webList = z.array(cartItemSchema);

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    drawing = await programmeWithSchedule(t, c, { programme: { name: 'Drawing' } });
    comics = await programmeWithSchedule(t, c, { programme: { name: 'Comics' } });
  }, 60_000);
  afterAll(() => t.close());

  const staff = (method: 'POST', url: string, payload: object) =>
    t.app.inject({ method, url, headers: as(c.teacher), payload });
  const cart = async (who: Person): Promise<CartItem[]> =>
    parseDocument(
      webList,
      (await t.app.inject({ method: 'GET', url: API.cartItems, headers: as(who) })).json(),
    );
  const guestPrice = async (items: { scheduleId: string; code: string }[]) =>
    parseDocument(
      webList,
      (
        await t.app.inject({
          method: 'GET',
          url: API.guestCartItems,
          query: {
            cart_item_params: JSON.stringify(
              items.map((i) => ({
                klass_group_schedule_id: i.scheduleId,
                number_of_attendees: 1,
                coupon_code: i.code,
                addon_ids: [],
              })),
            ),
          },
        })
      ).json(),
    );

  it('a teacher makes a group and a coupon kept for it, which prices for a member only', async () => {
    const group = await staff('POST', USER_GROUPS_API.userGroups, {
      user_group: { name: 'Scholarship' },
    });
    const groupId = group.json().data.id;
    const member = await person(t, 'student', 'Mia Member');
    const other = await person(t, 'student', 'Ned Nonmember');
    await staff('POST', USER_GROUPS_API.members(groupId), { user_ids: [String(member.id)] });
    const created = await staff('POST', COUPONS_API.coupons, {
      coupon: {
        code: 'SCHOLAR50',
        discount_type: 'percent',
        discount_amount: 50,
        user_group_id: groupId,
      },
    });
    expect(created.statusCode).toBe(201);
    for (const who of [member, other]) {
      await addToCart(t, who.id, {
        scheduleId: drawing.scheduleId,
        planId: drawing.planId,
        couponCode: 'scholar50',
      });
    }
    const [mine] = await cart(member);
    expect(mine?.coupon).toMatchObject({ code: 'SCHOLAR50', discount_type: 'percent' });
    expect(mine?.total_price).toBe(PLAN_PRICE / 2);
    const [theirs] = await cart(other);
    expect(theirs?.coupon).toBeNull();
    expect(theirs?.total_price).toBe(PLAN_PRICE);
    const [guest] = await guestPrice([{ scheduleId: drawing.scheduleId, code: 'SCHOLAR50' }]);
    expect(guest?.coupon).toBeNull();
  });

  it("discounts only the items of a coupon's programme", async () => {
    const created = await staff('POST', COUPONS_API.coupons, {
      coupon: {
        code: 'DRAW10',
        discount_type: 'fixed',
        discount_amount: 1000,
        klass_group_id: drawing.groupId,
      },
    });
    expect(created.statusCode).toBe(201);
    const items = await guestPrice([
      { scheduleId: drawing.scheduleId, code: 'DRAW10' },
      { scheduleId: comics.scheduleId, code: 'DRAW10' },
    ]);
    expect(items.map((i) => [i.total_price, i.coupon?.code ?? null])).toEqual([
      [PLAN_PRICE - 1000, 'DRAW10'],
      [PLAN_PRICE, null],
    ]);
  });
});
