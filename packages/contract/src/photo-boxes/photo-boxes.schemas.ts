import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { artworkImageSchema } from '../gallery/gallery.schemas';
import {
  PHOTO_BOX_MAX_TAGS,
  PHOTO_BOX_MESSAGES,
  PHOTO_BOX_PHOTO_STATUSES,
} from './photo-boxes.constants';

// Photo boxes (docs/product.md#photo-box): a teacher's upload link for one class session.

/** A box's token: 32 characters of base64url, in paths only. */
export const photoBoxTokenSchema = z.string().regex(/^[A-Za-z0-9_-]{32}$/, 'Invalid input');

export const photoBoxPhotoSchema = z.object({
  id: z.string(),
  status: z.enum(PHOTO_BOX_PHOTO_STATUSES),
  image: artworkImageSchema,
  /** The post it became, once assigned. */
  post_id: z.string().nullable(),
  /** The (first) student it was assigned to. */
  attendee_profile_id: z.string().nullable(),
  /** Every student it is tagged with, the first one first (a group photo has several). */
  attendee_profile_ids: z.array(z.string()),
  /** Shown less widely than some tagged families chose: one child's consent is stricter. */
  held_back: z.boolean(),
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

/** The students a photo is tagged with: 1 to PHOTO_BOX_MAX_TAGS ids, each once. */
export const taggedStudentsSchema = z
  .array(idSchema)
  .min(1, PHOTO_BOX_MESSAGES.chooseStudents)
  .max(PHOTO_BOX_MAX_TAGS, PHOTO_BOX_MESSAGES.tooManyStudents)
  .refine((ids) => new Set(ids).size === ids.length, PHOTO_BOX_MESSAGES.duplicateStudent);

/**
 * Several students (a group photo) in attendee_profile_ids, or one in attendee_profile_id as
 * before; the service answers 422 on attendee_profile_ids when neither is given.
 */
export const assignPhotoBodySchema = z.object({
  attendee_profile_id: idSchema.optional(),
  attendee_profile_ids: taggedStudentsSchema.optional(),
});
export type AssignPhotoBody = z.input<typeof assignPhotoBodySchema>;

/** PUT …/tags: the students the assigned photo is tagged with from now on. */
export const retagPhotoBodySchema = z.object({ attendee_profile_ids: taggedStudentsSchema });
export type RetagPhotoBody = z.input<typeof retagPhotoBodySchema>;

const pixelsSchema = z.number().int().min(0).max(100_000);
/** POST …/crop: a rectangle in pixels of the stored photo (its width and height as listed). */
export const cropPhotoBodySchema = z.object({
  crop: z.object(
    {
      x: pixelsSchema,
      y: pixelsSchema,
      width: pixelsSchema.min(1),
      height: pixelsSchema.min(1),
    },
    { error: 'Required' },
  ),
});
export type CropPhotoBody = z.input<typeof cropPhotoBodySchema>;

/** A held-back group photo as staff see it: who is tagged and each one's gallery choice. */
export const heldPhotoSchema = z.object({
  id: z.string(),
  type: z.literal('held_photos'),
  attributes: z.object({
    photo_box_id: z.string(),
    post_id: z.string(),
    image: artworkImageSchema,
    klass_group_name: z.string(),
    starts_at: z.string(),
    tagged: z.array(
      z.object({
        id: z.string(),
        name: z.string(),
        visibility: z.enum(['family', 'classmates', 'public']),
      }),
    ),
    /** The session's students: the choices of a re-tag. */
    students: z.array(z.object({ id: z.string(), name: z.string() })),
  }),
});
export type HeldPhoto = z.infer<typeof heldPhotoSchema>;
export const heldPhotoListDocumentSchema = z.object({ data: z.array(heldPhotoSchema) });
