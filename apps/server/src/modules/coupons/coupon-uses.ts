import type { Db } from '../../db/client';
import {
  type CouponPerson,
  countActiveUses,
  couponLimitsByCodes,
  deleteUsesOfOrders,
  existingCouponIds,
  insertCouponUse,
  insertRedeemedUses,
  lockCouponLimits,
  setUsesOfGuestsToUser,
  setUsesRedeemed,
} from './coupon-uses.repository';

export type { CouponPerson };

// A coupon's uses by orders (docs/architecture.md#orders-and-payments): a pending order holds a
// use until its expiry, a paid one redeems it for good, a cancelled or expired one gives it back.
// The limits are checked and the use written under a lock on the coupon row, so however many
// checkouts race for the last use, one gets it.

const personOf = (use: CouponPerson): CouponPerson =>
  'userId' in use ? { userId: use.userId } : { guestCustomerId: use.guestCustomerId };

/**
 * Holds one use of the coupon for a pending order until `expiresAt`, if the coupon's limits (all
 * uses, and this person's: an account's or, booked at the desk, a walk-in's) leave room at `at`.
 * Answers false (nothing written) when they do not, or when the coupon no longer exists. Run it
 * in the order's transaction.
 */
export async function holdCouponUse(
  db: Db,
  use: { couponId: number; orderId: number; expiresAt: Date; at: Date } & CouponPerson,
): Promise<boolean> {
  const coupon = await lockCouponLimits(db, use.couponId);
  if (!coupon) return false;
  if (
    coupon.maxRedemptions !== null &&
    (await countActiveUses(db, use.couponId, use.at)) >= coupon.maxRedemptions
  ) {
    return false;
  }
  if (
    coupon.maxRedemptionsPerUser !== null &&
    (await countActiveUses(db, use.couponId, use.at, personOf(use))) >= coupon.maxRedemptionsPerUser
  ) {
    return false;
  }
  await insertCouponUse(db, {
    couponId: use.couponId,
    userId: 'userId' in use ? use.userId : null,
    guestCustomerId: 'guestCustomerId' in use ? use.guestCustomerId : null,
    orderId: use.orderId,
    expiresAt: use.expiresAt,
  });
  return true;
}

/** The order is paid: its held uses count for good. */
export async function redeemCouponUses(db: Db, orderId: number): Promise<void> {
  await setUsesRedeemed(db, orderId);
}

/** The order was cancelled or expired: its uses count no more. */
export async function releaseCouponUses(db: Db, orderId: number): Promise<void> {
  await deleteUsesOfOrders(db, [orderId]);
}

export async function releaseCouponUsesOfOrders(db: Db, orderIds: number[]): Promise<void> {
  await deleteUsesOfOrders(db, orderIds);
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
  const rows = await couponLimitsByCodes(db, lower);
  for (const r of rows) {
    if (r.maxRedemptions !== null && (await countActiveUses(db, r.id, at)) >= r.maxRedemptions) {
      return r.code;
    }
    if (
      r.maxRedemptionsPerUser !== null &&
      (await countActiveUses(db, r.id, at, { userId })) >= r.maxRedemptionsPerUser
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
  order: { id: number; userId: number | null; guestCustomerId: number | null },
  couponIds: number[],
): Promise<void> {
  if (order.userId === null && order.guestCustomerId === null) return;
  const existing = await existingCouponIds(db, couponIds);
  await insertRedeemedUses(
    db,
    existing.map((couponId) => ({
      couponId,
      userId: order.userId,
      guestCustomerId: order.guestCustomerId,
      orderId: order.id,
    })),
  );
}

/**
 * A walk-in's history joined an account (docs/product.md#customers): their coupon uses count
 * for the account's per-person limits from now on, as their orders are the account's. Run it in
 * the transaction of the join.
 */
export async function joinGuestCouponUses(
  db: Db,
  guestCustomerIds: number[],
  userId: number,
): Promise<void> {
  await setUsesOfGuestsToUser(db, guestCustomerIds, userId);
}
