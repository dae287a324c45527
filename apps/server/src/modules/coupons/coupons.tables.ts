import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { upwardKey } from '../../db/upward-key';
import { klassGroups } from '../classes/classes.tables';
import { guestCustomers } from '../customers/customers.tables';
import { userGroups } from '../user-groups/user-groups.tables';
import { users } from '../users/users.tables';

/**
 * A discount code (docs/product.md#coupons-and-user-groups). `discount_amount` is cents for
 * `fixed` and whole percent (1–100) for `percent`.
 */
export const coupons = pgTable(
  'coupons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** As staff typed it; unique whatever its case, and matched whatever the case typed. */
    code: text().notNull(),
    discountType: text('discount_type', { enum: ['percent', 'fixed'] }).notNull(),
    discountAmount: integer('discount_amount').notNull(),
    /** The window it applies in; an open end is unbounded. */
    validFrom: timestamp('valid_from', { withTimezone: true }),
    validUntil: timestamp('valid_until', { withTimezone: true }),
    /** Uses by everyone together, and by one account; null is no limit. */
    maxRedemptions: integer('max_redemptions'),
    maxRedemptionsPerUser: integer('max_redemptions_per_user'),
    /** Only members of this group may use it. A group a coupon names cannot be deleted. */
    userGroupId: integer('user_group_id').references(() => userGroups.id, {
      onDelete: 'restrict',
    }),
    /** Only this programme's schedules are discounted; the coupon goes with the programme. */
    klassGroupId: integer('klass_group_id').references(() => klassGroups.id, {
      onDelete: 'cascade',
    }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupons_code_unique').on(sql`lower(${t.code})`),
    index('coupons_user_group_idx').on(t.userGroupId),
    index('coupons_klass_group_idx').on(t.klassGroupId),
    check(
      'coupons_amount_valid',
      sql`${t.discountAmount} > 0 AND (${t.discountType} = 'fixed' OR ${t.discountAmount} <= 100)`,
    ),
    check(
      'coupons_limits_positive',
      sql`(${t.maxRedemptions} IS NULL OR ${t.maxRedemptions} > 0) AND (${t.maxRedemptionsPerUser} IS NULL OR ${t.maxRedemptionsPerUser} > 0)`,
    ),
    check(
      'coupons_window_ordered',
      sql`${t.validFrom} IS NULL OR ${t.validUntil} IS NULL OR ${t.validUntil} > ${t.validFrom}`,
    ),
  ],
);

/**
 * One order's use of a coupon. It counts against the limits while the order is pending and not
 * past `expires_at` (held), and for good once the order is paid (`expires_at` null); a cancelled
 * or expired order's row is deleted. Written under a lock on the coupon row, so a limit is never
 * exceeded whatever the concurrency. The person who used it is an account, a walk-in, or both
 * once the walk-in's history joined an account (docs/product.md#customers).
 */
export const couponRedemptions = pgTable(
  'coupon_redemptions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    couponId: integer('coupon_id')
      .notNull()
      .references(() => coupons.id, { onDelete: 'cascade' }),
    /** The account that used it; set on a walk-in's uses when their history joins an account. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The walk-in it was booked for at the desk; kept after their history joins an account. */
    guestCustomerId: integer('guest_customer_id').references(() => guestCustomers.id, {
      onDelete: 'restrict',
    }),
    orderId: integer('order_id')
      .notNull()
      .references(() => upwardKey('orders'), { onDelete: 'cascade' }),
    /** Held until then; null once the order is paid (redeemed). */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('coupon_redemptions_order_coupon_unique').on(t.orderId, t.couponId),
    index('coupon_redemptions_coupon_user_idx').on(t.couponId, t.userId),
    index('coupon_redemptions_guest_customer_idx').on(t.guestCustomerId),
    check(
      'coupon_redemptions_has_person',
      sql`${t.userId} IS NOT NULL OR ${t.guestCustomerId} IS NOT NULL`,
    ),
  ],
);
