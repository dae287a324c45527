import { and, asc, count, desc, eq, gt, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { klasses, klassGroupSchedules, klassGroups } from '../classes/classes.tables';
import { enrollments } from '../enrollments/enrollments.tables';
import { posts } from '../gallery/gallery.tables';
import { attendeeProfiles, users } from '../users/users.tables';
import { photoBoxes, photoBoxPhotos } from './photo-boxes.tables';

// Photo boxes' reads and writes (docs/product.md#photo-box). Sessions, enrollments and posts
// belong to other modules; they are only joined here, never written.

/** A class session as a photo box needs it: when, which programme, and who teaches it. */
export type KlassFacts = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  scheduleId: number;
  teacherId: number;
  klassGroupName: string;
};

const klassColumns = {
  id: klasses.id,
  startsAt: klasses.startsAt,
  endsAt: klasses.endsAt,
  status: klasses.status,
  scheduleId: klasses.scheduleId,
  teacherId: klassGroupSchedules.teacherId,
  klassGroupName: klassGroups.name,
};

export async function klassFacts(db: Db, klassId: number): Promise<KlassFacts | undefined> {
  const [row] = await db
    .select(klassColumns)
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .where(eq(klasses.id, klassId));
  return row;
}

/** A box with its session, as every staff answer shows it. */
export type BoxRow = {
  id: number;
  token: string;
  closesAt: Date;
  createdAt: Date;
  openedById: number | null;
  openedByName: string | null;
  klass: KlassFacts;
};

const boxColumns = {
  id: photoBoxes.id,
  token: photoBoxes.token,
  closesAt: photoBoxes.closesAt,
  createdAt: photoBoxes.createdAt,
  openedById: photoBoxes.openedById,
  openedByName: users.name,
  klass: klassColumns,
};

/** Boxes matching `where`, newest first, with their session, programme and opener. */
function boxRows(db: Db, where: SQL | undefined) {
  return db
    .select(boxColumns)
    .from(photoBoxes)
    .innerJoin(klasses, eq(klasses.id, photoBoxes.klassId))
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .leftJoin(users, eq(users.id, photoBoxes.openedById))
    .where(where)
    .orderBy(desc(photoBoxes.createdAt), desc(photoBoxes.id));
}

/** The boxes a teacher sees: opened by them, or of a schedule they teach; undefined = all. */
function visibleTo(teacherId: number | undefined): SQL | undefined {
  if (teacherId === undefined) return undefined;
  return or(eq(photoBoxes.openedById, teacherId), eq(klassGroupSchedules.teacherId, teacherId));
}

export async function boxPage(
  db: Db,
  teacherId: number | undefined,
  window: { offset: number; limit: number },
): Promise<BoxRow[]> {
  return boxRows(db, visibleTo(teacherId)).limit(window.limit).offset(window.offset);
}

export async function boxCount(db: Db, teacherId: number | undefined): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(photoBoxes)
    .innerJoin(klasses, eq(klasses.id, photoBoxes.klassId))
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .where(visibleTo(teacherId));
  return row?.n ?? 0;
}

export async function boxById(db: Db, boxId: number): Promise<BoxRow | undefined> {
  const [row] = await boxRows(db, eq(photoBoxes.id, boxId));
  return row;
}

export async function boxByToken(db: Db, token: string): Promise<BoxRow | undefined> {
  const [row] = await boxRows(db, eq(photoBoxes.token, token));
  return row;
}

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

/** A photo of a box as staff see it: the student comes from the post it became. */
export type PhotoRow = {
  id: number;
  photoBoxId: number;
  imageId: number;
  status: 'waiting' | 'assigned' | 'discarded';
  postId: number | null;
  attendeeProfileId: number | null;
  createdAt: Date;
};

/** The photos still to show of these boxes (discarded ones are gone), oldest first. */
export function photosOfBoxes(db: Db, boxIds: number[]): Promise<PhotoRow[]> {
  if (boxIds.length === 0) return Promise.resolve([]);
  return db
    .select({
      id: photoBoxPhotos.id,
      photoBoxId: photoBoxPhotos.photoBoxId,
      imageId: photoBoxPhotos.imageId,
      status: photoBoxPhotos.status,
      postId: photoBoxPhotos.postId,
      attendeeProfileId: posts.attendeeProfileId,
      createdAt: photoBoxPhotos.createdAt,
    })
    .from(photoBoxPhotos)
    .leftJoin(posts, eq(posts.id, photoBoxPhotos.postId))
    .where(and(inArray(photoBoxPhotos.photoBoxId, boxIds), ne(photoBoxPhotos.status, 'discarded')))
    .orderBy(asc(photoBoxPhotos.createdAt), asc(photoBoxPhotos.id));
}

/** Students actively enrolled in these schedules, by name: the choices of an assignment. */
export function studentsOfSchedules(
  db: Db,
  scheduleIds: number[],
): Promise<{ scheduleId: number; id: number; name: string }[]> {
  if (scheduleIds.length === 0) return Promise.resolve([]);
  return db
    .selectDistinct({
      scheduleId: enrollments.scheduleId,
      id: attendeeProfiles.id,
      name: attendeeProfiles.name,
    })
    .from(enrollments)
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, enrollments.attendeeProfileId))
    .where(and(inArray(enrollments.scheduleId, scheduleIds), eq(enrollments.status, 'active')))
    .orderBy(asc(enrollments.scheduleId), asc(attendeeProfiles.name), asc(attendeeProfiles.id));
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
): Promise<{ id: number; imageId: number; status: PhotoRow['status'] } | undefined> {
  const [row] = await db
    .select({
      id: photoBoxPhotos.id,
      imageId: photoBoxPhotos.imageId,
      status: photoBoxPhotos.status,
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

/** The demo teacher's next scheduled session (demo seed). */
export async function nextKlassOfTeacher(
  db: Db,
  teacherId: number,
  after: Date,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: klasses.id })
    .from(klasses)
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .where(
      and(
        eq(klassGroupSchedules.teacherId, teacherId),
        eq(klasses.status, 'scheduled'),
        gt(klasses.startsAt, after),
      ),
    )
    .orderBy(asc(klasses.startsAt))
    .limit(1);
  return row;
}
