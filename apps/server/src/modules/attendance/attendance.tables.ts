import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { klasses } from '../classes/classes.tables';
import { attendeeProfiles, users } from '../users/users.tables';

/**
 * Whether an enrolled attendee came to a session (docs/product.md#attendance): one row per session
 * and attendee, written by the session's teacher or an admin; no row means not marked yet.
 */
export const attendances = pgTable(
  'attendances',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    klassId: integer('klass_id')
      .notNull()
      .references(() => klasses.id, { onDelete: 'cascade' }),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
    status: text({ enum: ['present', 'absent', 'late'] }).notNull(),
    /** Who marked it last; null once that account is deleted. */
    markedById: integer('marked_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('attendances_klass_attendee_unique').on(t.klassId, t.attendeeProfileId),
    index('attendances_attendee_idx').on(t.attendeeProfileId),
    index('attendances_marked_by_idx').on(t.markedById),
  ],
);
