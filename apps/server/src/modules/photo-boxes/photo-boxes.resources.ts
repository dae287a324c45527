import {
  APP_BASE,
  type ArtworkImage,
  type HeldPhoto,
  PHOTO_BOX_PAGES,
  type PhotoBoxPhoto,
  type photoBoxPublicDocumentSchema,
  type photoBoxResourceSchema,
  type photoBoxUploadDocumentSchema,
} from '@atelier/contract';
import type { z } from 'zod';
import type { BoxRow, PhotoRow } from './photo-boxes.context';

// The DTOs of photo boxes (packages/contract/src/photo-boxes): never a database row.

type PhotoBoxResource = z.infer<typeof photoBoxResourceSchema>;

const idOrNull = (id: number | null) => (id === null ? null : String(id));

/** Every student of the photo's post, its own first. */
export function taggedOf(photo: Pick<PhotoRow, 'attendeeProfileId' | 'taggedIds'>): number[] {
  const first = photo.attendeeProfileId;
  if (first === null) return [];
  return [first, ...(photo.taggedIds ?? []).filter((id) => id !== first)];
}

function photoResource(photo: PhotoRow, image: ArtworkImage, heldBack: boolean): PhotoBoxPhoto {
  return {
    id: String(photo.id),
    status: photo.status,
    image,
    post_id: idOrNull(photo.postId),
    attendee_profile_id: idOrNull(photo.attendeeProfileId),
    attendee_profile_ids: taggedOf(photo).map(String),
    held_back: heldBack,
    created_at: photo.createdAt.toISOString(),
  };
}

/** A box as its staff see it: link, session, photos and the session's students (full names). */
export function boxResource(
  box: BoxRow,
  parts: {
    open: boolean;
    photos: PhotoRow[];
    students: { id: number; name: string }[];
    views: Map<number, ArtworkImage>;
    /** Posts one child's stricter consent holds back. */
    heldBack: Set<number>;
  },
): PhotoBoxResource {
  const photos: PhotoBoxPhoto[] = [];
  for (const photo of parts.photos) {
    // An image deleted under the photo (its row cascades) has nothing left to show.
    const image = parts.views.get(photo.imageId);
    if (image) {
      const held = photo.postId !== null && parts.heldBack.has(photo.postId);
      photos.push(photoResource(photo, image, held));
    }
  }
  return {
    id: String(box.id),
    type: 'photo_boxes',
    attributes: {
      token: box.token,
      // Under /app, where the web app's route for the link lives
      // (docs/product.md#routes-and-screens); the web prefixes its origin for the QR code.
      upload_path: `${APP_BASE}${PHOTO_BOX_PAGES.upload(box.token)}`,
      closes_at: box.closesAt.toISOString(),
      open: parts.open,
      created_at: box.createdAt.toISOString(),
      klass: {
        id: String(box.klass.id),
        starts_at: box.klass.startsAt.toISOString(),
        ends_at: box.klass.endsAt.toISOString(),
        klass_group_name: box.klass.klassGroupName,
        schedule_id: String(box.klass.scheduleId),
      },
      opened_by:
        box.openedById === null
          ? null
          : { id: String(box.openedById), name: box.openedByName ?? '' },
      photos,
      students: parts.students.map((s) => ({ id: String(s.id), name: s.name })),
    },
  };
}

/** What anyone holding the link sees: the programme, the session's start and the closing time. */
export function publicBoxDocument(
  box: BoxRow,
  open: boolean,
): z.infer<typeof photoBoxPublicDocumentSchema> {
  return {
    data: {
      id: box.token,
      type: 'photo_box_links',
      attributes: {
        klass_group_name: box.klass.klassGroupName,
        starts_at: box.klass.startsAt.toISOString(),
        closes_at: box.closesAt.toISOString(),
        open,
      },
    },
  };
}

export function uploadDocument(photo: {
  id: number;
  status: PhotoRow['status'];
  createdAt: Date;
}): z.infer<typeof photoBoxUploadDocumentSchema> {
  return {
    data: {
      id: String(photo.id),
      type: 'photo_box_photos',
      attributes: { status: photo.status, created_at: photo.createdAt.toISOString() },
    },
  };
}

/** Held-back group photos as staff see them (an image deleted under one is left out). */
export function heldPhotoResources(
  rows: { box: BoxRow; photo: PhotoRow & { postId: number } }[],
  parts: {
    views: Map<number, ArtworkImage>;
    tagged: Map<
      number,
      { id: number; name: string; visibility: 'family' | 'classmates' | 'public' }[]
    >;
    students: { scheduleId: number; id: number; name: string }[];
  },
): HeldPhoto[] {
  return rows.flatMap(({ box, photo }) => {
    const image = parts.views.get(photo.imageId);
    if (!image) return [];
    return [
      {
        id: String(photo.id),
        type: 'held_photos' as const,
        attributes: {
          photo_box_id: String(box.id),
          post_id: String(photo.postId),
          image,
          klass_group_name: box.klass.klassGroupName,
          starts_at: box.klass.startsAt.toISOString(),
          tagged: (parts.tagged.get(photo.postId) ?? []).map((s) => ({
            id: String(s.id),
            name: s.name,
            visibility: s.visibility,
          })),
          students: parts.students
            .filter((s) => s.scheduleId === box.klass.scheduleId)
            .map((s) => ({ id: String(s.id), name: s.name })),
        },
      },
    ];
  });
}
