import { date, index, integer, pgTable, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { klasses } from '../classes/classes.tables';
import { users } from '../users/users.tables';

/**
 * One row per class and family reminded. The unique pair is the claim: of several server processes
 * sweeping at once, only the one whose insert lands queues the mail, in the same transaction
 * (docs/architecture.md#class-reminders).
 */
export const classRemindersSent = pgTable(
  'class_reminders_sent',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    klassId: integer('klass_id')
      .notNull()
      .references(() => klasses.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('class_reminders_sent_klass_user_unique').on(t.klassId, t.userId),
    index('class_reminders_sent_user_idx').on(t.userId),
  ],
);

/** One row per family and week whose digest went out: the same claim, for weekly digests. */
export const reminderDigestsSent = pgTable(
  'reminder_digests_sent',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The Monday (in the family's zone) the digested week starts on. */
    weekStart: date('week_start', { mode: 'string' }).notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('reminder_digests_sent_user_week_unique').on(t.userId, t.weekStart)],
);
