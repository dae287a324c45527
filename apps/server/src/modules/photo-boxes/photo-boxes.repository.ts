import { and, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { PhotoRow } from './photo-boxes.context';
import { photoBoxes, photoBoxPhotos } from './photo-boxes.tables';

// Photo boxes' own tables (docs/product.md#photo-box). A box's session and opener, its photos'
// students and the students to choose from are read models' queries the service is given
// (photo-boxes.context.ts); a session to open a box for comes from the classes module.

export async function insertBox(
  db: Db,
  values: { klassId: number; openedById: number; token: string; closesAt: Date },
): Promise<number> {
  const [row] = await db.insert(photoBoxes).values(values).returning({ id: photoBoxes.id });
  if (!row) throw new Error('photo box not inserted');
  return row.id;
}

export async function setClosesAt(db: Db, boxId: number, closesAt: Date): Promise<void> {
  await db.update(photoBoxes).set({ closesAt }).where(eq(photoBoxes.id, boxId));
}

export async function insertPhoto(
  db: Db,
  boxId: number,
  imageId: number,
): Promise<{ id: number; status: PhotoRow['status']; createdAt: Date }> {
  const [row] = await db.insert(photoBoxPhotos).values({ photoBoxId: boxId, imageId }).returning({
    id: photoBoxPhotos.id,
    status: photoBoxPhotos.status,
    createdAt: photoBoxPhotos.createdAt,
  });
  if (!row) throw new Error('photo not inserted');
  return row;
}

export async function photoOfBox(
  db: Db,
  boxId: number,
  photoId: number,
): Promise<
  { id: number; imageId: number; status: PhotoRow['status']; postId: number | null } | undefined
> {
  const [row] = await db
    .select({
      id: photoBoxPhotos.id,
      imageId: photoBoxPhotos.imageId,
      status: photoBoxPhotos.status,
      postId: photoBoxPhotos.postId,
    })
    .from(photoBoxPhotos)
    .where(and(eq(photoBoxPhotos.id, photoId), eq(photoBoxPhotos.photoBoxId, boxId)));
  return row;
}

/**
 * Moves a waiting photo to `status` in one conditional update, so of two teachers handling the
 * same photo at once exactly one gets the row back (decision 038); undefined for the other.
 */
export async function claimWaitingPhoto(
  db: Db,
  boxId: number,
  photoId: number,
  status: 'assigned' | 'discarded',
): Promise<{ imageId: number } | undefined> {
  const [row] = await db
    .update(photoBoxPhotos)
    .set({ status, updatedAt: sql`now()` })
    .where(
      and(
        eq(photoBoxPhotos.id, photoId),
        eq(photoBoxPhotos.photoBoxId, boxId),
        eq(photoBoxPhotos.status, 'waiting'),
      ),
    )
    .returning({ imageId: photoBoxPhotos.imageId });
  return row;
}

export async function setPhotoPost(db: Db, photoId: number, postId: number): Promise<void> {
  await db
    .update(photoBoxPhotos)
    .set({ postId, updatedAt: sql`now()` })
    .where(eq(photoBoxPhotos.id, photoId));
}

/** Gives a claimed photo back (its post could not be made), so it can be assigned again. */
export async function releasePhoto(db: Db, photoId: number): Promise<void> {
  await db
    .update(photoBoxPhotos)
    .set({ status: 'waiting', postId: null, updatedAt: sql`now()` })
    .where(eq(photoBoxPhotos.id, photoId));
}

/** The photo is now this image (its crop). */
export async function setPhotoImage(db: Db, photoId: number, imageId: number): Promise<void> {
  await db
    .update(photoBoxPhotos)
    .set({ imageId, updatedAt: sql`now()` })
    .where(eq(photoBoxPhotos.id, photoId));
}
