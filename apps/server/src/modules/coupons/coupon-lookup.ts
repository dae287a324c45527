import { COUPON_MESSAGES, type CouponDiscountType, type CouponRefusal } from '@atelier/contract';
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
  return refusalOf(coupon, userId !== null, at) === null;
}

/**
 * Why a coupon does not apply at `at` (null: it does), for a person with uses of their own (an
 * account or a walk-in) or not (a guest). Group membership is the candidate's `member`.
 */
function refusalOf(coupon: CouponCandidate, hasUses: boolean, at: Date): CouponRefusal | null {
  if (coupon.validFrom && at < coupon.validFrom) return 'notYetValid';
  if (coupon.validUntil && at >= coupon.validUntil) return 'expired';
  if (coupon.maxRedemptions !== null && coupon.uses >= coupon.maxRedemptions) return 'usedUp';
  if (
    hasUses &&
    coupon.maxRedemptionsPerUser !== null &&
    coupon.usesByUser >= coupon.maxRedemptionsPerUser
  ) {
    return 'usedUpByPerson';
  }
  if (coupon.userGroupId !== null && !coupon.member) return 'groupOnly';
  return null;
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
      await couponCandidates(
        db,
        keys,
        context.userId === null ? null : { userId: context.userId },
        context.at,
      ),
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

/**
 * A code typed at the desk for a walk-in (docs/product.md#customers), by the cart's rules with the
 * walk-in as the person: their own uses count for the per-person limit, and a walk-in is in no
 * user group, so the staff member's groups never lower their price. Unlike the cart, the answer
 * says why a code does not apply: staff, not the public, are asking.
 */
export async function walkInCoupon(
  db: Db,
  code: string,
  booking: { guestCustomerId: number; klassGroupId: number; at: Date },
): Promise<{ coupon: ApplicableCoupon } | { refusal: string }> {
  const key = matchKey(code);
  const [found] = await couponCandidates(
    db,
    key ? [key] : [],
    { guestCustomerId: booking.guestCustomerId },
    booking.at,
  );
  if (!found) return { refusal: COUPON_MESSAGES.unknownCode };
  const refusal =
    refusalOf({ ...found, member: false }, true, booking.at) ??
    (found.klassGroupId !== null && found.klassGroupId !== booking.klassGroupId
      ? 'notForClass'
      : null);
  if (refusal) return { refusal: COUPON_MESSAGES[refusal] };
  return {
    coupon: {
      id: found.id,
      code: found.code,
      discountType: found.discountType,
      discountAmount: found.discountAmount,
      klassGroupId: found.klassGroupId,
    },
  };
}
