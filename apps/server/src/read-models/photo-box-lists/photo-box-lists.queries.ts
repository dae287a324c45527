import { and, asc, count, desc, eq, inArray, ne, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { klasses, klassGroupSchedules, klassGroups } from '../../modules/classes/classes.tables';
import { enrollments } from '../../modules/enrollments/enrollments.tables';
import { postStudents, posts } from '../../modules/gallery/gallery.tables';
import type { BoxRow, PhotoRow } from '../../modules/photo-boxes';
import { photoBoxes, photoBoxPhotos } from '../../modules/photo-boxes/photo-boxes.tables';
import { attendeeProfiles, users } from '../../modules/users/users.tables';

// Photo boxes' reads across modules (docs/architecture.md#photo-boxes): a box with its session,
// programme and opener (a teacher's list filters on the schedule's teacher and pages in SQL), the
// student of the post each photo became, and the students actively enrolled in a schedule.
// Selects only; the photo-boxes module writes.

const klassColumns = {
  id: klasses.id,
  startsAt: klasses.startsAt,
  endsAt: klasses.endsAt,
  status: klasses.status,
  scheduleId: klasses.scheduleId,
  teacherId: klassGroupSchedules.teacherId,
  klassGroupName: klassGroups.name,
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

/** A group photo's tags (decision 073), in id order; null for a post of one student. */
const taggedIds = sql<
  number[] | null
>`(select array_agg(${postStudents.attendeeProfileId} order by ${postStudents.attendeeProfileId}) from ${postStudents} where ${postStudents.postId} = ${posts.id})`;

const photoColumns = {
  id: photoBoxPhotos.id,
  photoBoxId: photoBoxPhotos.photoBoxId,
  imageId: photoBoxPhotos.imageId,
  status: photoBoxPhotos.status,
  postId: photoBoxPhotos.postId,
  attendeeProfileId: posts.attendeeProfileId,
  taggedIds,
  createdAt: photoBoxPhotos.createdAt,
};

/** The photos still to show of these boxes (discarded ones are gone), oldest first. */
export function photosOfBoxes(db: Db, boxIds: number[]): Promise<PhotoRow[]> {
  if (boxIds.length === 0) return Promise.resolve([]);
  return db
    .select(photoColumns)
    .from(photoBoxPhotos)
    .leftJoin(posts, eq(posts.id, photoBoxPhotos.postId))
    .where(and(inArray(photoBoxPhotos.photoBoxId, boxIds), ne(photoBoxPhotos.status, 'discarded')))
    .orderBy(asc(photoBoxPhotos.createdAt), asc(photoBoxPhotos.id));
}

/**
 * Assigned photos whose post is a group photo, of the boxes a teacher sees (undefined: all),
 * newest first, at most `limit`.
 */
export async function groupPhotos(
  db: Db,
  teacherId: number | undefined,
  limit: number,
): Promise<{ box: BoxRow; photo: PhotoRow & { postId: number } }[]> {
  const isGroup = sql`exists (select 1 from ${postStudents} where ${postStudents.postId} = ${posts.id})`;
  const rows = await db
    .select({
      ...boxColumns,
      photoId: photoBoxPhotos.id,
      imageId: photoBoxPhotos.imageId,
      status: photoBoxPhotos.status,
      postId: posts.id,
      attendeeProfileId: posts.attendeeProfileId,
      taggedIds,
      photoCreatedAt: photoBoxPhotos.createdAt,
    })
    .from(photoBoxPhotos)
    .innerJoin(posts, eq(posts.id, photoBoxPhotos.postId))
    .innerJoin(photoBoxes, eq(photoBoxes.id, photoBoxPhotos.photoBoxId))
    .innerJoin(klasses, eq(klasses.id, photoBoxes.klassId))
    .innerJoin(klassGroupSchedules, eq(klassGroupSchedules.id, klasses.scheduleId))
    .innerJoin(klassGroups, eq(klassGroups.id, klassGroupSchedules.klassGroupId))
    .leftJoin(users, eq(users.id, photoBoxes.openedById))
    .where(and(eq(photoBoxPhotos.status, 'assigned'), isGroup, visibleTo(teacherId)))
    .orderBy(desc(photoBoxPhotos.createdAt), desc(photoBoxPhotos.id))
    .limit(limit);
  return rows.map(
    ({
      photoId,
      imageId,
      status,
      postId,
      attendeeProfileId,
      taggedIds: tags,
      photoCreatedAt,
      ...box
    }) => ({
      box,
      photo: {
        id: photoId,
        photoBoxId: box.id,
        imageId,
        status,
        postId,
        attendeeProfileId,
        taggedIds: tags,
        createdAt: photoCreatedAt,
      },
    }),
  );
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
