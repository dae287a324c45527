import {
  APP_BASE,
  type ArtworkImage,
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

function photoResource(photo: PhotoRow, image: ArtworkImage): PhotoBoxPhoto {
  return {
    id: String(photo.id),
    status: photo.status,
    image,
    post_id: idOrNull(photo.postId),
    attendee_profile_id: idOrNull(photo.attendeeProfileId),
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
  },
): PhotoBoxResource {
  const photos: PhotoBoxPhoto[] = [];
  for (const photo of parts.photos) {
    // An image deleted under the photo (its row cascades) has nothing left to show.
    const image = parts.views.get(photo.imageId);
    if (image) photos.push(photoResource(photo, image));
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
