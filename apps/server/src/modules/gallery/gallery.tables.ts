import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from 'drizzle-orm/pg-core';
import { klasses, klassGroupSchedules } from '../classes/classes.tables';
import { images } from '../media/media.tables';
import { attendeeProfiles, users } from '../users/users.tables';

const timestamps = {
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
};

/**
 * A student's artwork (docs/product.md#gallery): 1–10 images and a caption, optionally made in a
 * class session. Who may see it follows the student's gallery_visibility (docs/architecture.md#gallery-privacy).
 */
export const posts = pgTable(
  'posts',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
    /** Who posted it: the family, or the teacher who assigned a photo-box photo. */
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    klassId: integer('klass_id').references(() => klasses.id, { onDelete: 'set null' }),
    /** The session's schedule, kept on the post so feeds filter without a join through klasses. */
    scheduleId: integer('schedule_id').references(() => klassGroupSchedules.id, {
      onDelete: 'set null',
    }),
    caption: text().notNull().default(''),
    /** Hidden by staff: only the family and staff still see it, marked hidden. */
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenById: integer('hidden_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('posts_created_idx').on(t.createdAt, t.id),
    index('posts_attendee_created_idx').on(t.attendeeProfileId, t.createdAt),
    index('posts_schedule_created_idx').on(t.scheduleId, t.createdAt),
    index('posts_klass_idx').on(t.klassId),
  ],
);

/** The images of a post, in the order the family chose. */
export const postImages = pgTable(
  'post_images',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    imageId: integer('image_id')
      .notNull()
      .references(() => images.id, { onDelete: 'cascade' }),
    position: integer().notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.imageId] }),
    index('post_images_image_idx').on(t.imageId),
  ],
);

/**
 * The children a group photo shows (docs/decisions/073-group-photos.md): every tagged student of a
 * post tagged with several, the post's own attendee_profile_id (the first) among them. A post of
 * one child has no rows here; its attendee_profile_id says it all. The primary key keeps one row
 * per child however many staff tag at once.
 */
export const postStudents = pgTable(
  'post_students',
  {
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    attendeeProfileId: integer('attendee_profile_id')
      .notNull()
      .references(() => attendeeProfiles.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.postId, t.attendeeProfileId] }),
    index('post_students_attendee_idx').on(t.attendeeProfileId),
  ],
);

/**
 * A comment on a post, or a reply to one (one level: a reply's parent is never a reply). Comments
 * by people outside the family and staff wait for a teacher's approval when the student's profile
 * asks for it (`pending` until approved).
 */
export const comments = pgTable(
  'comments',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    parentId: integer('parent_id').references((): AnyPgColumn => comments.id, {
      onDelete: 'cascade',
    }),
    authorId: integer('author_id').references(() => users.id, { onDelete: 'set null' }),
    /**
     * The person who wrote it when not the author account: a second guardian comments as the
     * family (docs/decisions/071-second-guardians.md); null when the author wrote it.
     */
    writtenById: integer('written_by_id').references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    /**
     * The last approved text while an edit of an approved comment waits for review: everyone but
     * its author and staff still sees this (docs/decisions/068-moderation-that-holds.md).
     */
    approvedBody: text('approved_body'),
    /** Who wrote `approvedBody`, as `writtenById` says it; set and dropped with it. */
    approvedWrittenById: integer('approved_written_by_id').references(() => users.id, {
      onDelete: 'set null',
    }),
    status: text({ enum: ['pending', 'approved'] })
      .notNull()
      .default('approved'),
    approvedById: integer('approved_by_id').references(() => users.id, { onDelete: 'set null' }),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
    hiddenById: integer('hidden_by_id').references(() => users.id, { onDelete: 'set null' }),
    ...timestamps,
  },
  (t) => [
    index('comments_post_created_idx').on(t.postId, t.createdAt),
    index('comments_parent_idx').on(t.parentId),
    index('comments_pending_idx').on(t.postId).where(sql`${t.status} = 'pending'`),
  ],
);

/** A teacher's written feedback on a post, shown apart from the comments. */
export const feedbacks = pgTable(
  'feedbacks',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id')
      .notNull()
      .references(() => posts.id, { onDelete: 'cascade' }),
    teacherId: integer('teacher_id').references(() => users.id, { onDelete: 'set null' }),
    body: text().notNull(),
    ...timestamps,
  },
  (t) => [index('feedbacks_post_idx').on(t.postId, t.createdAt)],
);

/** Someone's report of a post or a comment, for staff to review. */
export const reports = pgTable(
  'reports',
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    postId: integer('post_id').references(() => posts.id, { onDelete: 'cascade' }),
    commentId: integer('comment_id').references(() => comments.id, { onDelete: 'cascade' }),
    reporterId: integer('reporter_id').references(() => users.id, { onDelete: 'set null' }),
    reason: text().notNull(),
    resolvedAt: timestamp('resolved_at', { withTimezone: true }),
    resolvedById: integer('resolved_by_id').references(() => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('reports_post_idx').on(t.postId),
    index('reports_comment_idx').on(t.commentId),
    index('reports_open_idx').on(t.createdAt).where(sql`${t.resolvedAt} is null`),
    check('reports_one_target', sql`(${t.postId} IS NOT NULL) <> (${t.commentId} IS NOT NULL)`),
  ],
);
