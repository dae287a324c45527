import { sql } from 'drizzle-orm';
import { index, integer, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { klasses } from '../classes/classes.tables';
import { posts } from '../gallery/gallery.tables';
import { images } from '../media/media.tables';
import { users } from '../users/users.tables';

/**
 * A teacher's photo box for one class session (docs/product.md#photo-box): anyone holding its
 * link (`/app/photo_upload?box={token}`) uploads photos until `closes_at`, without signing in.
 * The token is kept readable because the teacher shows the link and its QR code again; it is a
 * short-lived capability for uploading only, never for reading.
 */
export const photoBoxes = pgTable(
  'photo_boxes',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    klassId: integer('klass_id')
      .notNull()
      .references(() => klasses.id, { onDelete: 'cascade' }),
    openedById: integer('opened_by_id').references(() => users.id, { onDelete: 'set null' }),
    token: text().notNull(),
    closesAt: timestamp('closes_at', { withTimezone: true }).notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('photo_boxes_token_unique').on(t.token),
    index('photo_boxes_klass_idx').on(t.klassId),
    index('photo_boxes_opened_by_idx').on(t.openedById, t.createdAt),
  ],
);

/** A photo uploaded through a box: waiting, then assigned to a student (a post) or discarded. */
export const photoBoxPhotos = pgTable(
  'photo_box_photos',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    photoBoxId: integer('photo_box_id')
      .notNull()
      .references(() => photoBoxes.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    status: text({ enum: ['waiting', 'assigned', 'discarded'] })
      .notNull()
      .default('waiting'),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('photo_box_photos_box_idx').on(t.photoBoxId, t.createdAt),
    index('photo_box_photos_waiting_idx').on(t.photoBoxId).where(sql`${t.status} = 'waiting'`),
  ],
);
