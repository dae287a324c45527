import {
  COUPON_MESSAGES,
  type CouponDocument,
  type CouponIncludedResource,
  type CouponListDocument,
  type CouponResource,
  listDocument,
  type ParsedCouponFields,
  resourceDocument,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow } from '../../lib/http';
import { isForeignKeyViolation, isUniqueViolation, pgConstraint } from '../../lib/pg-errors';
import {
  type CouponWithUses,
  countCouponRows,
  couponCountsByUserGroup,
  deleteCouponRow,
  insertCouponRow,
  type NewCouponRow,
  updateCouponRow,
} from './coupons.repository';

/**
 * The coupons as staff see them, each with the names of its user group and programme: the coupons
 * read model's queries (those names are other modules' rows), handed over by app.ts.
 */
export type CouponsReads = {
  /** A page of coupons by code, with their uses counted at `at`. */
  couponPage(
    db: Db,
    filter: { search?: string },
    window: { offset: number; limit: number },
    at: Date,
  ): Promise<CouponWithUses[]>;
  couponById(db: Db, id: number, at: Date): Promise<CouponWithUses | undefined>;
};

/** What the coupons services need from the app. */
export type CouponsContext = {
  db: Db;
  /** The clock: held uses count until their order's hold expires. */
  now: () => Date;
  /** Reads across other modules' tables (the coupons read model), handed over by app.ts. */
  reads: CouponsReads;
};

const ref = <T extends string>(type: T, id: number) => ({ type, id: String(id) });

function couponResource(row: CouponWithUses): CouponResource {
  return {
    id: String(row.id),
    type: 'coupons',
    attributes: {
      code: row.code,
      discount_type: row.discountType,
      discount_amount: row.discountAmount,
      valid_from: row.validFrom?.toISOString() ?? null,
      valid_until: row.validUntil?.toISOString() ?? null,
      max_redemptions: row.maxRedemptions,
      max_redemptions_per_user: row.maxRedemptionsPerUser,
      redeemed_count: row.redeemedCount,
      held_count: row.heldCount,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
    },
    relationships: {
      user_group: { data: row.userGroupId === null ? null : ref('user_groups', row.userGroupId) },
      klass_group: {
        data: row.klassGroupId === null ? null : ref('klass_groups', row.klassGroupId),
      },
    },
  };
}

function includedOf(row: CouponWithUses): CouponIncludedResource[] {
  const out: CouponIncludedResource[] = [];
  if (row.userGroupId !== null && row.userGroupName !== null) {
    out.push({
      ...ref('user_groups', row.userGroupId),
      attributes: { name: row.userGroupName },
    });
  }
  if (row.klassGroupId !== null && row.klassGroupName !== null) {
    out.push({
      ...ref('klass_groups', row.klassGroupId),
      attributes: { name: row.klassGroupName },
    });
  }
  return out;
}

async function couponDocument(ctx: CouponsContext, id: number): Promise<CouponDocument> {
  const row = await ctx.reads.couponById(ctx.db, id, ctx.now());
  if (!row) throw notFound('Coupon');
  return resourceDocument(couponResource(row), includedOf(row));
}

export async function listCoupons(
  ctx: CouponsContext,
  query: { page: number; search?: string },
): Promise<CouponListDocument> {
  const filter = { search: query.search || undefined };
  const [total, rows] = await Promise.all([
    countCouponRows(ctx.db, filter),
    ctx.reads.couponPage(ctx.db, filter, pageWindow(query.page), ctx.now()),
  ]);
  return listDocument(
    rows.map(couponResource),
    pageMeta(query.page, total),
    rows.flatMap(includedOf),
  );
}

export function getCoupon(ctx: CouponsContext, id: number): Promise<CouponDocument> {
  return couponDocument(ctx, id);
}

function columnsOf(fields: ParsedCouponFields): Omit<NewCouponRow, 'id' | 'createdById'> {
  return {
    code: fields.code,
    discountType: fields.discount_type,
    discountAmount: fields.discount_amount,
    validFrom: fields.valid_from ? new Date(fields.valid_from) : null,
    validUntil: fields.valid_until ? new Date(fields.valid_until) : null,
    maxRedemptions: fields.max_redemptions,
    maxRedemptionsPerUser: fields.max_redemptions_per_user,
    userGroupId: fields.user_group_id,
    klassGroupId: fields.klass_group_id,
  };
}

/**
 * The database decides what the request cannot know race-free: a code taken whatever its case
 * (the unique index on lower(code)), a group or programme that does not exist or was just
 * deleted (the foreign keys). Each is a field message, never a 500.
 */
async function checkedWrite<T>(write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) {
      throw new ValidationError([{ field: 'code', detail: COUPON_MESSAGES.codeTaken }]);
    }
    if (isForeignKeyViolation(error)) {
      const constraint = pgConstraint(error) ?? '';
      if (constraint.includes('user_group')) {
        throw new ValidationError([
          { field: 'user_group_id', detail: COUPON_MESSAGES.unknownUserGroup },
        ]);
      }
      if (constraint.includes('klass_group')) {
        throw new ValidationError([
          { field: 'klass_group_id', detail: COUPON_MESSAGES.unknownKlassGroup },
        ]);
      }
    }
    throw error;
  }
}

export async function createCoupon(
  ctx: CouponsContext,
  fields: ParsedCouponFields,
  createdById: number,
): Promise<CouponDocument> {
  const row = await checkedWrite(() =>
    insertCouponRow(ctx.db, { ...columnsOf(fields), createdById }),
  );
  return couponDocument(ctx, row.id);
}

/** PUT: every field is replaced; uses already made or held stay. */
export async function updateCoupon(
  ctx: CouponsContext,
  id: number,
  fields: ParsedCouponFields,
): Promise<CouponDocument> {
  const row = await checkedWrite(() => updateCouponRow(ctx.db, id, columnsOf(fields)));
  if (!row) throw notFound('Coupon');
  return couponDocument(ctx, id);
}

/**
 * Deleting a coupon deletes its uses (their orders keep the code and discount in their item
 * snapshots), so a code can be retired at once.
 */
export async function deleteCoupon(ctx: CouponsContext, id: number): Promise<void> {
  if (!(await deleteCouponRow(ctx.db, id))) throw notFound('Coupon');
}

/** Group id → how many coupons are kept for it: the user-groups module shows and guards it. */
export function couponsPerUserGroup(
  ctx: Pick<CouponsContext, 'db'>,
  groupIds: number[],
): Promise<Map<number, number>> {
  return couponCountsByUserGroup(ctx.db, groupIds);
}
