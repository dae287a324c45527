import { and, count, eq, gt, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { couponRedemptions, coupons } from './coupons.tables';

// A coupon's uses by orders: the rows coupon-uses.ts holds, redeems and gives back.

/** A use that still counts at `at`: redeemed (no expiry) or held and not past its expiry. */
const counting = (at: Date) =>
  or(isNull(couponRedemptions.expiresAt), gt(couponRedemptions.expiresAt, at));

/**
 * Whose uses a per-person limit counts: an account's (with those of the walk-ins whose history
 * joined it, which carry its id too) or one walk-in's.
 */
export type CouponPerson = { userId: number } | { guestCustomerId: number };

export const usesOfPerson = (person: CouponPerson) =>
  'userId' in person
    ? eq(couponRedemptions.userId, person.userId)
    : eq(couponRedemptions.guestCustomerId, person.guestCustomerId);

/** The uses of a coupon counting at `at`, all of them or one person's. */
export async function countActiveUses(
  db: Db,
  couponId: number,
  at: Date,
  person?: CouponPerson,
): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(couponRedemptions)
    .where(
      and(
        eq(couponRedemptions.couponId, couponId),
        person === undefined ? undefined : usesOfPerson(person),
        counting(at),
      ),
    );
  return row?.n ?? 0;
}

export type CouponLimits = {
  id: number;
  code: string;
  maxRedemptions: number | null;
  maxRedemptionsPerUser: number | null;
};

const limitColumns = {
  id: coupons.id,
  code: coupons.code,
  maxRedemptions: coupons.maxRedemptions,
  maxRedemptionsPerUser: coupons.maxRedemptionsPerUser,
};

/** Locks the coupon's row until the transaction ends and answers its limits. */
export async function lockCouponLimits(
  db: Db,
  couponId: number,
): Promise<CouponLimits | undefined> {
  const [row] = await db
    .select(limitColumns)
    .from(coupons)
    .where(eq(coupons.id, couponId))
    .for('update');
  return row;
}

/** The limits of the coupons with these codes (lower-cased). */
export function couponLimitsByCodes(db: Db, lowerCodes: string[]): Promise<CouponLimits[]> {
  return db
    .select(limitColumns)
    .from(coupons)
    .where(inArray(sql`lower(${coupons.code})`, lowerCodes));
}

export async function existingCouponIds(db: Db, couponIds: number[]): Promise<number[]> {
  if (couponIds.length === 0) return [];
  const rows = await db
    .select({ id: coupons.id })
    .from(coupons)
    .where(inArray(coupons.id, couponIds));
  return rows.map((r) => r.id);
}

export async function insertCouponUse(
  db: Db,
  row: {
    couponId: number;
    userId: number | null;
    guestCustomerId: number | null;
    orderId: number;
    expiresAt: Date;
  },
): Promise<void> {
  await db.insert(couponRedemptions).values(row);
}

/** Redeemed uses of an order; a use it already has stays as it is. */
export async function insertRedeemedUses(
  db: Db,
  rows: {
    couponId: number;
    userId: number | null;
    guestCustomerId: number | null;
    orderId: number;
  }[],
): Promise<void> {
  if (rows.length === 0) return;
  await db.insert(couponRedemptions).values(rows).onConflictDoNothing();
}

export async function setUsesRedeemed(db: Db, orderId: number): Promise<void> {
  await db
    .update(couponRedemptions)
    .set({ expiresAt: null })
    .where(eq(couponRedemptions.orderId, orderId));
}

export async function deleteUsesOfOrders(db: Db, orderIds: number[]): Promise<void> {
  if (orderIds.length === 0) return;
  await db.delete(couponRedemptions).where(inArray(couponRedemptions.orderId, orderIds));
}

/** The walk-ins' uses become the account's too (their walk-in stays named on them). */
export async function setUsesOfGuestsToUser(
  db: Db,
  guestCustomerIds: number[],
  userId: number,
): Promise<void> {
  if (guestCustomerIds.length === 0) return;
  await db
    .update(couponRedemptions)
    .set({ userId })
    .where(
      and(
        inArray(couponRedemptions.guestCustomerId, guestCustomerIds),
        isNull(couponRedemptions.userId),
      ),
    );
}
