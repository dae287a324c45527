import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/**
 * Second guardians (docs/product.md#second-guardians, decision 071): a family account
 * (`family_user_id`, the account holder's user) shares its family with another user's own
 * account. A row is an invitation mailed to `email` until someone signed in with that address
 * accepts it (`guardian_user_id`, `accepted_at`). Only the SHA-256 of the mailed token is kept.
 * Deleting either account deletes the link (and only the link): the family's data stays keyed by
 * the family account.
 */
export const familyGuardians = pgTable(
  'family_guardians',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    familyUserId: integer('family_user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** Lower-cased invited address. */
    email: text().notNull(),
    /** Null until accepted. A user is a guardian of at most one family (unique). */
    guardianUserId: integer('guardian_user_id').references(() => users.id, {
      onDelete: 'cascade',
    }),
    /** Hex SHA-256 of the mailed token; kept once accepted so a second use is told "already used". */
    tokenHash: text('token_hash').notNull(),
    /** Who invited: the account holder or the other guardian; null once that account is gone. */
    invitedBy: integer('invited_by').references(() => users.id, { onDelete: 'set null' }),
    invitedAt: timestamp('invited_at', { withTimezone: true }).notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    uniqueIndex('family_guardians_guardian_unique').on(t.guardianUserId),
    uniqueIndex('family_guardians_token_unique').on(t.tokenHash),
    uniqueIndex('family_guardians_family_email_unique').on(t.familyUserId, t.email),
    index('family_guardians_invited_by_idx').on(t.invitedBy),
  ],
);
export type FamilyGuardianRow = typeof familyGuardians.$inferSelect;
