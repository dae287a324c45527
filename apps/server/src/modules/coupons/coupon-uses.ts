import { and, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { couponRedemptions, coupons } from './coupons.tables';

// A coupon's uses by orders (docs/architecture.md#orders-and-payments): a pending order holds a
// use until its expiry, a paid one redeems it for good, a cancelled or expired one gives it back.
// The limits are checked and the use written under a lock on the coupon row, so however many
// checkouts race for the last use, one gets it.

/** A use that still counts at `at`: redeemed (no expiry) or held and not past its expiry. */
const counting = (at: Date) =>
  or(isNull(couponRedemptions.expiresAt), gt(couponRedemptions.expiresAt, at));

/** The uses of a coupon counting at `at`, all of them or one account's. */
async function activeUses(db: Db, couponId: number, at: Date, userId?: number): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        userId === undefined ? undefined : eq(couponRedemptions.userId, userId),
        counting(at),
      ),
    );
  return row?.n ?? 0;
}

/**
 * Holds one use of the coupon for a pending order until `expiresAt`, if the coupon's limits (all
 * uses, and this user's) leave room at `at`. Answers false (nothing written) when they do not, or
 * when the coupon no longer exists. Run it in the order's transaction.
 */
export async function holdCouponUse(
  db: Db,
  use: { couponId: number; userId: number; orderId: number; expiresAt: Date; at: Date },
): Promise<boolean> {
  const [coupon] = await db
    .select({
      maxRedemptions: coupons.maxRedemptions,
      maxRedemptionsPerUser: coupons.maxRedemptionsPerUser,
    })
    .from(coupons)
    .where(eq(coupons.id, use.couponId))
    .for('update');
  if (!coupon) return false;
  if (
    coupon.maxRedemptions !== null &&
    (await activeUses(db, use.couponId, use.at)) >= coupon.maxRedemptions
  ) {
    return false;
  }
  if (
    coupon.maxRedemptionsPerUser !== null &&
    (await activeUses(db, use.couponId, use.at, use.userId)) >= coupon.maxRedemptionsPerUser
  ) {
    return false;
  }
  await db.insert(couponRedemptions).values({
    couponId: use.couponId,
    userId: use.userId,
    orderId: use.orderId,
    expiresAt: use.expiresAt,
  });
  return true;
}

/** The order is paid: its held uses count for good. */
export async function redeemCouponUses(db: Db, orderId: number): Promise<void> {
  await db
    .update(couponRedemptions)
    .set({ expiresAt: null })
    .where(eq(couponRedemptions.orderId, orderId));
}

/** The order was cancelled or expired: its uses count no more. */
export async function releaseCouponUses(db: Db, orderId: number): Promise<void> {
  await db.delete(couponRedemptions).where(eq(couponRedemptions.orderId, orderId));
}

export async function releaseCouponUsesOfOrders(db: Db, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.delete(couponRedemptions).where(inArray(couponRedemptions.orderId, orderIds));
}

/**
 * Of these codes (as typed, any case), the stored code of the first coupon whose limits its uses
 * have reached at `at`, all uses or this user's; null when none has. Checkout asks it about codes
 * that no longer price: the buyer hears that the coupon is used up rather than paying in full
 * unawares.
 */
export async function usedUpCouponCode(
  db: Db,
  codes: string[],
  userId: number,
  at: Date,
): Promise<string | null> {
  const lower = [...new Set(codes.map((c) => c.trim().toLowerCase()))].filter((c) => c.length > 0);
  if (lower.length === 0) return null;
  const rows = await db
    .select({
      id: coupons.id,
      code: coupons.code,
      maxRedemptions: coupons.maxRedemptions,
      maxRedemptionsPerUser: coupons.maxRedemptionsPerUser,
    })
    .from(coupons)
    .where(inArray(sql`lower(${coupons.code})`, lower));
  for (const r of rows) {
    if (r.maxRedemptions !== null && (await activeUses(db, r.id, at)) >= r.maxRedemptions) {
      return r.code;
    }
    if (
      r.maxRedemptionsPerUser !== null &&
      (await activeUses(db, r.id, at, userId)) >= r.maxRedemptionsPerUser
    ) {
      return r.code;
    }
  }
  return null;
}

/**
 * An order paid after its held uses were given back (it had expired or been cancelled) still got
 * the discount: its uses count again, redeemed, whatever the limits say by now. A coupon deleted
 * meanwhile is skipped.
 */
export async function reinstateRedeemedUses(
  db: Db,
  order: { id: number; userId: number | null },
  couponIds: number[],
): Promise<void> {
  // A walk-in's order (no account) takes no coupon use (docs/product.md#customers).
  if (order.userId === null) return;
  const userId = order.userId;
  const existing = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(inArray(coupons.id, couponIds.length > 0 ? couponIds : [0]));
  if (existing.length === 0) return;
  await db
    .insert(couponRedemptions)
    .values(existing.map((c) => ({ couponId: c.id, userId, orderId: order.id })))
    .onConflictDoNothing();
}
