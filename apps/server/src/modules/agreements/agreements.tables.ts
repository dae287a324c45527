import { SIGNATURE_METHODS, type Translations } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { upwardKey } from '../../db/upward-key';
import { attendeeProfiles, users } from '../users/users.tables';

/**
 * A waiver, school policy or media release (docs/product.md#agreements). Its text lives in its
 * versions; the title is school-written and translatable (docs/architecture.md#translated-content).
 */
export const agreements = pgTable('agreements', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  title: text().notNull(),
  translations: jsonb().$type<Translations<'title'>>().notNull().default({}),
  kind: text({ enum: ['waiver', 'policy', 'media_release'] }).notNull(),
  requiredBeforeBooking: boolean('required_before_booking').notNull(),
  /** Signed once per child (true) or once per family (false). */
  perChild: boolean('per_child').notNull(),
  /**
   * Retired by staff: it asks nothing of anyone from then on (not due, not required, no longer the
   * media release), and its versions and signatures stay as the record.
   */
  retiredAt: timestamp('retired_at', { withTimezone: true }),
  createdById: integer('created_by_id').references(() => users.id, { onDelete: 'set null' }),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * A published version of an agreement: never updated (the repository has no UPDATE of it), only
 * followed by a higher number; the highest is the current one (docs/decisions/070-agreements.md).
 */
export const agreementVersions = pgTable(
  'agreement_versions',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    body: text().notNull(),
    publishedById: integer('published_by_id').references(() => users.id, { onDelete: 'set null' }),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('agreement_versions_agreement_version_unique').on(t.agreementId, t.version)],
);

/**
 * A family's signature of one exact version, for the family (no attendee) or one child. Withdrawn
 * (media releases only) by setting withdrawn_at: the record stays as evidence of what was agreed.
 */
export const agreementSignatures = pgTable(
  'agreement_signatures',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    /** Kept beside the version so "signed, any version" is one index lookup. */
    agreementId: integer('agreement_id')
      .notNull()
      .references(() => agreements.id, { onDelete: 'cascade' }),
    agreementVersionId: integer('agreement_version_id')
      .notNull()
      .references(() => agreementVersions.id, { onDelete: 'cascade' }),
    /** The account that signed. */
    signerUserId: integer('signer_user_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The family the signature is for: the account owning the attendee, or the signer's. Null for
     * a walk-in's paper signature, which names `guest_customer_id` instead (one of the two).
     */
    familyUserId: integer('family_user_id').references(() => users.id, { onDelete: 'cascade' }),
    /** The walk-in customer a paper signature was given for at the desk. */
    guestCustomerId: integer('guest_customer_id').references(() => upwardKey('guest_customers'), {
      onDelete: 'cascade',
    }),
    attendeeProfileId: integer('attendee_profile_id').references(() => attendeeProfiles.id, {
      onDelete: 'cascade',
    }),
    /** The full name typed to sign (on paper: the name of the adult who signed, as staff typed it). */
    signerName: text('signer_name').notNull(),
    /** Online, or on paper and recorded by staff (docs/decisions/082-paper-agreements-at-the-desk.md). */
    method: text({ enum: SIGNATURE_METHODS }).notNull().default('online'),
    /** The staff member who recorded a paper signature. */
    recordedById: integer('recorded_by_id').references(() => users.id, { onDelete: 'set null' }),
    /** Where it was signed online, or where staff recorded the paper copy. */
    ip: text().notNull(),
    signedAt: timestamp('signed_at', { withTimezone: true }).notNull().defaultNow(),
    withdrawnAt: timestamp('withdrawn_at', { withTimezone: true }),
  },
  (t) => [
    // One live signature per version and family (or child): two signs at once make one.
    uniqueIndex('agreement_signatures_family_live_unique')
      .on(t.agreementVersionId, t.familyUserId)
      .where(sql`${t.attendeeProfileId} is null and ${t.withdrawnAt} is null`),
    uniqueIndex('agreement_signatures_walk_in_live_unique')
      .on(t.agreementVersionId, t.guestCustomerId)
      .where(
        sql`${t.guestCustomerId} is not null and ${t.attendeeProfileId} is null and ${t.withdrawnAt} is null`,
      ),
    uniqueIndex('agreement_signatures_child_live_unique')
      .on(t.agreementVersionId, t.attendeeProfileId)
      .where(sql`${t.attendeeProfileId} is not null and ${t.withdrawnAt} is null`),
    index('agreement_signatures_agreement_attendee_idx').on(t.agreementId, t.attendeeProfileId),
    index('agreement_signatures_family_idx').on(t.familyUserId),
    index('agreement_signatures_guest_customer_idx').on(t.guestCustomerId),
    check(
      'agreement_signatures_holder_check',
      sql`${t.familyUserId} is not null or ${t.guestCustomerId} is not null`,
    ),
  ],
);
