import type { Translations } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import {
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { klasses } from '../classes/classes.tables';
import { attendeeProfiles, users } from '../users/users.tables';

// Class passes and drop-ins (docs/product.md#class-passes-and-drop-ins,
// docs/decisions/076-class-passes-and-drop-ins.md).

/**
 * A pass the school sells: N visits, valid `validity_days` from purchase, in the programmes
 * listed (open studio hours, drop-in sessions). Editing it changes what is sold from then on;
 * a purchase keeps its own copy.
 */
export const passes = pgTable(
  'passes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    translations: jsonb().$type<Translations<'name'>>().notNull().default({}),
    visits: integer().notNull(),
    /** Cents. */
    price: integer().notNull(),
    validityDays: integer('validity_days').notNull(),
    /**
     * The programmes (klass_groups) whose sessions the pass books. No foreign key (an array): a
     * deleted programme's id simply matches no session any more.
     */
    klassGroupIds: integer('klass_group_ids').array().notNull().default(sql`'{}'::integer[]`),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('passes_visits_positive', sql`${t.visits} >= 1`),
    check('passes_price_nonnegative', sql`${t.price} >= 0`),
    check('passes_validity_positive', sql`${t.validityDays} >= 1`),
  ],
);

/**
 * A pass a family bought, made when its order is paid: a copy of the pass as sold, the visits
 * left (never below zero: the check and the row lock of a booking), and when it lapses. A full
 * refund of its order revokes it (its unused visits go).
 */
export const passPurchases = pgTable(
  'pass_purchases',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The family (account holder) it belongs to. */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The pass as it is on sale now; null once the school deleted it (the copy below stays). */
    passId: integer('pass_id').references(() => passes.id, { onDelete: 'set null' }),
    /** The order and order item that bought it (the orders module's rows; no key across modules up). */
    orderId: integer('order_id').notNull(),
    orderItemId: integer('order_item_id').notNull(),
    name: text().notNull(),
    translations: jsonb().$type<Translations<'name'>>().notNull().default({}),
    klassGroupIds: integer('klass_group_ids').array().notNull(),
    visits: integer().notNull(),
    visitsLeft: integer('visits_left').notNull(),
    price: integer().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('pass_purchases_order_item_unique').on(t.orderItemId),
    index('pass_purchases_user_idx').on(t.userId),
    index('pass_purchases_pass_idx').on(t.passId),
    index('pass_purchases_order_idx').on(t.orderId),
    check(
      'pass_purchases_visits_left_valid',
      sql`${t.visitsLeft} >= 0 AND ${t.visitsLeft} <= ${t.visits}`,
    ),
  ],
);

/** One visit booked with a pass: a session seat in one class; cancelled before it starts, the visit comes back. */
export const dropIns = pgTable(
  'drop_ins',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    passPurchaseId: integer('pass_purchase_id')
      .notNull()
      .references(() => passPurchases.id, { onDelete: 'cascade' }),
    klassId: integer('klass_id')
      .notNull()
      .references(() => klasses.id, { onDelete: 'cascade' }),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
    /** Who booked it (a guardian of the family); null once that account is deleted. */
    bookedById: integer('booked_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // A child drops in to a class once: the database refuses a second live booking in a race.
    uniqueIndex('drop_ins_klass_attendee_live_unique')
      .on(t.klassId, t.attendeeProfileId)
      .where(sql`${t.cancelledAt} is null`),
    index('drop_ins_purchase_idx').on(t.passPurchaseId),
    index('drop_ins_attendee_idx').on(t.attendeeProfileId),
    index('drop_ins_booked_by_idx').on(t.bookedById),
  ],
);
