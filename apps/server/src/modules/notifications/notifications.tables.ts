import { NOTIFICATION_RECORD_TYPES } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

export const notifications = pgTable(
  'notifications',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    recipientId: integer('recipient_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Null for system notifications; kept (as null) when the sender's account is deleted. */
    senderId: integer('sender_id').references(() => users.id, { onDelete: 'set null' }),
    title: text().notNull(),
    content: text().notNull(),
    recordType: text('record_type', { enum: NOTIFICATION_RECORD_TYPES }).notNull(),
    recordId: integer('record_id').notNull(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The list: one recipient's, newest first.
    index('notifications_recipient_created_idx').on(t.recipientId, t.createdAt),
    // The unread badge is polled after every live message (docs/product.md#client-state): count only unread rows.
    index('notifications_recipient_unread_idx').on(t.recipientId).where(sql`${t.readAt} is null`),
    index('notifications_sender_idx').on(t.senderId),
  ],
);
