import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

export const MAIL_STATUSES = ['pending', 'sent', 'failed'] as const;
export type MailStatus = (typeof MAIL_STATUSES)[number];

/**
 * The durable mail queue. A row is written in the same transaction as the change that causes the
 * mail, so a rolled-back change sends nothing and a committed one is never forgotten; the worker
 * delivers rows and records attempts. The message is rendered when it is queued, so delivery
 * needs nothing but the row.
 */
export const mailOutbox = pgTable(
  'mail_outbox',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Lower-cased recipient address. */
    toAddress: text('to_address').notNull(),
    /** Which template made it (for the /dev/mail list and for tests), and in which language. */
    template: text().notNull(),
    locale: text({ enum: ['en', 'ja'] }).notNull(),
    subject: text().notNull(),
    html: text().notNull(),
    text: text().notNull(),
    /**
     * Extra message headers a template asks for (`List-Unsubscribe`, `List-Unsubscribe-Post` on
     * class reminders, RFC 8058); null for most mail.
     */
    headers: jsonb().$type<Record<string, string>>(),
    status: text({ enum: MAIL_STATUSES }).notNull().default('pending'),
    /** Delivery attempts started so far (counted when the worker claims the row). */
    attempts: integer().notNull().default(0),
    /**
     * When the row is due. A claimed row's is pushed a lease ahead, so a worker that dies while
     * sending leaves the row to be picked up again when the lease runs out.
     */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    // The worker's poll: due pending rows only.
    index('mail_outbox_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    // "The latest mail for this address" (tests, /dev/mail).
    index('mail_outbox_to_idx').on(t.toAddress, t.id),
  ],
);

export type MailOutboxRow = typeof mailOutbox.$inferSelect;
