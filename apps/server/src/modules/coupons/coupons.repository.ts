import { and, count, eq, ilike, inArray, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/like-pattern';
import { couponRedemptions, coupons } from './coupons.tables';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCouponRow = typeof coupons.$inferInsert;

/**
 * A coupon with its uses counted at an instant and the names of what it is kept for: what the
 * coupons read model answers (the names are the user-groups and classes modules' rows).
 */
export type CouponWithUses = CouponRow & {
  redeemedCount: number;
  heldCount: number;
  userGroupName: string | null;
  klassGroupName: string | null;
};

const codeFilter = (search?: string) =>
  search ? ilike(coupons.code, likePattern(search)) : undefined;

/**
 * A use counts while redeemed (`expires_at` null) or held by a pending order not yet expired
 * (decision 025): one definition for the admin counts and for the lookup.
 */
const activeUse = (at: Date): SQL =>
  sql`(r.expires_at IS NULL OR r.expires_at > ${at.toISOString()}::timestamptz)`;

// Counted in a subquery so the lookup is one query whatever the number of codes. The names are
// written out: Drizzle leaves columns unqualified in a one-table query, and an unqualified "id"
// inside a subquery would be the subquery's own.
const usesOf = (where: SQL) =>
  sql<number>`(select count(*)::int from ${couponRedemptions} r where r.coupon_id = "coupons"."id" and ${where})`;

export async function countCouponRows(db: Db, filter: { search?: string }): Promise<number> {
  const [row] = await db.select({ n: count() }).from(coupons).where(codeFilter(filter.search));
  return row?.n ?? 0;
}

export async function insertCouponRow(db: Db, values: NewCouponRow): Promise<CouponRow> {
  const [row] = await db.insert(coupons).values(values).returning();
  if (!row) throw new Error('insert returned no row');
  return row;
}

export async function updateCouponRow(
  db: Db,
  id: number,
  values: Omit<NewCouponRow, 'id' | 'createdById' | 'createdAt'>,
): Promise<CouponRow | undefined> {
  const [row] = await db
    .update(coupons)
    .set({ ...values, updatedAt: new Date() })
    .where(eq(coupons.id, id))
    .returning();
  return row;
}

export async function deleteCouponRow(db: Db, id: number): Promise<boolean> {
  const rows = await db.delete(coupons).where(eq(coupons.id, id)).returning({ id: coupons.id });
  return rows.length > 0;
}

/** A coupon whose code matches, with its active uses: what decides, with the user's groups, whether it applies now. */
export type CouponCandidateRow = CouponRow & {
  /** Active uses by everyone. */
  uses: number;
  /** Active uses by the user or walk-in (0 for a guest). */
  usesByUser: number;
};

/**
 * The coupons whose code is one of `lowerCodes` (lower-cased), with their active uses and the
 * person's (an account's, or a walk-in's at the desk): one query whatever the number of codes.
 */
export async function couponCandidates(
  db: Db,
  lowerCodes: string[],
  person: { userId: number } | { guestCustomerId: number } | null,
  at: Date,
): Promise<CouponCandidateRow[]> {
  if (lowerCodes.length === 0) return [];
  const uses = usesOf(activeUse(at));
  const usesByUser =
    person === null
      ? sql<number>`0`
      : 'userId' in person
        ? usesOf(sql`r.user_id = ${person.userId} and ${activeUse(at)}`)
        : usesOf(sql`r.guest_customer_id = ${person.guestCustomerId} and ${activeUse(at)}`);
  const rows = await db
    .select({ coupon: coupons, uses, usesByUser })
    .from(coupons)
    .where(
      and(
        sql`lower(${coupons.code}) in (${sql.join(
          lowerCodes.map((c) => sql`${c}`),
          sql`, `,
        )})`,
      ),
    );
  return rows.map((r) => ({ ...r.coupon, uses: r.uses, usesByUser: r.usesByUser }));
}

/** Group id → how many coupons are kept for it, for these groups (absent: none). */
export async function couponCountsByUserGroup(
  db: Db,
  groupIds: number[],
): Promise<Map<number, number>> {
  if (groupIds.length === 0) return new Map();
  const rows = await db
    .select({ groupId: coupons.userGroupId, n: count() })
    .from(coupons)
    .where(inArray(coupons.userGroupId, groupIds))
    .groupBy(coupons.userGroupId);
  return new Map(rows.flatMap((r) => (r.groupId === null ? [] : [[r.groupId, r.n]])));
}
