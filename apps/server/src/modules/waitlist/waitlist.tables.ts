import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { upwardKey } from '../../db/upward-key';
import { users } from '../users/users.tables';

/**
 * A family waiting for seats in a full schedule (docs/product.md#waitlist). `position` orders the
 * line (staff may reorder it); one active entry per family and schedule.
 */
export const waitlistEntries = pgTable(
  'waitlist_entries',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => upwardKey('klass_group_schedules'), { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    seats: integer().notNull(),
    position: integer().notNull(),
    /** waiting → offered → booked; or left (the family), removed (staff). */
    status: text({ enum: ['waiting', 'offered', 'booked', 'left', 'removed'] })
      .notNull()
      .default('waiting'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('waitlist_entries_one_active')
      .on(t.scheduleId, t.userId)
      .where(sql`${t.status} IN ('waiting', 'offered')`),
    index('waitlist_entries_schedule_position_idx').on(t.scheduleId, t.position),
    check('waitlist_entries_seats_positive', sql`${t.seats} > 0`),
  ],
);

/**
 * Seats offered to the first waiting family that fits, held for it until `expires_at` (24 hours).
 * The hold itself is a seat_holds row naming the offer, so seats left counts it like any hold.
 */
export const waitlistOffers = pgTable(
  'waitlist_offers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    entryId: integer('entry_id')
      .notNull()
      .references(() => waitlistEntries.id, { onDelete: 'cascade' }),
    scheduleId: integer('schedule_id')
      .notNull()
      .references(() => upwardKey('klass_group_schedules'), { onDelete: 'cascade' }),
    seats: integer().notNull(),
    status: text({ enum: ['open', 'accepted', 'expired', 'declined'] })
      .notNull()
      .default('open'),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('waitlist_offers_entry_idx').on(t.entryId),
    index('waitlist_offers_status_expires_idx').on(t.status, t.expiresAt),
  ],
);
