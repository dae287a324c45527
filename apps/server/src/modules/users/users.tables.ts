import {
  CLASS_REMINDER_CHOICES,
  DEFAULT_CLASS_REMINDERS,
  type Translations,
} from '@atelier/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { upwardKey } from '../../db/upward-key';

export const users = pgTable(
  'users',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Stored lower-cased and trimmed; unique. */
    email: text().notNull(),
    name: text().notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text({ enum: ['student', 'teacher', 'admin'] })
      .notNull()
      .default('student'),
    timezone: text(),
    /** The account's own language; null until its owner chooses one (the web keeps a guest's). */
    locale: text({ enum: ['en', 'ja'] }),
    /** Class reminders (docs/product.md#class-reminders): off, before each class, or a weekly digest. */
    classReminders: text('class_reminders', { enum: CLASS_REMINDER_CHOICES })
      .notNull()
      .default(DEFAULT_CLASS_REMINDERS),
    avatarKey: text('avatar_key'),
    /** A teacher's short biography, shown on the public instructors page; null when none. */
    bio: text(),
    /** The bio in the other interface languages (docs/architecture.md#translated-content). */
    translations: jsonb().$type<Translations<'bio'>>().notNull().default({}),
    confirmedAt: timestamp('confirmed_at', { withTimezone: true }),
    /** Tokens issued before this instant are refused: set on password change or reset. */
    tokensValidAfter: timestamp('tokens_valid_after', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('users_email_unique').on(t.email), index('users_role_idx').on(t.role)],
);

/** Revoked session tokens by `jti`, kept until the token would have expired anyway. */
export const revokedTokens = pgTable(
  'revoked_tokens',
  {
    jti: text().primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('revoked_tokens_user_idx').on(t.userId),
    index('revoked_tokens_expires_idx').on(t.expiresAt),
  ],
);

/** The people a family account books into classes: the holder and/or children. */
export const attendeeProfiles = pgTable(
  'attendee_profiles',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** The family account; null for a walk-in's attendee, who belongs to a guest customer. */
    userId: integer('user_id').references(() => users.id, { onDelete: 'cascade' }),
    guestCustomerId: integer('guest_customer_id').references(() => upwardKey('guest_customers'), {
      onDelete: 'cascade',
    }),
    name: text().notNull(),
    birthday: date({ mode: 'string' }),
    isAccountHolder: boolean('is_account_holder').notNull().default(false),
    /**
     * Who sees this student's gallery work besides the family and the teachers
     * (docs/architecture.md#gallery-privacy): nobody else, classmates' families, or also the public
     * student gallery. The most private choice is the default.
     */
    galleryVisibility: text('gallery_visibility', { enum: ['family', 'classmates', 'public'] })
      .notNull()
      .default('family'),
    /** Comments by people outside the family and staff wait for a teacher's approval. */
    commentsNeedApproval: boolean('comments_need_approval').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('attendee_profiles_user_idx').on(t.userId),
    uniqueIndex('attendee_profiles_one_holder').on(t.userId).where(sql`${t.isAccountHolder}`),
    index('attendee_profiles_guest_customer_idx').on(t.guestCustomerId),
    check(
      'attendee_profiles_has_owner',
      sql`${t.userId} IS NOT NULL OR ${t.guestCustomerId} IS NOT NULL`,
    ),
  ],
);
