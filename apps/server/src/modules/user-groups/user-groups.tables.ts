import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../users/users.tables';

/**
 * A named set of accounts staff keep (a scholarship list, a homeschool co-op…): coupons can be
 * restricted to one (docs/product.md#coupons-and-user-groups).
 */
export const userGroups = pgTable(
  'user_groups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    name: text().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  // Two groups called "Scholarship" and "scholarship" would be one group to the people using them.
  (t) => [uniqueIndex('user_groups_name_unique').on(sql`lower(${t.name})`)],
);

/** An account in a user group; an account may be in many groups, once in each. */
export const userGroupMembers = pgTable(
  'user_group_members',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    userGroupId: integer('user_group_id')
      .notNull()
      .references(() => userGroups.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('user_group_members_unique').on(t.userGroupId, t.userId),
    index('user_group_members_user_idx').on(t.userId),
  ],
);
