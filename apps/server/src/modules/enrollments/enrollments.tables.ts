import { ENROLLMENT_STATUSES } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { upwardKey } from '../../db/upward-key';
import { attendeeProfiles, users } from '../users/users.tables';

// Seats are taken by holds (an unpaid order keeps its seats for 15 minutes) and by enrollments
// (a paid order's attendees). The commerce issue adds orders and fills these; the classes module
// already counts them in seats left. Minimal on purpose: commerce extends them.

/** Seats kept for a pending order until `expires_at`; expired holds count for nothing. */
export const seatHolds = pgTable(
  'seat_holds',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => upwardKey('klass_group_schedules'), { onDelete: 'cascade' }),
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The pending order holding the seats; its holds go when it is paid, cancelled or expired. */
    orderId: integer('order_id').references(() => upwardKey('orders'), { onDelete: 'cascade' }),
    /** The waitlist offer holding the seats for a family (docs/product.md#waitlist). */
    waitlistOfferId: integer('waitlist_offer_id').references(() => upwardKey('waitlist_offers'), {
      onDelete: 'cascade',
    }),
    /**
     * Set on a session seat: a hold of no order and no offer, kept by a booking of one session
     * (a make-up, 'makeup:<booking id>') until that session ends. It counts against the whole
     * schedule, as a new enrollee attends that session too (docs/decisions/074-absences-and-make-ups.md).
     * Its booking releases it by this key; order and offer sweeps never touch it.
     */
    sessionSeatKey: text('session_seat_key'),
    seats: integer().notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('seat_holds_schedule_expires_idx').on(t.scheduleId, t.expiresAt),
    index('seat_holds_user_idx').on(t.userId),
    index('seat_holds_order_idx').on(t.orderId),
    check('seat_holds_seats_positive', sql`${t.seats} > 0`),
    uniqueIndex('seat_holds_session_seat_key_unique')
      .on(t.sessionSeatKey)
      .where(sql`${t.sessionSeatKey} is not null`),
    // A session seat belongs to its booking alone: an order's or an offer's sweep never frees it.
    check(
      'seat_holds_session_seat_alone',
      sql`${t.sessionSeatKey} is null or (${t.orderId} is null and ${t.waitlistOfferId} is null)`,
    ),
  ],
);

/**
 * An attendee enrolled in a schedule. Restrict on both sides: a schedule or an attendee profile
 * with enrollments is history (orders point at it) and is archived, not deleted.
 */
export const enrollments = pgTable(
  'enrollments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => upwardKey('klass_group_schedules'), { onDelete: 'restrict' }),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'restrict' }),
    /** The paid order item that enrolled the attendee (null for enrollments made before orders). */
    orderItemId: integer('order_item_id').references(() => upwardKey('order_items'), {
      onDelete: 'restrict',
    }),
    /**
     * The enrollment covers the sessions starting at or after this instant: when its order was
     * placed, so a child booked mid-term is on no roll from before (docs/product.md#attendance).
     * Null (an enrollment made by hand): from the schedule's first session.
     */
    enrolledFrom: timestamp('enrolled_from', { withTimezone: true }),
    /**
     * `cancelled` (refunded) and `moved` (the child went to another schedule:
     * docs/decisions/078-transfers.md) enrollments free their seat but stay on record.
     */
    status: text({ enum: ENROLLMENT_STATUSES }).notNull().default('active'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enrollments_schedule_idx').on(t.scheduleId),
    index('enrollments_attendee_idx').on(t.attendeeProfileId),
    index('enrollments_order_item_idx').on(t.orderItemId),
    uniqueIndex('enrollments_one_active_per_attendee')
      .on(t.scheduleId, t.attendeeProfileId)
      .where(sql`${t.status} = 'active'`),
  ],
);
