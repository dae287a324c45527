import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { person } from '../classes/classes-testing';
import { orders } from '../orders/orders.tables';
import { insertCoupon } from '../orders/orders-testing';
import {
  holdCouponUse,
  redeemCouponUses,
  releaseCouponUses,
  usedUpCouponCode,
} from './coupon-uses';
import { couponRedemptions } from './coupons.tables';

describe('coupon uses', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  const at = new Date('2030-01-01T12:00:00Z');
  const later = new Date(at.getTime() + 15 * 60_000);
  beforeAll(async () => {
    t = await createTestApp();
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  let n = 0;
  async function orderOf(userId: number): Promise<number> {
    const [row] = await t.database.db
      .insert(orders)
      .values({
        userId,
        currency: 'USD',
        subtotal: 100,
        discount: 10,
        total: 90,
        idempotencyKey: `uses-${++n}`,
        expiresAt: later,
      })
      .returning({ id: orders.id });
    return row?.id ?? 0;
  }

  it('holds a use while the limits, in all and per account, leave room; a released use frees it', async () => {
    const couponId = await insertCoupon(t.database.db, {
      code: 'TWICE',
      maxRedemptions: 2,
      maxRedemptionsPerUser: 1,
    });
    const [a, b, c] = await Promise.all(['A', 'B', 'C'].map((x) => person(t, 'student', x)));
    if (!a || !b || !c) throw new Error('no people');
    const hold = async (userId: number) => {
      const orderId = await orderOf(userId);
      const held = await t.app.db.transaction((tx) =>
        holdCouponUse(tx, { couponId, userId, orderId, expiresAt: later, at }),
      );
      return { orderId, held };
    };
    expect((await hold(a.id)).held).toBe(true);
    expect((await hold(a.id)).held).toBe(false); // one per account
    const ofB = await hold(b.id);
    expect(ofB.held).toBe(true);
    expect((await hold(c.id)).held).toBe(false); // two in all
    expect(await usedUpCouponCode(t.app.db, ['twice'], c.id, at)).toBe('TWICE');

    await releaseCouponUses(t.app.db, ofB.orderId);
    expect(await usedUpCouponCode(t.app.db, ['twice'], c.id, at)).toBeNull();
    expect((await hold(c.id)).held).toBe(true);
    expect(
      await t.database.db
        .select()
        .from(couponRedemptions)
        .where(eq(couponRedemptions.couponId, couponId)),
    ).toHaveLength(2);
  });

  it('a held use counts until it expires; a redeemed one for good', async () => {
    const couponId = await insertCoupon(t.database.db, { code: 'ONCE', maxRedemptions: 1 });
    const buyer = await person(t, 'student', 'D');
    const first = await orderOf(buyer.id);
    const other = await person(t, 'student', 'E');
    const use = (orderId: number, userId: number, when: Date) =>
      t.app.db.transaction((tx) =>
        holdCouponUse(tx, { couponId, userId, orderId, expiresAt: later, at: when }),
      );
    expect(await use(first, buyer.id, at)).toBe(true);
    expect(await use(await orderOf(other.id), other.id, at)).toBe(false);
    // Past the hold, the use no longer counts.
    const afterHold = new Date(later.getTime() + 1);
    const second = await orderOf(other.id);
    expect(await use(second, other.id, afterHold)).toBe(true);
    await redeemCouponUses(t.app.db, second);
    const farLater = new Date(afterHold.getTime() + 24 * 3600_000);
    expect(await use(await orderOf(buyer.id), buyer.id, farLater)).toBe(false);
  });

  it('refuses a coupon that does not exist', async () => {
    const buyer = await person(t, 'student', 'F');
    const orderId = await orderOf(buyer.id);
    expect(
      await t.app.db.transaction((tx) =>
        holdCouponUse(tx, { couponId: 999_999, userId: buyer.id, orderId, expiresAt: later, at }),
      ),
    ).toBe(false);
  });
});
