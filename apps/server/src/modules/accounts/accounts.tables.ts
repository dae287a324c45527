import { index, integer, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

export const ACCOUNT_TOKEN_PURPOSES = ['confirmation', 'password_reset', 'email_change'] as const;
export type AccountTokenPurpose = (typeof ACCOUNT_TOKEN_PURPOSES)[number];

/**
 * What a registration asked for, kept with its confirmation token and applied when that link is
 * opened. Registering again with an unconfirmed address makes a new token with its own data, so
 * whoever owns the mailbox confirms their own password: someone who registered the address
 * first cannot keep a password of theirs on the account (pre-registration takeover).
 */
export type RegistrationData = {
  passwordHash: string;
  name: string;
  timezone: string;
  /** Null when the registration did not name one. */
  locale: 'en' | 'ja' | null;
};

/**
 * Mailed one-time links: registration confirmation, password reset, e-mail change. Only the
 * SHA-256 of the random token is stored, so reading this table gives no usable link.
 */
export const accountTokens = pgTable(
  'account_tokens',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text({ enum: ACCOUNT_TOKEN_PURPOSES }).notNull(),
    /** Hex SHA-256 of the token in the link. */
    tokenHash: text('token_hash').notNull(),
    /** The address the link was mailed to: for an e-mail change, the new address. */
    email: text().notNull(),
    /** Registration only: the same-origin path to resume at after confirming. */
    redirect: text(),
    /** Registration only: see RegistrationData. */
    registration: jsonb().$type<RegistrationData>(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('account_tokens_hash_unique').on(t.tokenHash),
    index('account_tokens_user_purpose_idx').on(t.userId, t.purpose),
  ],
);

export type AccountTokenRow = typeof accountTokens.$inferSelect;
