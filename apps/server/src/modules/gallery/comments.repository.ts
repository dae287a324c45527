import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { attendeeProfiles, users } from '../users/users.tables';
import { comments, feedbacks, posts } from './gallery.tables';
import type { GalleryViewer } from './gallery-viewer';
import { isFamilyOf, seesComment, seesPost, teachesStudent } from './privacy.repository';

// Comments and teacher feedback of posts. Every read joins the post and its student so the
// privacy conditions (privacy.repository.ts) apply: a comment is seen only on a post one sees.

export type CommentRow = {
  id: number;
  postId: number;
  parentId: number | null;
  body: string;
  status: 'pending' | 'approved';
  hiddenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  author: {
    id: number;
    name: string;
    avatarKey: string | null;
    role: 'student' | 'teacher' | 'admin';
  } | null;
  /** The post's family (who is told when a comment becomes visible). */
  familyUserId: number | null;
  /** The viewer's account owns the post's student. */
  isFamily: boolean;
};

function commentQuery(db: Db, viewer: GalleryViewer) {
  return db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      body: comments.body,
      status: comments.status,
      hiddenAt: comments.hiddenAt,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      authorId: users.id,
      authorName: users.name,
      authorAvatarKey: users.avatarKey,
      authorRole: users.role,
      familyUserId: attendeeProfiles.userId,
      isFamily: sql<boolean>`coalesce(${isFamilyOf(viewer)}, false)`,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, posts.attendeeProfileId))
    .leftJoin(users, eq(users.id, comments.authorId));
}

type SelectedComment = Awaited<ReturnType<typeof commentQuery>>[number];

function toCommentRow(r: SelectedComment): CommentRow {
  return {
    id: r.id,
    postId: r.postId,
    parentId: r.parentId,
    body: r.body,
    status: r.status,
    hiddenAt: r.hiddenAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    author:
      r.authorId !== null && r.authorName !== null && r.authorRole !== null
        ? { id: r.authorId, name: r.authorName, avatarKey: r.authorAvatarKey, role: r.authorRole }
        : null,
    familyUserId: r.familyUserId,
    isFamily: Boolean(r.isFamily),
  };
}

/** Every comment of the post the viewer sees, oldest first (a post's thread is short). */
export async function commentsOfPost(
  db: Db,
  viewer: GalleryViewer,
  postId: number,
): Promise<CommentRow[]> {
  const rows = await commentQuery(db, viewer)
    .where(and(eq(comments.postId, postId), seesPost(viewer), seesComment(viewer)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map(toCommentRow);
}

/** The comment, if the viewer sees it (and its post). */
export async function visibleComment(
  db: Db,
  viewer: GalleryViewer,
  commentId: number,
): Promise<CommentRow | undefined> {
  const [row] = await commentQuery(db, viewer)
    .where(and(eq(comments.id, commentId), seesPost(viewer), seesComment(viewer)))
    .limit(1);
  return row ? toCommentRow(row) : undefined;
}

/**
 * Staff's queue: pending comments on posts of the teacher's students (all for admins), oldest
 * first, with the total.
 */
export async function pendingComments(
  db: Db,
  viewer: NonNullable<GalleryViewer>,
  page: { limit: number; offset: number },
): Promise<{ rows: CommentRow[]; total: number }> {
  const mine = viewer.role === 'admin' ? undefined : teachesStudent(viewer.id, posts.scheduleId);
  const where = and(eq(comments.status, 'pending'), seesPost(viewer), mine);
  const rows = await commentQuery(db, viewer)
    .where(where)
    .orderBy(asc(comments.createdAt), asc(comments.id))
    .limit(page.limit)
    .offset(page.offset);
  const [count] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(attendeeProfiles, eq(attendeeProfiles.id, posts.attendeeProfileId))
    .where(where);
  return { rows: rows.map(toCommentRow), total: count?.n ?? 0 };
}

export async function insertComment(
  db: Db,
  comment: {
    postId: number;
    parentId: number | null;
    authorId: number;
    body: string;
    status: 'pending' | 'approved';
  },
): Promise<number> {
  const [row] = await db.insert(comments).values(comment).returning({ id: comments.id });
  if (!row) throw new Error('comments insert returned no row');
  return row.id;
}

export async function updateComment(
  db: Db,
  commentId: number,
  changes: Partial<
    Pick<
      typeof comments.$inferInsert,
      'body' | 'status' | 'approvedById' | 'hiddenAt' | 'hiddenById'
    >
  >,
): Promise<void> {
  await db
    .update(comments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(comments.id, commentId));
}

/**
 * Approves a pending comment; true only for the request that changed it, so two teachers
 * approving at once tell the family once.
 */
export async function approveComment(
  db: Db,
  commentId: number,
  approvedById: number,
): Promise<boolean> {
  const rows = await db
    .update(comments)
    .set({ status: 'approved', approvedById, updatedAt: new Date() })
    .where(and(eq(comments.id, commentId), eq(comments.status, 'pending')))
    .returning({ id: comments.id });
  return rows.length > 0;
}

export async function deleteComment(db: Db, commentId: number): Promise<void> {
  await db.delete(comments).where(eq(comments.id, commentId));
}

export type FeedbackRow = {
  id: number;
  postId: number;
  body: string;
  createdAt: Date;
  updatedAt: Date;
  teacher: { id: number; name: string; avatarKey: string | null } | null;
};

function feedbackQuery(db: Db) {
  return db
    .select({
      id: feedbacks.id,
      postId: feedbacks.postId,
      body: feedbacks.body,
      createdAt: feedbacks.createdAt,
      updatedAt: feedbacks.updatedAt,
      teacherId: users.id,
      teacherName: users.name,
      teacherAvatarKey: users.avatarKey,
    })
    .from(feedbacks)
    .leftJoin(users, eq(users.id, feedbacks.teacherId));
}

function toFeedbackRow(r: Awaited<ReturnType<typeof feedbackQuery>>[number]): FeedbackRow {
  return {
    id: r.id,
    postId: r.postId,
    body: r.body,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    teacher:
      r.teacherId !== null && r.teacherName !== null
        ? { id: r.teacherId, name: r.teacherName, avatarKey: r.teacherAvatarKey }
        : null,
  };
}

/** The feedback of a post (one the caller has checked the viewer sees), oldest first. */
export async function feedbacksOfPost(db: Db, postId: number): Promise<FeedbackRow[]> {
  const rows = await feedbackQuery(db)
    .where(eq(feedbacks.postId, postId))
    .orderBy(asc(feedbacks.createdAt), asc(feedbacks.id));
  return rows.map(toFeedbackRow);
}

export async function feedbackById(db: Db, feedbackId: number): Promise<FeedbackRow | undefined> {
  const [row] = await feedbackQuery(db).where(eq(feedbacks.id, feedbackId)).limit(1);
  return row ? toFeedbackRow(row) : undefined;
}

export async function insertFeedback(
  db: Db,
  feedback: { postId: number; teacherId: number; body: string },
): Promise<number> {
  const [row] = await db.insert(feedbacks).values(feedback).returning({ id: feedbacks.id });
  if (!row) throw new Error('feedbacks insert returned no row');
  return row.id;
}

export async function updateFeedback(db: Db, feedbackId: number, body: string): Promise<void> {
  await db
    .update(feedbacks)
    .set({ body, updatedAt: new Date() })
    .where(eq(feedbacks.id, feedbackId));
}

export async function deleteFeedback(db: Db, feedbackId: number): Promise<void> {
  await db.delete(feedbacks).where(eq(feedbacks.id, feedbackId));
}
