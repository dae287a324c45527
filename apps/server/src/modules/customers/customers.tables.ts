import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/**
 * A walk-in customer without an account, kept by staff (docs/product.md#customers). When someone
 * registers with the same e-mail, `user_id` is set and the walk-in's orders and attendees join
 * that account.
 */
export const guestCustomers = pgTable(
  'guest_customers',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    /** Lower-cased and trimmed, like users.email; optional (a walk-in may give a phone only). */
    email: text(),
    phone: text(),
    notes: text().notNull().default(''),
    /** The account this customer's history joined, once they registered. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
    createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('guest_customers_email_idx').on(t.email),
    index('guest_customers_user_idx').on(t.userId),
    index('guest_customers_name_idx').on(sql`lower(${t.name})`),
  ],
);
