import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { orders } from '../orders/orders.tables';
import { couponRedemptions } from './coupons.tables';

// Test helpers of the coupons module: uses of a coupon made the way checkout will make them,
// written directly (holding and redeeming for real belongs to checkout's own tests).

let counter = 0;

/**
 * Records a use of a coupon by a user's order: redeemed (`expiresAt` null, a paid order) or
 * held until `expiresAt` (a pending order). Returns the order id.
 */
export async function recordCouponUse(
  t: TestApp,
  use: { couponId: number; userId: number; expiresAt: Date | null },
): Promise<number> {
  counter += 1;
  const [order] = await t.database.db
    .insert(orders)
    .values({
      userId: use.userId,
      status: use.expiresAt === null ? 'paid' : 'pending',
      currency: 'usd',
      subtotal: 1000,
      discount: 100,
      total: 900,
      idempotencyKey: `coupon-test-${counter}-${Date.now()}`,
      expiresAt: use.expiresAt ?? new Date(),
    })
    .returning({ id: orders.id });
  if (!order) throw new Error('no order');
  await t.database.db.insert(couponRedemptions).values({
    couponId: use.couponId,
    userId: use.userId,
    orderId: order.id,
    expiresAt: use.expiresAt,
  });
  return order.id;
}
