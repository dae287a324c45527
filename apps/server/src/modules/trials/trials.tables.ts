import { TRIAL_BOOKING_STATUSES } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { klasses, klassGroups } from '../classes/classes.tables';
import { attendeeProfiles, users } from '../users/users.tables';

// Trial classes (docs/product.md#trial-classes, docs/decisions/077-trial-classes.md).

/**
 * A child's one trial of a programme: a seat in one class (a session seat until that class ends),
 * free or paid through the cart. Its price comes back as a credit when the child enrols in the
 * programme before `credit_until`.
 */
export const trialBookings = pgTable(
  'trial_bookings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    klassId: integer('klass_id')
      .notNull()
      .references(() => klasses.id, { onDelete: 'cascade' }),
    /** The class's programme, kept here: "once per child per programme" is an index on it. */
    klassGroupId: integer('klass_group_id')
      .notNull()
      .references(() => klassGroups.id, { onDelete: 'cascade' }),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
    /** The family account that booked it (restrict: its ledger may hold the trial's money). */
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'restrict' }),
    /** Cents, as the programme offered it when booked. */
    price: integer().notNull(),
    status: text({ enum: TRIAL_BOOKING_STATUSES }).notNull(),
    /** The order that pays a paid trial (no foreign key: orders sit above this module). */
    orderId: integer('order_id'),
    /** Enrolling in the programme until then credits the price (the class's start + the window). */
    creditUntil: timestamp('credit_until', { withTimezone: true }).notNull(),
    /** The order item whose enrollment the price was credited to, once. */
    creditedOrderItemId: integer('credited_order_item_id'),
    creditedAt: timestamp('credited_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // Once per child per programme: the database refuses a second live trial even if two
    // requests race; a cancelled one frees the child to try again.
    uniqueIndex('trial_bookings_child_programme_live_unique')
      .on(t.attendeeProfileId, t.klassGroupId)
      .where(sql`${t.status} <> 'cancelled'`),
    index('trial_bookings_klass_idx').on(t.klassId),
    index('trial_bookings_programme_idx').on(t.klassGroupId),
    index('trial_bookings_user_idx').on(t.userId),
    index('trial_bookings_order_idx').on(t.orderId),
    check('trial_bookings_price_not_negative', sql`${t.price} >= 0`),
  ],
);
