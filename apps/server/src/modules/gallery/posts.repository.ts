import type { PostScope, Translations } from '@atelier/contract';
import { and, asc, count, eq, inArray, isNull, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import type { Viewer } from '../../lib/http';
import { mediaReleaseWithheld } from '../agreements';
import { klassesTable } from '../classes';
import { activelyEnrolledIn } from '../enrollments';
import { imageIdsOfFileQuery, readyImageIdsQuery } from '../media';
import { galleryStudentsTable } from '../users';
import { comments, feedbacks, postImages, postStudents, posts } from './gallery.tables';
import { type GalleryViewer, isStaff } from './gallery-viewer';
import {
  givesFeedback,
  heldBack,
  isFamilyOf,
  postOfStudent,
  postSharedBeyondFamily,
  seesComment,
  seesPost,
  seesStudentWork,
  sharesScheduleWith,
  teachesStudent,
} from './privacy.repository';

// Reads and writes of posts. A page of posts is ONE query (student, session, counts and the
// viewer's rights as columns), then one for their images: the number of queries does not grow
// with the page (docs/architecture.md#gallery-privacy, CONVENTIONS 10). The student and the
// session are derived tables the users and classes modules build over their own tables.

/** The post's student (users module). */
const student = galleryStudentsTable('student');
/** The post's session with its programme's name (classes module). */
const klass = klassesTable('klass');

/** A post as the service shapes it, with what the viewer may know and do. */
export type PostRow = {
  id: number;
  caption: string;
  createdAt: Date;
  /** created_at to the microsecond, UTC: the keyset cursor's exact value. */
  createdAtKey: string;
  updatedAt: Date;
  hiddenAt: Date | null;
  authorId: number | null;
  student: {
    id: number;
    name: string;
    userId: number | null;
    visibility: 'family' | 'classmates' | 'public';
    commentsNeedApproval: boolean;
  };
  klass: {
    id: number;
    startsAt: Date;
    scheduleId: number;
    klassGroupName: string;
    klassGroupTranslations: Translations<'name'>;
  } | null;
  commentCount: number;
  feedbackCount: number;
  /** The viewer's account owns the student (any tagged student of a group photo). */
  isFamily: boolean;
  /** A group photo: tagged with several students, so no one family's alone (decision 073). */
  isGroup: boolean;
  /** The viewer may give feedback on it (a teacher of the student's classes, an admin). */
  givesFeedback: boolean;
  /** A group photo seen less widely than some tagged families chose (decision 073). */
  heldBack: boolean;
};

/** Which rows a post list holds, on top of what the viewer may see. */
/** The posts a list asks for, before what the viewer may see. */
export type PostFilter = { scope: PostScope; studentId?: number };

const hasFeedback = sql`exists (select 1 from feedbacks hf where hf.post_id = ${posts.id})`;

/** Which posts a scope lists, on top of what the viewer may see (docs/product.md#gallery). */
function scopeFilter(viewer: Viewer, { scope, studentId }: PostFilter): SQL | undefined {
  const family = viewer.role === 'student';
  switch (scope) {
    case 'feed':
      // The classes one is part of: a family's students' schedules (and its own posts), the
      // schedules a teacher teaches, everything for admins.
      if (viewer.role === 'admin') return undefined;
      if (viewer.role === 'teacher') return teachesStudent(viewer.id, posts.scheduleId);
      return sql`(${isFamilyOf(viewer)} or ${sharesScheduleWith(viewer.id)})`;
    case 'mine':
      return family ? isFamilyOf(viewer) : eq(posts.authorId, viewer.id);
    case 'feedback':
      if (family) return and(isFamilyOf(viewer), hasFeedback);
      if (viewer.role === 'teacher') {
        return and(teachesStudent(viewer.id, posts.scheduleId), sql`not ${hasFeedback}`);
      }
      return sql`not ${hasFeedback}`;
    case 'student':
      // A group photo is in each tagged child's gallery.
      return postOfStudent(studentId ?? 0);
  }
}

/** Keyset position: (created_at, id) of the last post of the previous page. */
export type PostCursor = { createdAt: string; id: number };

function postSelection(viewer: GalleryViewer) {
  return {
    id: posts.id,
    caption: posts.caption,
    createdAt: posts.createdAt,
    createdAtKey: sql<string>`to_char(${posts.createdAt} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`,
    updatedAt: posts.updatedAt,
    hiddenAt: posts.hiddenAt,
    authorId: posts.authorId,
    studentId: student.id,
    studentName: student.name,
    studentUserId: student.userId,
    // The effective choice: `family` while the media release withholds the work (decision 070).
    visibility: sql<
      'family' | 'classmates' | 'public'
    >`case when ${mediaReleaseWithheld(student.id)} then 'family' else ${student.visibility} end`,
    commentsNeedApproval: student.commentsNeedApproval,
    klassId: klass.id,
    klassStartsAt: klass.startsAt,
    klassScheduleId: klass.scheduleId,
    klassGroupName: klass.klassGroupName,
    klassGroupTranslations: klass.klassGroupTranslations,
    // Only the comments this viewer would be shown are counted.
    commentCount: sql<number>`(select count(*) from ${comments} where ${comments.postId} = ${posts.id} and ${seesComment(viewer)})::int`,
    feedbackCount: sql<number>`(select count(*) from ${feedbacks} where ${feedbacks.postId} = ${posts.id})::int`,
    isFamily: sql<boolean>`coalesce(${isFamilyOf(viewer)}, false)`,
    isGroup: sql<boolean>`exists (select 1 from ${postStudents} where ${postStudents.postId} = ${posts.id})`,
    givesFeedback: sql<boolean>`coalesce(${givesFeedback(viewer)}, false)`,
    // Staff only are told (postResource); nobody else's page pays for the check.
    heldBack: isStaff(viewer) ? sql<boolean>`${heldBack()}` : sql<boolean>`false`,
  };
}

function postQuery(db: Db, viewer: GalleryViewer, where: SQL | undefined) {
  return db
    .select(postSelection(viewer))
    .from(posts)
    .innerJoin(student, eq(student.id, posts.attendeeProfileId))
    .leftJoin(klass, eq(klass.id, posts.klassId))
    .where(and(seesPost(viewer), where));
}

type SelectedPost = Awaited<ReturnType<typeof postQuery>>[number];

function toPostRow(row: SelectedPost): PostRow {
  return {
    id: row.id,
    caption: row.caption,
    createdAt: row.createdAt,
    createdAtKey: row.createdAtKey,
    updatedAt: row.updatedAt,
    hiddenAt: row.hiddenAt,
    authorId: row.authorId,
    student: {
      id: row.studentId,
      name: row.studentName,
      userId: row.studentUserId,
      visibility: row.visibility,
      commentsNeedApproval: row.commentsNeedApproval,
    },
    klass:
      row.klassId !== null && row.klassStartsAt && row.klassScheduleId !== null
        ? {
            id: row.klassId,
            startsAt: row.klassStartsAt,
            scheduleId: row.klassScheduleId,
            klassGroupName: row.klassGroupName ?? '',
            klassGroupTranslations: row.klassGroupTranslations ?? {},
          }
        : null,
    commentCount: Number(row.commentCount),
    feedbackCount: Number(row.feedbackCount),
    isFamily: Boolean(row.isFamily),
    isGroup: Boolean(row.isGroup),
    givesFeedback: Boolean(row.givesFeedback),
    heldBack: Boolean(row.heldBack),
  };
}

/** One page of the posts the viewer sees among `filter`, newest first, after `cursor`. */
export async function pageOfPosts(
  db: Db,
  viewer: Viewer,
  filter: PostFilter,
  cursor: PostCursor | null,
  limit: number,
): Promise<PostRow[]> {
  const after = cursor
    ? sql`(${posts.createdAt}, ${posts.id}) < (${cursor.createdAt}::timestamptz, ${cursor.id})`
    : undefined;
  const rows = await postQuery(db, viewer, and(scopeFilter(viewer, filter), after))
    .orderBy(sql`${posts.createdAt} desc`, sql`${posts.id} desc`)
    .limit(limit);
  return rows.map(toPostRow);
}

/** The post has at least one processed picture (a list of pictures shows nothing else). */
export const hasReadyImage = sql`exists (select 1 from ${postImages}
  where ${postImages.postId} = ${posts.id} and ${inArray(postImages.imageId, readyImageIdsQuery())})`;

/**
 * A numbered page of the posts the viewer sees among `filter`, newest first, and how many there
 * are: two statements, whatever the page (the public student gallery's `?page=`).
 */
export async function numberedPageOfPosts(
  db: Db,
  viewer: GalleryViewer,
  filter: SQL | undefined,
  page: { offset: number; limit: number },
): Promise<{ rows: PostRow[]; total: number }> {
  const [rows, [counted]] = await Promise.all([
    postQuery(db, viewer, filter)
      .orderBy(sql`${posts.createdAt} desc`, sql`${posts.id} desc`)
      .limit(page.limit)
      .offset(page.offset),
    db
      .select({ n: count() })
      .from(posts)
      .innerJoin(student, eq(student.id, posts.attendeeProfileId))
      .where(and(seesPost(viewer), filter)),
  ]);
  return { rows: rows.map(toPostRow), total: Number(counted?.n ?? 0) };
}

/** The post, if the viewer may see it. */
export async function visiblePost(
  db: Db,
  viewer: GalleryViewer,
  postId: number,
): Promise<PostRow | undefined> {
  const [row] = await postQuery(db, viewer, eq(posts.id, postId)).limit(1);
  return row ? toPostRow(row) : undefined;
}

/** Image ids of each post, in the family's order (one query for a whole page). */
export async function imageIdsOfPosts(db: Db, postIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>(postIds.map((id) => [id, []]));
  if (postIds.length === 0) return out;
  const rows = await db
    .select({ postId: postImages.postId, imageId: postImages.imageId })
    .from(postImages)
    .where(inArray(postImages.postId, postIds))
    .orderBy(asc(postImages.postId), asc(postImages.position));
  for (const r of rows) out.get(r.postId)?.push(r.imageId);
  return out;
}

/** The student, if the viewer may see any of their work (scope=student). */
export async function visibleStudent(
  db: Db,
  viewer: GalleryViewer,
  attendeeProfileId: number,
): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: student.id })
    .from(student)
    .where(and(eq(student.id, attendeeProfileId), seesStudentWork(viewer, sql`null`, student.id)))
    .limit(1);
  return row;
}

/** Students' owners and names (to post for them), in one query; unknown ids are left out. */
export function studentsByIds(db: Db, attendeeProfileIds: readonly number[]) {
  if (attendeeProfileIds.length === 0) return Promise.resolve([]);
  return db
    .select({ id: student.id, userId: student.userId, name: student.name })
    .from(student)
    .where(inArray(student.id, [...attendeeProfileIds]));
}

/** A student's owner and name (to post for them). */
export async function studentById(db: Db, attendeeProfileId: number) {
  const [row] = await studentsByIds(db, [attendeeProfileId]);
  return row;
}

/**
 * The session, when the student is actively enrolled in its schedule: a post may be tied only to a
 * class the student takes.
 */
export async function klassOfStudent(
  db: Db,
  attendeeProfileId: number,
  klassId: number,
): Promise<
  | {
      id: number;
      scheduleId: number;
      klassGroupName: string;
      klassGroupTranslations: Translations<'name'>;
    }
  | undefined
> {
  const [row] = await db
    .select({
      id: klass.id,
      scheduleId: klass.scheduleId,
      klassGroupName: klass.klassGroupName,
      // The family's notice names the programme in the family's language.
      klassGroupTranslations: klass.klassGroupTranslations,
    })
    .from(klass)
    .where(
      and(eq(klass.id, klassId), activelyEnrolledIn(sql`${attendeeProfileId}`, klass.scheduleId)),
    )
    .limit(1);
  return row;
}

export async function insertPost(
  db: Db,
  post: {
    attendeeProfileId: number;
    authorId: number | null;
    klassId: number | null;
    scheduleId: number | null;
    caption: string;
  },
  imageIds: number[],
  /** A group photo's students, the post's own first (decision 073); one or none: no tags. */
  tagged: number[] = [],
): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx.insert(posts).values(post).returning({ id: posts.id });
    if (!row) throw new Error('posts insert returned no row');
    if (tagged.length > 1) {
      await tx
        .insert(postStudents)
        .values(tagged.map((attendeeProfileId) => ({ postId: row.id, attendeeProfileId })))
        .onConflictDoNothing();
    }
    if (imageIds.length === 0) return row.id;
    await tx
      .insert(postImages)
      .values(imageIds.map((imageId, position) => ({ postId: row.id, imageId, position })));
    return row.id;
  });
}

export async function updatePost(
  db: Db,
  postId: number,
  changes: Partial<
    Pick<
      typeof posts.$inferInsert,
      'caption' | 'klassId' | 'scheduleId' | 'hiddenAt' | 'hiddenById'
    >
  >,
): Promise<void> {
  await db
    .update(posts)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(posts.id, postId));
}

/** Deletes the post (its image links, comments, feedback and reports cascade); its image ids. */
export async function deletePost(db: Db, postId: number): Promise<number[]> {
  return db.transaction(async (tx) => {
    const ids = await tx
      .select({ imageId: postImages.imageId })
      .from(postImages)
      .where(eq(postImages.postId, postId));
    await tx.delete(posts).where(eq(posts.id, postId));
    return ids.map((r) => r.imageId);
  });
}

/**
 * Tags the post with exactly these students, the first becoming the post's own. The post's row is
 * locked first, so of two staff re-tagging at once one waits for the other: the last one wins,
 * whole, and the primary key never lets a child in twice.
 */
export async function setPostStudents(db: Db, postId: number, tagged: number[]): Promise<void> {
  const [first] = tagged;
  if (first === undefined) throw new Error('a post needs a student');
  await db.transaction(async (tx) => {
    await tx
      .update(posts)
      .set({ attendeeProfileId: first, updatedAt: new Date() })
      .where(eq(posts.id, postId));
    await tx.delete(postStudents).where(eq(postStudents.postId, postId));
    if (tagged.length < 2) return;
    await tx
      .insert(postStudents)
      .values(tagged.map((attendeeProfileId) => ({ postId, attendeeProfileId })))
      .onConflictDoNothing();
  });
}

/** The students of each post: a group photo's tags, or its one student (one query). */
export async function studentsOfPosts(db: Db, postIds: number[]): Promise<Map<number, number[]>> {
  const out = new Map<number, number[]>();
  if (postIds.length === 0) return out;
  const [own, tags] = await Promise.all([
    db
      .select({ id: posts.id, attendeeProfileId: posts.attendeeProfileId })
      .from(posts)
      .where(inArray(posts.id, postIds)),
    db
      .select({ postId: postStudents.postId, attendeeProfileId: postStudents.attendeeProfileId })
      .from(postStudents)
      .where(inArray(postStudents.postId, postIds))
      .orderBy(asc(postStudents.attendeeProfileId)),
  ]);
  for (const row of own) out.set(row.id, [row.attendeeProfileId]);
  for (const tag of tags) {
    const list = out.get(tag.postId);
    if (list && !list.includes(tag.attendeeProfileId)) list.push(tag.attendeeProfileId);
  }
  return out;
}

/** Which of these posts one child's stricter consent holds back (privacy.repository.ts). */
export async function heldBackAmong(db: Db, postIds: number[]): Promise<Set<number>> {
  if (postIds.length === 0) return new Set();
  const rows = await db
    .select({ id: posts.id })
    .from(posts)
    .where(and(inArray(posts.id, postIds), heldBack()));
  return new Set(rows.map((r) => r.id));
}

/** The students of each post with their names and their families' choices (staff answers). */
export async function taggedStudentsOfPosts(
  db: Db,
  postIds: number[],
): Promise<
  Map<number, { id: number; name: string; visibility: PostRow['student']['visibility'] }[]>
> {
  const ids = await studentsOfPosts(db, postIds);
  const all = [...new Set([...ids.values()].flat())];
  const rows =
    all.length === 0
      ? []
      : await db
          .select({ id: student.id, name: student.name, visibility: student.visibility })
          .from(student)
          .where(inArray(student.id, all));
  const byId = new Map(rows.map((r) => [r.id, r]));
  return new Map(
    [...ids].map(([postId, list]) => [
      postId,
      list.flatMap((id) => {
        const row = byId.get(id);
        return row ? [row] : [];
      }),
    ]),
  );
}

/** The post shows `to` where it showed `from` (a cropped photo replacing its original). */
export async function replacePostImage(
  db: Db,
  postId: number,
  from: number,
  to: number,
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .update(postImages)
      .set({ imageId: to })
      .where(and(eq(postImages.postId, postId), eq(postImages.imageId, from)));
    await tx.update(posts).set({ updatedAt: new Date() }).where(eq(posts.id, postId));
  });
}

/**
 * Whether a stored artwork file is still shared beyond the family and staff: it belongs to a post,
 * not hidden, whose every student's work is public or seen by classmates (docs/decisions/068-moderation-that-holds.md).
 */
export async function fileStillShared(db: Db, path: string): Promise<boolean> {
  // Every student of a group photo must share it (privacy.repository.ts).
  const shared = postSharedBeyondFamily();
  const [row] = await db
    .select({ id: posts.id })
    .from(postImages)
    .innerJoin(posts, eq(posts.id, postImages.postId))
    .where(
      and(inArray(postImages.imageId, imageIdsOfFileQuery(path)), isNull(posts.hiddenAt), shared),
    )
    .limit(1);
  return row !== undefined;
}
