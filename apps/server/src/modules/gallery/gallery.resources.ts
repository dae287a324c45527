import type { ArtworkImage, Language, PostAttributes } from '@atelier/contract';
import { nameInLanguage } from '../../lib/translated-content';
import type { CommentRow, FeedbackRow } from './comments.repository';
import { type GalleryViewer, isStaff } from './gallery-viewer';
import type { PostRow } from './posts.repository';
import type { ReportRow } from './reports.repository';
import { publicStudentName } from './student-name';

// The gallery's responses, built from rows: explicit DTOs (CONVENTIONS 4). Children's privacy
// (docs/architecture.md#gallery-privacy): the full name and the visibility choice only for the
// family and staff; no birthday ever leaves here (no row even carries one).

type AvatarUrl = (key: string | null) => string | null;

/**
 * The viewer's family keeps this post: it is their child's alone. A group photo is every tagged
 * family's, so one of them never changes or deletes what the others see: the school does
 * (docs/decisions/073-group-photos.md).
 */
export function familyKeepsPost(row: Pick<PostRow, 'isFamily' | 'isGroup'>): boolean {
  return row.isFamily && !row.isGroup;
}

export function postResource(
  row: PostRow,
  viewer: GalleryViewer,
  images: ArtworkImage[],
  language: Language,
) {
  const insider = row.isFamily || isStaff(viewer);
  const attributes: PostAttributes = {
    caption: row.caption,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
    student: {
      id: String(row.student.id),
      name: insider ? row.student.name : publicStudentName(row.student.name),
      visibility: insider ? row.student.visibility : null,
    },
    klass: row.klass
      ? {
          id: String(row.klass.id),
          starts_at: row.klass.startsAt.toISOString(),
          // The programme as the school names it in the reader's language
          // (docs/architecture.md#translated-content).
          klass_group_name: nameInLanguage(
            row.klass.klassGroupName,
            row.klass.klassGroupTranslations,
            language,
          ),
          schedule_id: String(row.klass.scheduleId),
        }
      : null,
    images,
    processing: images.some((image) => image.status === 'pending'),
    hidden: row.hiddenAt !== null,
    comment_count: row.commentCount,
    feedback_count: row.feedbackCount,
    permissions: {
      edit: familyKeepsPost(row) || (viewer !== null && row.authorId === viewer.id),
      delete: familyKeepsPost(row) || viewer?.role === 'admin',
      hide: isStaff(viewer),
      feedback: row.givesFeedback,
      comment: viewer !== null,
      report: viewer !== null && !row.isFamily,
    },
    // Staff only: which group photos one child's stricter consent holds back (decision 073).
    ...(isStaff(viewer) ? { held_back: row.heldBack } : {}),
  };
  return { id: String(row.id), type: 'posts' as const, attributes };
}

export function feedbackResource(row: FeedbackRow, viewer: GalleryViewer, avatarUrl: AvatarUrl) {
  return {
    id: String(row.id),
    type: 'feedbacks' as const,
    attributes: {
      body: row.body,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      teacher: row.teacher
        ? {
            id: String(row.teacher.id),
            name: row.teacher.name,
            avatar_url: avatarUrl(row.teacher.avatarKey),
          }
        : null,
      can_edit:
        viewer !== null &&
        (viewer.role === 'admin' || (row.teacher !== null && row.teacher.id === viewer.id)),
    },
  };
}

export function commentResource(row: CommentRow, viewer: GalleryViewer, avatarUrl: AvatarUrl) {
  const own = viewer !== null && row.author?.id === viewer.id;
  return {
    id: String(row.id),
    type: 'comments' as const,
    attributes: {
      body: row.body,
      created_at: row.createdAt.toISOString(),
      updated_at: row.updatedAt.toISOString(),
      status: row.status,
      edit_awaiting_review: row.editAwaitingReview,
      hidden: row.hiddenAt !== null,
      parent_id: row.parentId === null ? null : String(row.parentId),
      post_id: String(row.postId),
      author: row.author
        ? {
            id: String(row.author.id),
            name: row.author.name,
            avatar_url: avatarUrl(row.author.avatarKey),
            role: row.author.role,
          }
        : null,
      written_by: row.writtenBy ? { id: String(row.writtenBy.id), name: row.writtenBy.name } : null,
      permissions: {
        edit: own,
        delete: own || isStaff(viewer),
        hide: isStaff(viewer),
        approve: isStaff(viewer) && row.status === 'pending',
        report: viewer !== null && !own,
      },
    },
  };
}

export function reportResource(row: ReportRow) {
  return {
    id: String(row.id),
    type: 'reports' as const,
    attributes: {
      reason: row.reason,
      created_at: row.createdAt.toISOString(),
      resolved: row.resolvedAt !== null,
      post_id: row.postId === null ? null : String(row.postId),
      comment_id: row.commentId === null ? null : String(row.commentId),
      reporter: row.reporter ? { id: String(row.reporter.id), name: row.reporter.name } : null,
      excerpt: row.excerpt,
    },
  };
}
