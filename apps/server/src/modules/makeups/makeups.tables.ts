import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { klasses } from '../classes/classes.tables';
import { attendeeProfiles, users } from '../users/users.tables';

// Absences and make-up credits (docs/product.md#absences-and-make-ups,
// docs/decisions/074-absences-and-make-ups.md).

/** A family told the school before a session that their child will not come: the roll shows them excused. */
export const absences = pgTable(
  'absences',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    klassId: integer('klass_id')
      .notNull()
      .references(() => klasses.id, { onDelete: 'cascade' }),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
    reason: text().notNull().default(''),
    /** Who reported it; null once that account is deleted. */
    reportedById: integer('reported_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('absences_klass_attendee_unique').on(t.klassId, t.attendeeProfileId),
    index('absences_attendee_idx').on(t.attendeeProfileId),
    index('absences_reported_by_idx').on(t.reportedById),
  ],
);

/**
 * One make-up a child may book: given by a reported absence (within the school's policy) or by
 * staff. Used once (`used_at`), taken back with its absence (`revoked_at`), lapsing at `expires_at`.
 */
export const makeupCredits = pgTable(
  'makeup_credits',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
    /** The missed session; null once it is deleted. */
    originKlassId: integer('origin_klass_id').references(() => klasses.id, {
      onDelete: 'set null',
    }),
    /** The absence that gave it (source `absence`); its withdrawal revokes the credit. */
    absenceId: integer('absence_id').references(() => absences.id, { onDelete: 'set null' }),
    source: text({ enum: ['absence', 'staff'] }).notNull(),
    reason: text().notNull().default(''),
    grantedById: integer('granted_by_id').references(() => users.id, { onDelete: 'set null' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
    /** When the expiry reminder was claimed: once per credit, whichever process sweeps first. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('makeup_credits_attendee_idx').on(t.attendeeProfileId),
    index('makeup_credits_origin_klass_idx').on(t.originKlassId),
    index('makeup_credits_absence_idx').on(t.absenceId),
    index('makeup_credits_granted_by_idx').on(t.grantedById),
    index('makeup_credits_expires_idx').on(t.expiresAt),
  ],
);

/** A credit spent on a seat in one session; cancelling it before the start gives the credit back. */
export const makeupBookings = pgTable(
  'makeup_bookings',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    creditId: integer('credit_id')
      .notNull()
      .references(() => makeupCredits.id, { onDelete: 'cascade' }),
    klassId: integer('klass_id')
      .notNull()
      .references(() => klasses.id, { onDelete: 'cascade' }),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
  },
  (t) => [
    // One live booking per credit: the database refuses a second even if two requests race.
    uniqueIndex('makeup_bookings_credit_live_unique')
      .on(t.creditId)
      .where(sql`${t.cancelledAt} is null`),
    index('makeup_bookings_klass_idx').on(t.klassId),
    index('makeup_bookings_attendee_idx').on(t.attendeeProfileId),
  ],
);
