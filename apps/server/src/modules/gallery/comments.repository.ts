import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { galleryStudentsTable } from '../users';
import { comments, feedbacks, posts } from './gallery.tables';
import type { GalleryViewer } from './gallery-viewer';
import { isStaff } from './gallery-viewer';
import { isFamilyOf, seesComment, seesPost, teachesStudent } from './privacy.repository';

// Comments and teacher feedback of posts. Every read joins the post so the privacy conditions
// (privacy.repository.ts) apply: a comment is seen only on a post one sees. Authors are ids here;
// the service names them through the users module (conversation-people.ts).

/** The post's student (users module): whose family is told. */
const student = galleryStudentsTable('student');

export type CommentRow = {
  id: number;
  postId: number;
  parentId: number | null;
  body: string;
  status: 'pending' | 'approved';
  /** An edit of an approved comment waiting for review, as its author and staff see it. */
  editAwaitingReview: boolean;
  hiddenAt: Date | null;
  createdAt: Date;
  updatedAt: Date;
  author: {
    id: number;
    name: string;
    avatarKey: string | null;
    role: 'student' | 'teacher' | 'admin';
  } | null;
  /** Who wrote it when not the author account (a second guardian), null otherwise. */
  writtenBy: { id: number; name: string } | null;
  /** The post's family (who is told when a comment becomes visible). */
  familyUserId: number | null;
  /** The viewer's account owns the post's student. */
  isFamily: boolean;
};

/** A comment as stored: its author by id (null once the account is deleted). */
export type CommentRecord = Omit<CommentRow, 'author' | 'writtenBy'> & {
  authorId: number | null;
  writtenById: number | null;
};

function commentQuery(db: Db, viewer: GalleryViewer) {
  return db
    .select({
      id: comments.id,
      postId: comments.postId,
      parentId: comments.parentId,
      body: comments.body,
      approvedBody: comments.approvedBody,
      approvedWrittenById: comments.approvedWrittenById,
      status: comments.status,
      hiddenAt: comments.hiddenAt,
      createdAt: comments.createdAt,
      updatedAt: comments.updatedAt,
      authorId: comments.authorId,
      writtenById: comments.writtenById,
      familyUserId: student.userId,
      isFamily: sql<boolean>`coalesce(${isFamilyOf(viewer)}, false)`,
    })
    .from(comments)
    .innerJoin(posts, eq(posts.id, comments.postId))
    .innerJoin(student, eq(student.id, posts.attendeeProfileId));
}

type SelectedComment = Awaited<ReturnType<typeof commentQuery>>[number];

/**
 * The comment as the viewer reads it: while an edit of an approved comment waits for review, its
 * author and staff see the new text (pending), everyone else the last approved one
 * (docs/decisions/068-moderation-that-holds.md).
 */
function toCommentRow(viewer: GalleryViewer, r: SelectedComment): CommentRecord {
  const seesEdit = isStaff(viewer) || (viewer !== null && r.authorId === viewer.id);
  const held = r.status === 'pending' && r.approvedBody !== null && !seesEdit;
  return {
    id: r.id,
    postId: r.postId,
    parentId: r.parentId,
    body: held ? (r.approvedBody ?? '') : r.body,
    status: held ? 'approved' : r.status,
    editAwaitingReview: r.status === 'pending' && r.approvedBody !== null && seesEdit,
    hiddenAt: r.hiddenAt,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    authorId: r.authorId,
    // The text last approved keeps its own writer's name.
    writtenById: held ? r.approvedWrittenById : r.writtenById,
    familyUserId: r.familyUserId,
    isFamily: Boolean(r.isFamily),
  };
}

/** Every comment of the post the viewer sees, oldest first (a post's thread is short). */
export async function commentsOfPost(
  db: Db,
  viewer: GalleryViewer,
  postId: number,
): Promise<CommentRecord[]> {
  const rows = await commentQuery(db, viewer)
    .where(and(eq(comments.postId, postId), seesPost(viewer), seesComment(viewer)))
    .orderBy(asc(comments.createdAt), asc(comments.id));
  return rows.map((r) => toCommentRow(viewer, r));
}

/** The comment, if the viewer sees it (and its post). */
export async function visibleComment(
  db: Db,
  viewer: GalleryViewer,
  commentId: number,
): Promise<CommentRecord | undefined> {
  const [row] = await commentQuery(db, viewer)
    .where(and(eq(comments.id, commentId), seesPost(viewer), seesComment(viewer)))
    .limit(1);
  return row ? toCommentRow(viewer, row) : undefined;
}

/**
 * Staff's queue: pending comments on posts of the teacher's students (all for admins), oldest
 * first, with the total.
 */
export async function pendingComments(
  db: Db,
  viewer: NonNullable<GalleryViewer>,
  page: { limit: number; offset: number },
): Promise<{ rows: CommentRecord[]; total: number }> {
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
    .where(where);
  return { rows: rows.map((r) => toCommentRow(viewer, r)), total: count?.n ?? 0 };
}

export async function insertComment(
  db: Db,
  comment: {
    postId: number;
    parentId: number | null;
    authorId: number;
    /** A second guardian writing as the family; left out when the author writes. */
    writtenById?: number | null;
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
      | 'body'
      | 'writtenById'
      | 'approvedBody'
      | 'status'
      | 'approvedById'
      | 'hiddenAt'
      | 'hiddenById'
    >
  >,
): Promise<void> {
  await db
    .update(comments)
    .set({ ...changes, updatedAt: new Date() })
    .where(eq(comments.id, commentId));
}

/**
 * An edit by someone whose comments wait for review: the new text goes back to pending, and the
 * text last approved stays shown to others meanwhile (kept from the first pending edit on; a
 * comment never approved has none to keep).
 */
export async function editCommentForReview(
  db: Db,
  commentId: number,
  edit: { body: string; writtenById: number | null },
): Promise<void> {
  await db
    .update(comments)
    .set({
      ...edit,
      status: 'pending',
      approvedBody: sql`case when ${comments.status} = 'approved' then ${comments.body} else ${comments.approvedBody} end`,
      approvedWrittenById: sql`case when ${comments.status} = 'approved' then ${comments.writtenById} else ${comments.approvedWrittenById} end`,
      updatedAt: new Date(),
    })
    .where(eq(comments.id, commentId));
}

/**
 * Approves a pending comment (or its pending edit, dropping the text kept meanwhile); true only
 * for the request that changed it, so two teachers approving at once tell the family once.
 */
export async function approveComment(
  db: Db,
  commentId: number,
  approvedById: number,
): Promise<boolean> {
  const rows = await db
    .update(comments)
    .set({
      status: 'approved',
      approvedById,
      approvedBody: null,
      approvedWrittenById: null,
      updatedAt: new Date(),
    })
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

/** Feedback as stored: its teacher by id (null once the account is deleted). */
export type FeedbackRecord = Omit<FeedbackRow, 'teacher'> & { teacherId: number | null };

function feedbackQuery(db: Db) {
  return db
    .select({
      id: feedbacks.id,
      postId: feedbacks.postId,
      body: feedbacks.body,
      createdAt: feedbacks.createdAt,
      updatedAt: feedbacks.updatedAt,
      teacherId: feedbacks.teacherId,
    })
    .from(feedbacks);
}

function toFeedbackRow(r: Awaited<ReturnType<typeof feedbackQuery>>[number]): FeedbackRecord {
  return {
    id: r.id,
    postId: r.postId,
    body: r.body,
    createdAt: r.createdAt,
    updatedAt: r.updatedAt,
    teacherId: r.teacherId,
  };
}

/** The feedback of a post (one the caller has checked the viewer sees), oldest first. */
export async function feedbacksOfPost(db: Db, postId: number): Promise<FeedbackRecord[]> {
  const rows = await feedbackQuery(db)
    .where(eq(feedbacks.postId, postId))
    .orderBy(asc(feedbacks.createdAt), asc(feedbacks.id));
  return rows.map(toFeedbackRow);
}

export async function feedbackById(
  db: Db,
  feedbackId: number,
): Promise<FeedbackRecord | undefined> {
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
