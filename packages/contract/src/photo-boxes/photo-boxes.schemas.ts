import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { artworkImageSchema } from '../gallery/gallery.schemas';
import { PHOTO_BOX_PHOTO_STATUSES } from './photo-boxes.constants';

// Photo boxes (docs/product.md#photo-box): a teacher's upload link for one class session.

/** A box's token: 32 characters of base64url, in paths only. */
export const photoBoxTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Invalid input');

export const photoBoxPhotoSchema = z.object({
  id: z.string(),
  status: z.enum(PHOTO_BOX_PHOTO_STATUSES),
  image: artworkImageSchema,
  /** The post it became, once assigned. */
  post_id: z.string().nullable(),
  /** The student it was assigned to. */
  attendee_profile_id: z.string().nullable(),
  created_at: z.string(),
});
export type PhotoBoxPhoto = z.infer<typeof photoBoxPhotoSchema>;

export const photoBoxAttributesSchema = z.object({
  token: z.string(),
  /** The upload page's path under /app, for the link and its QR code. */
  upload_path: z.string(),
  closes_at: z.string(),
  open: z.boolean(),
  created_at: z.string(),
  klass: z.object({
    id: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    klass_group_name: z.string(),
    schedule_id: z.string(),
  }),
  opened_by: z.object({ id: z.string(), name: z.string() }).nullable(),
  photos: z.array(photoBoxPhotoSchema),
  /** The session's enrolled students, full names (staff only see this). */
  students: z.array(z.object({ id: z.string(), name: z.string() })),
});
export const photoBoxResourceSchema = z.object({
  id: z.string(),
  type: z.literal('photo_boxes'),
  attributes: photoBoxAttributesSchema,
});
export const photoBoxDocumentSchema = z.object({ data: photoBoxResourceSchema });
export const photoBoxListDocumentSchema = z.object({
  data: z.array(photoBoxResourceSchema),
  meta: pageMetaSchema,
});
export const photoBoxSchema = photoBoxAttributesSchema.extend({
  id: z.string(),
  type: z.literal('photo_boxes'),
});
export type PhotoBox = z.infer<typeof photoBoxSchema>;

export const photoBoxListQuerySchema = pageQuerySchema;

export const createPhotoBoxBodySchema = z.object({
  photo_box: z.object(
    {
      klass_id: idSchema,
      /** ISO 8601 instant, in the future and at most PHOTO_BOX_MAX_HOURS ahead. */
      closes_at: z.iso.datetime({ offset: true, error: 'Invalid input' }),
    },
    { error: 'Required' },
  ),
});
export type CreatePhotoBoxBody = z.input<typeof createPhotoBoxBodySchema>;

/** PATCH: a new closing time (now closes it). */
export const updatePhotoBoxRequestSchema = z.object({
  photo_box: z.object(
    { closes_at: z.iso.datetime({ offset: true, error: 'Invalid input' }) },
    { error: 'Required' },
  ),
});
export type UpdatePhotoBoxBody = z.input<typeof updatePhotoBoxRequestSchema>;

/** GET /api/v1/photo_boxes/{token}: what the upload page shows, nothing about the students. */
export const photoBoxPublicDocumentSchema = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('photo_box_links'),
    attributes: z.object({
      klass_group_name: z.string(),
      starts_at: z.string(),
      closes_at: z.string(),
      open: z.boolean(),
    }),
  }),
});
export type PhotoBoxPublic = z.infer<typeof photoBoxPublicDocumentSchema>['data']['attributes'];

/** POST …/photos (no sign-in): the upload was received; processing follows. */
export const photoBoxUploadDocumentSchema = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('photo_box_photos'),
    attributes: z.object({ status: z.enum(PHOTO_BOX_PHOTO_STATUSES), created_at: z.string() }),
  }),
});

export const assignPhotoBodySchema = z.object({ attendee_profile_id: idSchema });
export type AssignPhotoBody = z.input<typeof assignPhotoBodySchema>;
