import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import {
  CAPTION_MAX_LENGTH,
  COMMENT_MAX_LENGTH,
  COMMENT_STATUSES,
  FEEDBACK_MAX_LENGTH,
  GALLERY_MESSAGES,
  GALLERY_VISIBILITIES,
  IMAGE_STATUSES,
  POST_SCOPES,
  REPORT_REASON_MAX_LENGTH,
} from './gallery.constants';

// The gallery's API (docs/product.md#gallery). A student (attendee profile) is shown by full name
// to the family and staff and as "Mia K." to everyone else; birthdays never appear here.

/** A processed artwork image; URLs are signed and expire (docs/architecture.md#images). */
export const artworkImageSchema = z.object({
  id: z.string(),
  status: z.enum(IMAGE_STATUSES),
  /** Display size, WebP; null until processed. */
  url: z.string().nullable(),
  /** Display size, AVIF, when it is smaller than the WebP one. */
  avif_url: z.string().nullable(),
  /** Square thumbnail, WebP. */
  thumb_url: z.string().nullable(),
  width: z.number().int().nullable(),
  height: z.number().int().nullable(),
  /** A tiny blurred data: URL painted while the image loads. */
  placeholder: z.string().nullable(),
});
export type ArtworkImage = z.infer<typeof artworkImageSchema>;

/** The student a post belongs to, as the viewer may see them. */
export const postStudentSchema = z.object({
  id: z.string(),
  /** Full name for the family and staff, first name and last initial for everyone else. */
  name: z.string(),
  /** The family's choice; null for viewers outside the family and staff. */
  visibility: z.enum(GALLERY_VISIBILITIES).nullable(),
});

/** What the viewer may do with a post (the web shows only the actions allowed). */
export const postPermissionsSchema = z.object({
  edit: z.boolean(),
  delete: z.boolean(),
  hide: z.boolean(),
  feedback: z.boolean(),
  comment: z.boolean(),
  report: z.boolean(),
});

export const postAttributesSchema = z.object({
  caption: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  student: postStudentSchema,
  /** The class session it was made in. */
  klass: z
    .object({
      id: z.string(),
      starts_at: z.string(),
      klass_group_name: z.string(),
      schedule_id: z.string(),
    })
    .nullable(),
  images: z.array(artworkImageSchema),
  /** True while any image is still being processed. */
  processing: z.boolean(),
  hidden: z.boolean(),
  comment_count: z.number().int(),
  feedback_count: z.number().int(),
  permissions: postPermissionsSchema,
  /**
   * Staff only (absent for others): a group photo shown less widely than some tagged families
   * chose, because another tagged child's consent is stricter (docs/decisions/073-group-photos.md).
   */
  held_back: z.boolean().optional(),
});
export type PostAttributes = z.infer<typeof postAttributesSchema>;

export const feedbackAttributesSchema = z.object({
  body: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  teacher: z
    .object({ id: z.string(), name: z.string(), avatar_url: z.string().nullable() })
    .nullable(),
  /** The viewer wrote it, or is an admin. */
  can_edit: z.boolean(),
});
export const feedbackResourceSchema = z.object({
  id: z.string(),
  type: z.literal('feedbacks'),
  attributes: feedbackAttributesSchema,
});
export const feedbackSchema = feedbackAttributesSchema.extend({
  id: z.string(),
  type: z.literal('feedbacks'),
});
export type Feedback = z.infer<typeof feedbackSchema>;

export const postResourceSchema = z.object({
  id: z.string(),
  type: z.literal('posts'),
  attributes: postAttributesSchema,
});

/** GET /api/v1/posts: one page, and the cursor of the next (null at the end). */
export const postListDocumentSchema = z.object({
  data: z.array(postResourceSchema),
  meta: z.object({ next_cursor: z.string().nullable() }),
});
export type PostListDocument = z.infer<typeof postListDocumentSchema>;

/** GET /api/v1/posts/{id}: the post with its teacher feedback. */
export const postDocumentSchema = z.object({
  data: postResourceSchema.extend({
    relationships: z.object({
      feedbacks: z.object({
        data: z.array(z.object({ id: z.string(), type: z.literal('feedbacks') })),
      }),
    }),
  }),
  included: z.array(feedbackResourceSchema).optional(),
});
export type PostDocument = z.infer<typeof postDocumentSchema>;

/** A post as the web holds it after `flatten` (list items have no feedbacks). */
export const postSchema = postAttributesSchema.extend({
  id: z.string(),
  type: z.literal('posts'),
  feedbacks: z.array(feedbackSchema).optional(),
});
export type Post = z.infer<typeof postSchema>;

/** Query of GET /api/v1/posts; `attendee_profile_id` is required with scope=student. */
export const postListQuerySchema = z
  .object({
    scope: z.enum(POST_SCOPES, { error: 'Invalid input' }).default('feed'),
    attendee_profile_id: idSchema.optional(),
    cursor: z
      .string()
      .max(200, 'Invalid input')
      .regex(/^[A-Za-z0-9_-]+$/, 'Invalid input')
      .optional(),
  })
  .refine((q) => q.scope !== 'student' || q.attendee_profile_id !== undefined, {
    path: ['attendee_profile_id'],
    message: 'Required',
  });
export type PostListQuery = z.input<typeof postListQuerySchema>;

export const captionSchema = textSchema({ max: CAPTION_MAX_LENGTH, multiline: true });

/**
 * The text fields of POST /api/v1/posts (multipart; the files are the `images` parts, 1–10).
 * `klass_id` is a session the student is enrolled in.
 */
export const createPostFieldsSchema = z.object({
  attendee_profile_id: idSchema,
  caption: captionSchema.default(''),
  klass_id: idSchema.optional(),
});
export type CreatePostFields = z.input<typeof createPostFieldsSchema>;

/** PATCH /api/v1/posts/{id}: the family edits the caption or session; staff hide or show it. */
export const updatePostBodySchema = z.object({
  post: z.object(
    {
      caption: captionSchema.optional(),
      klass_id: idSchema.nullable().optional(),
      hidden: z.boolean({ error: 'Invalid input' }).optional(),
    },
    { error: 'Required' },
  ),
});
export type UpdatePostBody = z.input<typeof updatePostBodySchema>;

export const commentAttributesSchema = z.object({
  body: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  /** pending: waiting for a teacher's approval; only its author and staff see it. */
  status: z.enum(COMMENT_STATUSES),
  /**
   * Its author's edit waits for review while everyone else still reads the text last approved
   * (shown to its author and staff only, with the new text and status pending).
   */
  edit_awaiting_review: z.boolean(),
  hidden: z.boolean(),
  /** The comment this one replies to (replies are one level deep). */
  parent_id: z.string().nullable(),
  post_id: z.string(),
  author: z
    .object({
      id: z.string(),
      name: z.string(),
      avatar_url: z.string().nullable(),
      role: z.enum(['student', 'teacher', 'admin']),
    })
    .nullable(),
  /**
   * Who wrote it when that is not the author account: a family's second guardian comments as the
   * family (`author`, whose rights it carries) under their own name. Null when the author wrote
   * it, and once the writer has deleted their account (the comment stays the family's).
   */
  written_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  permissions: z.object({
    edit: z.boolean(),
    delete: z.boolean(),
    hide: z.boolean(),
    approve: z.boolean(),
    report: z.boolean(),
  }),
});
export const commentResourceSchema = z.object({
  id: z.string(),
  type: z.literal('comments'),
  attributes: commentAttributesSchema,
});
export const commentDocumentSchema = z.object({ data: commentResourceSchema });
/** GET /api/v1/posts/{id}/comments: oldest first; GET /api/v1/comments: paged. */
export const commentListDocumentSchema = z.object({
  data: z.array(commentResourceSchema),
  meta: pageMetaSchema.optional(),
});
export const commentSchema = commentAttributesSchema.extend({
  id: z.string(),
  type: z.literal('comments'),
});
export type Comment = z.infer<typeof commentSchema>;

export const commentBodyTextSchema = textSchema({
  min: 1,
  max: COMMENT_MAX_LENGTH,
  multiline: true,
});

export const createCommentBodySchema = z.object({
  comment: z.object(
    { body: commentBodyTextSchema, parent_id: idSchema.optional() },
    { error: 'Required' },
  ),
});
export type CreateCommentBody = z.input<typeof createCommentBodySchema>;

/** The author edits the body; staff approve (`approved: true`) or hide/show. */
export const updateCommentBodySchema = z.object({
  comment: z.object(
    {
      body: commentBodyTextSchema.optional(),
      approved: z.literal(true, { error: 'Invalid input' }).optional(),
      hidden: z.boolean({ error: 'Invalid input' }).optional(),
    },
    { error: 'Required' },
  ),
});
export type UpdateCommentBody = z.input<typeof updateCommentBodySchema>;

/** GET /api/v1/comments (staff): the moderation queue. */
export const commentQueueQuerySchema = pageQuerySchema.extend({
  status: z.enum(['pending'], { error: 'Invalid input' }).default('pending'),
});

export const feedbackBodyTextSchema = textSchema({
  min: 1,
  max: FEEDBACK_MAX_LENGTH,
  multiline: true,
});
export const feedbackBodySchema = z.object({
  feedback: z.object({ body: feedbackBodyTextSchema }, { error: 'Required' }),
});
export type FeedbackBody = z.input<typeof feedbackBodySchema>;
export const feedbackDocumentSchema = z.object({ data: feedbackResourceSchema });

/** POST /api/v1/reports: exactly one of post_id and comment_id. */
export const createReportBodySchema = z.object({
  report: z
    .object(
      {
        post_id: idSchema.optional(),
        comment_id: idSchema.optional(),
        reason: textSchema({ min: 1, max: REPORT_REASON_MAX_LENGTH, multiline: true }),
      },
      { error: 'Required' },
    )
    .refine((r) => (r.post_id === undefined) !== (r.comment_id === undefined), {
      path: ['post_id'],
      message: GALLERY_MESSAGES.reportTarget,
    }),
});
export type CreateReportBody = z.input<typeof createReportBodySchema>;

export const reportAttributesSchema = z.object({
  reason: z.string(),
  created_at: z.string(),
  resolved: z.boolean(),
  post_id: z.string().nullable(),
  comment_id: z.string().nullable(),
  reporter: z.object({ id: z.string(), name: z.string() }).nullable(),
  /** A short excerpt of what was reported (caption or comment body). */
  excerpt: z.string(),
});
export const reportResourceSchema = z.object({
  id: z.string(),
  type: z.literal('reports'),
  attributes: reportAttributesSchema,
});
export const reportDocumentSchema = z.object({ data: reportResourceSchema });
export const reportListDocumentSchema = z.object({
  data: z.array(reportResourceSchema),
  meta: pageMetaSchema,
});
export const reportSchema = reportAttributesSchema.extend({
  id: z.string(),
  type: z.literal('reports'),
});
export type Report = z.infer<typeof reportSchema>;
export const updateReportBodySchema = z.object({
  report: z.object(
    { resolved: z.literal(true, { error: 'Invalid input' }) },
    { error: 'Required' },
  ),
});
export const reportListQuerySchema = pageQuerySchema;
