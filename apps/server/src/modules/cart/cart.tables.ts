import { CART_ITEM_KINDS } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import {
  klasses,
  klassGroupScheduleAddons,
  klassGroupSchedulePlans,
  klassGroupSchedules,
} from '../classes/classes.tables';
import { passes } from '../passes/passes.tables';
import { attendeeProfiles, users } from '../users/users.tables';

/**
 * A signed-in user's item not yet ordered, of one kind (docs/decisions/076-class-passes-and-drop-ins.md):
 * an `enrollment` books one schedule, priced with one of the plans the schedule offers; a `pass`
 * buys one class pass for the family; a `trial` buys one child's paid trial of one class
 * (docs/decisions/077-trial-classes.md), its child the item's one attendee. Each kind fills its own columns (the check below). Prices are not stored: every read prices the item (docs/architecture.md#domain-model), so a cart never
 * shows a stale price. The commerce issue adds items and turns them into orders.
 */
export const cartItems = pgTable(
  'cart_items',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    kind: text({ enum: CART_ITEM_KINDS }).notNull().default('enrollment'),
    /** An enrollment's schedule and plan; null for other kinds. */
    klassGroupScheduleId: integer('klass_group_schedule_id').references(
      () => klassGroupSchedules.id,
      { onDelete: 'cascade' },
    ),
    planId: integer('plan_id'),
    /** A pass item's pass; the item goes when the school deletes the pass. */
    passId: integer('pass_id').references(() => passes.id, { onDelete: 'cascade' }),
    /** A trial item's class; the item goes with the class. */
    klassId: integer('klass_id').references(() => klasses.id, { onDelete: 'cascade' }),
    numberOfAttendees: integer('number_of_attendees').notNull(),
    /** As the user typed it; resolved to a coupon (or to nothing) each time the item is priced. */
    couponCode: text('coupon_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // One item per schedule in a cart (the guest cart is matched by schedule too): adding a
    // schedule again changes the item that is there.
    uniqueIndex('cart_items_user_schedule_unique').on(t.userId, t.klassGroupScheduleId),
    // The plan must be one the schedule offers: when the schedule stops offering it, the item
    // goes (its price no longer exists). Also covers the schedule foreign key's lookups.
    foreignKey({
      name: 'cart_items_schedule_plan_fk',
      columns: [t.klassGroupScheduleId, t.planId],
      foreignColumns: [klassGroupSchedulePlans.scheduleId, klassGroupSchedulePlans.planId],
    }).onDelete('cascade'),
    index('cart_items_schedule_plan_idx').on(t.klassGroupScheduleId, t.planId),
    check('cart_items_attendees_positive', sql`${t.numberOfAttendees} >= 1`),
    // One pass item per pass in a cart: adding it again changes nothing.
    uniqueIndex('cart_items_user_pass_unique').on(t.userId, t.passId),
    index('cart_items_pass_idx').on(t.passId),
    index('cart_items_klass_idx').on(t.klassId),
    check(
      'cart_items_kind_columns',
      sql`(${t.kind} = 'enrollment' AND ${t.klassGroupScheduleId} IS NOT NULL AND ${t.planId} IS NOT NULL AND ${t.passId} IS NULL AND ${t.klassId} IS NULL) OR (${t.kind} = 'pass' AND ${t.passId} IS NOT NULL AND ${t.klassGroupScheduleId} IS NULL AND ${t.planId} IS NULL AND ${t.klassId} IS NULL) OR (${t.kind} = 'trial' AND ${t.klassId} IS NOT NULL AND ${t.klassGroupScheduleId} IS NULL AND ${t.planId} IS NULL AND ${t.passId} IS NULL AND ${t.numberOfAttendees} = 1)`,
    ),
  ],
);

/** The attendees (family members) a cart item books; when chosen, as many as number_of_attendees. */
export const cartItemAttendeeProfiles = pgTable(
  'cart_item_attendee_profiles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cartItemId: integer('cart_item_id')
      .notNull()
      .references(() => cartItems.id, { onDelete: 'cascade' }),
    attendeeProfileId: integer('attendee_profile_id').notNull(),
  },
  (t) => [
    // Named here: the generated name is longer than PostgreSQL's 63-character identifiers.
    foreignKey({
      name: 'cart_item_attendee_profiles_profile_fk',
      columns: [t.attendeeProfileId],
      foreignColumns: [attendeeProfiles.id],
    }).onDelete('cascade'),
    uniqueIndex('cart_item_attendee_profiles_unique').on(t.cartItemId, t.attendeeProfileId),
    index('cart_item_attendee_profiles_profile_idx').on(t.attendeeProfileId),
  ],
);

/** The add-ons chosen for a cart item: each is charged once per attendee. */
export const cartItemAddons = pgTable(
  'cart_item_addons',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    cartItemId: integer('cart_item_id')
      .notNull()
      .references(() => cartItems.id, { onDelete: 'cascade' }),
    addonId: integer('addon_id')
      .notNull()
      .references(() => klassGroupScheduleAddons.id, { onDelete: 'cascade' }),
  },
  (t) => [
    uniqueIndex('cart_item_addons_unique').on(t.cartItemId, t.addonId),
    index('cart_item_addons_addon_idx').on(t.addonId),
  ],
);
