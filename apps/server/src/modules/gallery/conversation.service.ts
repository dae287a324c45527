import { GALLERY_MESSAGES } from '@atelier/contract';
import { AppError, forbidden, notFound, ValidationError } from '../../lib/app-error';
import { guardianOf, pageMeta, pageWindow, type Viewer } from '../../lib/http';
import {
  approveComment,
  commentsOfPost,
  deleteComment,
  deleteFeedback,
  editCommentForReview,
  feedbackById,
  insertComment,
  insertFeedback,
  pendingComments,
  updateComment,
  updateFeedback,
  visibleComment,
} from './comments.repository';
import { withAuthors, withReporters, withTeachers } from './conversation-people';
import type { GalleryContext } from './gallery.context';
import { commentResource, feedbackResource, reportResource } from './gallery.resources';
import { isStaff } from './gallery-viewer';
import { seenPost, tellFamiliesOfPost } from './posts.service';
import { insertReportOnce, openReports, resolveReport, visibleReport } from './reports.repository';

// Comments (one level of replies, approval), teacher feedback and reports
// (docs/product.md#gallery). Everything starts from a post the viewer sees: otherwise 404.

// --- Comments ---

export async function listComments(ctx: GalleryContext, viewer: Viewer, postId: number) {
  await seenPost(ctx, viewer, postId);
  const rows = await withAuthors(ctx, await commentsOfPost(ctx.db, viewer, postId));
  return { data: rows.map((r) => commentResource(r, viewer, ctx.avatarUrl)) };
}

async function seenComment(ctx: GalleryContext, viewer: Viewer, commentId: number) {
  const found = await visibleComment(ctx.db, viewer, commentId);
  const [row] = await withAuthors(ctx, found ? [found] : []);
  if (!row) throw notFound('Comment');
  return row;
}

async function commentDocument(ctx: GalleryContext, viewer: Viewer, commentId: number) {
  return {
    data: commentResource(await seenComment(ctx, viewer, commentId), viewer, ctx.avatarUrl),
  };
}

/**
 * A comment or a reply. Someone outside the family and staff commenting on a child whose family
 * asks for approval (the default) writes a `pending` comment: only they and staff see it until a
 * teacher approves it (docs/architecture.md#gallery-privacy).
 */
export async function addComment(
  ctx: GalleryContext,
  viewer: Viewer,
  postId: number,
  body: { body: string; parent_id?: number },
) {
  const post = await seenPost(ctx, viewer, postId);
  let parentId: number | null = null;
  if (body.parent_id !== undefined) {
    const parent = await visibleComment(ctx.db, viewer, body.parent_id);
    if (!parent || parent.postId !== post.id) {
      throw new ValidationError([{ field: 'parent_id', detail: 'Invalid input' }]);
    }
    if (parent.parentId !== null) {
      throw new ValidationError([{ field: 'parent_id', detail: GALLERY_MESSAGES.replyToReply }]);
    }
    parentId = parent.id;
  }
  const waits = !isStaff(viewer) && !post.isFamily && post.student.commentsNeedApproval;
  const id = await insertComment(ctx.db, {
    postId: post.id,
    parentId,
    authorId: viewer.id,
    // A second guardian writes as the family under their own name (decision 071).
    writtenById: guardianOf(viewer),
    body: body.body,
    status: waits ? 'pending' : 'approved',
  });
  if (!waits) {
    await tellFamiliesOfPost(ctx, post, { kind: 'comments', senderId: viewer.id, text: body.body });
  }
  return commentDocument(ctx, viewer, id);
}

/**
 * The author edits the body (back to pending where comments wait for approval); staff approve
 * (telling the family) or hide and show.
 */
export async function editComment(
  ctx: GalleryContext,
  viewer: Viewer,
  commentId: number,
  body: { body?: string; approved?: true; hidden?: boolean },
) {
  const row = await seenComment(ctx, viewer, commentId);
  const own = row.author?.id === viewer.id;
  if (body.body !== undefined && !own) throw forbidden('Only its author may edit a comment.');
  if ((body.approved !== undefined || body.hidden !== undefined) && !isStaff(viewer)) {
    throw forbidden('Only teachers and admins may approve or hide a comment.');
  }
  if (body.body !== undefined) {
    // An edit is a new text: it waits for review whenever a new comment by this author would
    // (docs/decisions/068-moderation-that-holds.md), so an approval cannot be reused for other words.
    const post = await seenPost(ctx, viewer, row.postId);
    const waits = !isStaff(viewer) && !post.isFamily && post.student.commentsNeedApproval;
    // Signed by whoever wrote the words it now holds: the other guardian's edit is theirs.
    const edit = { body: body.body, writtenById: guardianOf(viewer) };
    if (waits) await editCommentForReview(ctx.db, row.id, edit);
    else await updateComment(ctx.db, row.id, edit);
  }
  if (body.hidden !== undefined) {
    await updateComment(ctx.db, row.id, {
      hiddenAt: body.hidden ? new Date() : null,
      hiddenById: body.hidden ? viewer.id : null,
    });
  }
  if (body.approved && (await approveComment(ctx.db, row.id, viewer.id))) {
    const post = await seenPost(ctx, viewer, row.postId);
    await tellFamiliesOfPost(ctx, post, {
      kind: 'comments',
      senderId: row.author?.id ?? null,
      text: body.body ?? row.body,
    });
  }
  return commentDocument(ctx, viewer, row.id);
}

export async function removeComment(ctx: GalleryContext, viewer: Viewer, commentId: number) {
  const row = await seenComment(ctx, viewer, commentId);
  if (row.author?.id !== viewer.id && !isStaff(viewer)) {
    throw forbidden('Only its author, a teacher or an admin may delete a comment.');
  }
  await deleteComment(ctx.db, row.id);
}

/** Staff's approval queue: pending comments in the teacher's classes (admins: all). */
export async function commentQueue(ctx: GalleryContext, viewer: Viewer, page: number) {
  const { rows, total } = await pendingComments(ctx.db, viewer, pageWindow(page));
  const named = await withAuthors(ctx, rows);
  return {
    data: named.map((r) => commentResource(r, viewer, ctx.avatarUrl)),
    meta: pageMeta(page, total),
  };
}

// --- Feedback ---

/** The feedback with its teacher named, or undefined. */
async function namedFeedback(ctx: GalleryContext, feedbackId: number) {
  const found = await feedbackById(ctx.db, feedbackId);
  const [row] = await withTeachers(ctx, found ? [found] : []);
  return row;
}

async function feedbackDocument(ctx: GalleryContext, viewer: Viewer, feedbackId: number) {
  const row = await namedFeedback(ctx, feedbackId);
  if (!row) throw notFound('Feedback');
  return { data: feedbackResource(row, viewer, ctx.avatarUrl) };
}

/** A teacher of the student's classes (or an admin) gives written feedback; the family is told. */
export async function addFeedback(
  ctx: GalleryContext,
  viewer: Viewer,
  postId: number,
  body: string,
) {
  const post = await seenPost(ctx, viewer, postId);
  if (!post.givesFeedback) {
    throw forbidden('Only a teacher of this student’s classes or an admin may give feedback.');
  }
  const id = await insertFeedback(ctx.db, { postId: post.id, teacherId: viewer.id, body });
  await tellFamiliesOfPost(ctx, post, { kind: 'feedbacks', senderId: viewer.id, text: body });
  return feedbackDocument(ctx, viewer, id);
}

/** Feedback the viewer may change: its teacher's or, for an admin, any (on a post they see). */
async function ownFeedback(ctx: GalleryContext, viewer: Viewer, feedbackId: number) {
  const row = await namedFeedback(ctx, feedbackId);
  if (!row) throw notFound('Feedback');
  await seenPost(ctx, viewer, row.postId).catch(() => {
    throw notFound('Feedback');
  });
  if (viewer.role !== 'admin' && row.teacher?.id !== viewer.id) {
    throw forbidden('Only the teacher who wrote it or an admin may change this feedback.');
  }
  return row;
}

export async function editFeedback(
  ctx: GalleryContext,
  viewer: Viewer,
  feedbackId: number,
  body: string,
) {
  const row = await ownFeedback(ctx, viewer, feedbackId);
  await updateFeedback(ctx.db, row.id, body);
  return feedbackDocument(ctx, viewer, row.id);
}

export async function removeFeedback(ctx: GalleryContext, viewer: Viewer, feedbackId: number) {
  const row = await ownFeedback(ctx, viewer, feedbackId);
  await deleteFeedback(ctx.db, row.id);
}

// --- Reports ---

/** Anyone signed in reports a post or comment they can see, once per target. */
export async function fileReport(
  ctx: GalleryContext,
  viewer: Viewer,
  body: { post_id?: number; comment_id?: number; reason: string },
) {
  if (body.post_id !== undefined) await seenPost(ctx, viewer, body.post_id);
  else if (body.comment_id !== undefined) await seenComment(ctx, viewer, body.comment_id);
  const id = await insertReportOnce(ctx.db, {
    reporterId: viewer.id,
    postId: body.post_id ?? null,
    commentId: body.post_id === undefined ? (body.comment_id ?? null) : null,
    reason: body.reason,
  });
  if (id === null) {
    throw new AppError('conflict', GALLERY_MESSAGES.alreadyReported, {
      reason: 'already_reported',
    });
  }
  return reportDocument(ctx, viewer, id);
}

async function reportDocument(ctx: GalleryContext, viewer: Viewer, reportId: number) {
  const found = await visibleReport(ctx.db, viewer, reportId);
  const [row] = await withReporters(ctx, found ? [found] : []);
  if (!row) throw notFound('Report');
  return { data: reportResource(row) };
}

/** Staff: open reports of posts they see, newest first. */
export async function listReports(ctx: GalleryContext, viewer: Viewer, page: number) {
  const { rows, total } = await openReports(ctx.db, viewer, pageWindow(page));
  const named = await withReporters(ctx, rows);
  return { data: named.map(reportResource), meta: pageMeta(page, total) };
}

export async function closeReport(ctx: GalleryContext, viewer: Viewer, reportId: number) {
  const row = await visibleReport(ctx.db, viewer, reportId);
  if (!row) throw notFound('Report');
  await resolveReport(ctx.db, row.id, viewer.id);
  return reportDocument(ctx, viewer, row.id);
}
