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
  if (coupon.maxRedemptions !== null) {
    const [all] = await db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, use.couponId), counting(use.at)));
    if ((all?.n ?? 0) >= coupon.maxRedemptions) return false;
  }
  if (coupon.maxRedemptionsPerUser !== null) {
    const [mine] = await db
      .select({ n: count() })
      .from(couponRedemptions)
      .where(
        and(
          eq(couponRedemptions.couponId, use.couponId),
          eq(couponRedemptions.userId, use.userId),
          counting(use.at),
        ),
      );
    if ((mine?.n ?? 0) >= coupon.maxRedemptionsPerUser) return false;
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
      code: coupons.code,
      maxRedemptions: coupons.maxRedemptions,
      maxRedemptionsPerUser: coupons.maxRedemptionsPerUser,
      uses: sql<number>`(select count(*)::int from ${couponRedemptions} r where r.coupon_id = ${coupons.id} and (r.expires_at is null or r.expires_at > ${at}))`,
      usesByUser: sql<number>`(select count(*)::int from ${couponRedemptions} r where r.coupon_id = ${coupons.id} and r.user_id = ${userId} and (r.expires_at is null or r.expires_at > ${at}))`,
    })
    .from(coupons)
    .where(inArray(sql`lower(${coupons.code})`, lower));
  const usedUp = rows.find(
    (r) =>
      (r.maxRedemptions !== null && r.uses >= r.maxRedemptions) ||
      (r.maxRedemptionsPerUser !== null && r.usesByUser >= r.maxRedemptionsPerUser),
  );
  return usedUp?.code ?? null;
}
