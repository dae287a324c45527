import { sql } from 'drizzle-orm';
import { check, index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { klasses, klassGroupSchedules } from '../classes/classes.tables';
import { users } from '../users/users.tables';

/**
 * A class message a teacher or an admin sent (docs/product.md#class-messages): to everyone enrolled
 * in a schedule, in one session, or to chosen families. The audience is resolved to recipients
 * when it is sent; a later enrollment does not receive an old message.
 */
export const messages = pgTable(
  'messages',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Null once the sender's account is deleted: the families keep what they were told. */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    audience: text({ enum: ['schedule', 'klass', 'users'] }).notNull(),
    scheduleId: integer('schedule_id').references(() => klassGroupSchedules.id, {
      onDelete: 'set null',
    }),
    klassId: integer('klass_id').references(() => klasses.id, { onDelete: 'set null' }),
    title: text().notNull(),
    body: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('messages_sender_created_idx').on(t.senderId, t.createdAt),
    index('messages_schedule_idx').on(t.scheduleId),
    index('messages_klass_idx').on(t.klassId),
    check('messages_title_not_blank', sql`length(trim(${t.title})) > 0`),
  ],
);

/** Who a message went to, and when each recipient read it (the sender's read receipts). */
export const messageRecipients = pgTable(
  'message_recipients',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    messageId: integer('message_id')
      .notNull()
      .references(() => messages.id, { onDelete: 'cascade' }),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('message_recipients_unique').on(t.messageId, t.recipientId),
    index('message_recipients_recipient_idx').on(t.recipientId, t.createdAt),
  ],
);
