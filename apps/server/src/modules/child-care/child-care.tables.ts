import { index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { images } from '../media/media.tables';
import { attendeeProfiles, users } from '../users/users.tables';

// The child's card (docs/product.md#the-childs-card, docs/decisions/069-the-childs-card.md): who
// to call, what to watch for, who may collect the child, and who on the staff read the notes.
// Every row goes with its attendee profile.

/** Whom to call, in the family's order (`position` 0 first). */
export const emergencyContacts = pgTable(
  'emergency_contacts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    /** E.164, as libphonenumber-js wrote it. */
    phone: text().notNull(),
    relation: text().notNull(),
  },
  (t) => [index('emergency_contacts_attendee_idx').on(t.attendeeProfileId, t.position)],
);

/** People the family allows to collect the child, with an optional photo to recognise them by. */
export const authorisedPickups = pgTable(
  'authorised_pickups',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
    name: text().notNull(),
    relation: text().notNull(),
    /** E.164, or null. */
    phone: text(),
    /** Re-encoded without metadata by the media module; its files go when the person does. */
    photoImageId: integer('photo_image_id').references(() => images.id, { onDelete: 'set null' }),
  },
  (t) => [
    index('authorised_pickups_attendee_idx').on(t.attendeeProfileId, t.position),
    index('authorised_pickups_photo_idx').on(t.photoImageId),
  ],
);

/** Allergies and medical notes: one row per child that has either. */
export const childMedical = pgTable('child_medical', {
  attendeeProfileId: integer('attendee_profile_id')
    .primaryKey()
    .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
  allergies: text().notNull().default(''),
  medicalNotes: text('medical_notes').notNull().default(''),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

/**
 * Each time a staff member (admin or teacher) was shown a child's medical notes: the family reads
 * this log. Kept when the viewer's account goes (their name is copied), gone with the child.
 */
export const medicalAccessLog = pgTable(
  'medical_access_log',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
    viewerId: integer('viewer_id').references(() => users.id, { onDelete: 'set null' }),
    viewerName: text('viewer_name').notNull(),
    viewerRole: text('viewer_role', { enum: ['admin', 'teacher'] }).notNull(),
    /** Where: 'roll' (a session's roll) or 'profile' (the family's page, by an admin). */
    place: text({ enum: ['roll', 'profile'] }).notNull(),
    viewedAt: timestamp('viewed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('medical_access_log_attendee_idx').on(t.attendeeProfileId, t.viewedAt),
    index('medical_access_log_viewer_idx').on(t.viewerId),
  ],
);
