import { asc, eq, ilike, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { likePattern } from '../../lib/like-pattern';
import { klassGroups } from '../../modules/classes/classes.tables';
import type { CouponWithUses } from '../../modules/coupons';
import { couponRedemptions, coupons } from '../../modules/coupons/coupons.tables';
import { userGroups } from '../../modules/user-groups/user-groups.tables';

// The staff's coupon list and one coupon, with the names of the user group and the programme each
// is kept for joined in: a page is one query whatever its size (docs/architecture.md#read-models).

const codeFilter = (search?: string) =>
  search ? ilike(coupons.code, likePattern(search)) : undefined;

// Counted in subqueries. The names are written out: Drizzle leaves columns unqualified in a
// one-table query, and an unqualified "id" inside a subquery would be the subquery's own.
const usesOf = (where: SQL) =>
  sql<number>`(select count(*)::int from ${couponRedemptions} r where r.coupon_id = "coupons"."id" and ${where})`;
const withUses = (at: Date) => ({
  coupon: coupons,
  redeemedCount: usesOf(sql`r.expires_at is null`),
  heldCount: usesOf(sql`r.expires_at > ${at.toISOString()}::timestamptz`),
  userGroupName: userGroups.name,
  klassGroupName: klassGroups.name,
});

function baseQuery(db: Db, at: Date) {
  return db
    .select(withUses(at))
    .from(coupons)
    .leftJoin(userGroups, eq(userGroups.id, coupons.userGroupId))
    .leftJoin(klassGroups, eq(klassGroups.id, coupons.klassGroupId));
}

type Joined = Awaited<ReturnType<ReturnType<typeof baseQuery>['execute']>>[number];
const flatten = (row: Joined): CouponWithUses => ({
  ...row.coupon,
  redeemedCount: row.redeemedCount,
  heldCount: row.heldCount,
  userGroupName: row.userGroupName,
  klassGroupName: row.klassGroupName,
});

/** A page of coupons by code (case folded), those whose code contains `search` when given. */
export async function couponPage(
  db: Db,
  filter: { search?: string },
  page: { offset: number; limit: number },
  at: Date,
): Promise<CouponWithUses[]> {
  const rows = await baseQuery(db, at)
    .where(codeFilter(filter.search))
    .orderBy(asc(sql`lower(${coupons.code})`), asc(coupons.id))
    .limit(page.limit)
    .offset(page.offset);
  return rows.map(flatten);
}

export async function couponById(
  db: Db,
  id: number,
  at: Date,
): Promise<CouponWithUses | undefined> {
  const [row] = await baseQuery(db, at).where(eq(coupons.id, id));
  return row ? flatten(row) : undefined;
}
