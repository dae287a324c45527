import type { CouponDiscountType } from '@atelier/contract';
import type { Db } from '../../db/client';
import { groupsOfUserAmong } from '../user-groups';
import { type CouponCandidateRow, couponCandidates } from './coupons.repository';

/**
 * A coupon as the cart prices with it: the cart module's `Coupon` (cart.resources.ts), written
 * out here so this module need not import the cart; the compiler checks the two agree where
 * app.ts hands the lookup to the cart.
 */
export type ApplicableCoupon = {
  id: number;
  code: string;
  discountType: CouponDiscountType;
  discountAmount: number;
  /** Only this programme's schedules are discounted; null: any. */
  klassGroupId: number | null;
};

/** A coupon whose code matches, with what decides whether it applies for one user now. */
export type CouponCandidate = CouponCandidateRow & {
  /** Whether the user is in the coupon's group (false for a guest or an ungrouped coupon). */
  member: boolean;
};

/**
 * The candidates with the user's membership of their groups, asked of the user-groups module in
 * one more query only when a guest is not asking and some candidate is kept for a group.
 */
async function withMembership(
  db: Db,
  rows: CouponCandidateRow[],
  userId: number | null,
): Promise<CouponCandidate[]> {
  const groupIds = rows.flatMap((r) => (r.userGroupId === null ? [] : [r.userGroupId]));
  const groups =
    userId === null || groupIds.length === 0
      ? new Set<number>()
      : await groupsOfUserAmong(db, userId, groupIds);
  return rows.map((r) => ({
    ...r,
    member: r.userGroupId !== null && groups.has(r.userGroupId),
  }));
}

/** How a code is matched: case and surrounding spaces do not matter (decision 025). */
const matchKey = (code: string) => code.trim().toLowerCase();

/**
 * Whether a coupon applies for this user at `at` (decision 025): inside its window (from
 * `valid_from` included to `valid_until` excluded), its uses (redeemed, and held by pending
 * orders not yet expired) below its limits, and, when kept for a group, the user a member. A
 * guest is never a member and has no uses of their own. The programme restriction is the
 * cart's to apply per item.
 */
export function applies(coupon: CouponCandidate, userId: number | null, at: Date): boolean {
  if (coupon.validFrom && at < coupon.validFrom) return false;
  if (coupon.validUntil && at >= coupon.validUntil) return false;
  if (coupon.maxRedemptions !== null && coupon.uses >= coupon.maxRedemptions) return false;
  if (
    userId !== null &&
    coupon.maxRedemptionsPerUser !== null &&
    coupon.usesByUser >= coupon.maxRedemptionsPerUser
  ) {
    return false;
  }
  if (coupon.userGroupId !== null && (userId === null || !coupon.member)) return false;
  return true;
}

/**
 * The cart's coupon lookup: each code asked (the key is the code as the item stored it) that
 * names a coupon applying now for this user. One query whatever the number of codes (two when
 * a signed-in user's codes name a group's coupon).
 */
export function couponLookup(db: Db) {
  return async (
    codes: string[],
    context: { userId: number | null; at: Date },
  ): Promise<Map<string, ApplicableCoupon>> => {
    const keys = [...new Set(codes.map(matchKey).filter((key) => key.length > 0))];
    const candidates = await withMembership(
      db,
      await couponCandidates(db, keys, context.userId, context.at),
      context.userId,
    );
    const byKey = new Map<string, ApplicableCoupon>();
    for (const coupon of candidates) {
      if (!applies(coupon, context.userId, context.at)) continue;
      byKey.set(matchKey(coupon.code), {
        id: coupon.id,
        code: coupon.code,
        discountType: coupon.discountType,
        discountAmount: coupon.discountAmount,
        klassGroupId: coupon.klassGroupId,
      });
    }
    const out = new Map<string, ApplicableCoupon>();
    for (const code of codes) {
      const coupon = byKey.get(matchKey(code));
      if (coupon) out.set(code, coupon);
    }
    return out;
  };
}
