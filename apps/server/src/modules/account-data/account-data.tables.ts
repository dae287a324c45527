import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

export const ACCOUNT_EXPORT_STATUSES = ['pending', 'ready', 'failed'] as const;

/**
 * A family's data export prepared in the background (docs/decisions/072-a-familys-data-is-theirs.md):
 * a durable job, claimed with SKIP LOCKED like the mail outbox, so any server process may build it
 * and a process that dies while building leaves it to be picked up again when its lease runs out.
 * When ready, the ZIP is in private storage at `file_key` and the family is mailed a link whose
 * token only the SHA-256 of is stored here.
 */
export const accountExports = pgTable(
  'account_exports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text({ enum: ACCOUNT_EXPORT_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    /** When the job is due; a claimed job's is pushed a lease ahead. */
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    /** Where the built ZIP is kept (private storage); null until ready and after it expires. */
    fileKey: text('file_key'),
    /** Hex SHA-256 of the download link's token; set when ready. */
    tokenHash: text('token_hash'),
    /** The download link stops working then, and the sweep removes the file. */
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('account_exports_user_idx').on(t.userId),
    index('account_exports_due_idx').on(t.nextAttemptAt).where(sql`${t.status} = 'pending'`),
    uniqueIndex('account_exports_token_unique').on(t.tokenHash),
  ],
);

/**
 * A family's request to delete their account, confirmed by the mailed link within a day. Only the
 * SHA-256 of the link's token is stored; a used or expired row does nothing.
 */
export const accountDeletionRequests = pgTable(
  'account_deletion_requests',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_deletion_requests_token_unique').on(t.tokenHash),
    index('account_deletion_requests_user_idx').on(t.userId),
  ],
);

export type AccountExportRow = typeof accountExports.$inferSelect;
