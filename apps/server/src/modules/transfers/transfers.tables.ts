import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { klassGroupSchedules } from '../classes/classes.tables';
import { enrollments } from '../enrollments/enrollments.tables';
import { attendeeProfiles, users } from '../users/users.tables';

/**
 * A child moved from one schedule to another (docs/decisions/078-transfers.md): the enrollment
 * ended, the one made, and the price difference for the sessions ahead that went on the family's
 * ledger (signed cents: positive charged, negative credited, 0 nothing written). It goes with
 * the enrollments and the child (a deleting family's data is theirs: decision 072); the ledger
 * entry it wrote stays, as every entry does.
 */
export const enrollmentTransfers = pgTable(
  'enrollment_transfers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    fromEnrollmentId: integer('from_enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    toEnrollmentId: integer('to_enrollment_id')
      .notNull()
      .references(() => enrollments.id, { onDelete: 'cascade' }),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
    fromScheduleId: integer('from_schedule_id')
      .notNull()
      .references(() => klassGroupSchedules.id, { onDelete: 'restrict' }),
    toScheduleId: integer('to_schedule_id')
      .notNull()
      .references(() => klassGroupSchedules.id, { onDelete: 'restrict' }),
    /** The plan both sides were priced with (no key: a plan may go later, this stays). */
    planId: integer('plan_id').notNull(),
    oldValue: integer('old_value').notNull(),
    newPrice: integer('new_price').notNull(),
    difference: integer().notNull(),
    currency: text().notNull(),
    /** The family member or staff member who moved the child. */
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('enrollment_transfers_attendee_idx').on(t.attendeeProfileId, t.createdAt),
    index('enrollment_transfers_from_idx').on(t.fromEnrollmentId),
    check('enrollment_transfers_difference', sql`${t.difference} = ${t.newPrice} - ${t.oldValue}`),
    check('enrollment_transfers_schedules_differ', sql`${t.fromScheduleId} <> ${t.toScheduleId}`),
  ],
);
