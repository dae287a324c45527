import {
  type ArtworkImage,
  type Comment,
  type Feedback,
  type Post,
  resource,
} from '@atelier/contract';

/** Test-only: a processed artwork image. */
export function buildImage(overrides: Partial<ArtworkImage> = {}): ArtworkImage {
  return {
    id: 'img-1',
    status: 'ready',
    url: '/media/img-1.webp',
    avif_url: '/media/img-1.avif',
    thumb_url: '/media/img-1-thumb.webp',
    width: 1200,
    height: 900,
    placeholder: 'data:image/webp;base64,AAAA',
    ...overrides,
  };
}

const NO_RIGHTS = {
  edit: false,
  delete: false,
  hide: false,
  feedback: false,
  comment: true,
  report: true,
};

/** Test-only: a post as the web holds it (a classmate's family's view by default). */
export function buildPost(overrides: Partial<Post> = {}): Post {
  return {
    id: '1',
    type: 'posts',
    caption: 'A bowl of pears',
    created_at: '2026-03-14T15:00:00Z',
    updated_at: '2026-03-14T15:00:00Z',
    student: { id: '11', name: 'Mia K.', visibility: null },
    klass: {
      id: '31',
      starts_at: '2026-03-14T14:00:00Z',
      klass_group_name: 'Observational Drawing',
      schedule_id: '21',
    },
    images: [buildImage()],
    processing: false,
    hidden: false,
    comment_count: 2,
    feedback_count: 1,
    permissions: NO_RIGHTS,
    ...overrides,
  };
}

function postResource({ id, type, feedbacks: _feedbacks, ...attributes }: Post) {
  return { id, type, attributes };
}

/** Test-only: a page of GET /api/v1/posts. */
export function postListDocument(posts: Post[], nextCursor: string | null = null) {
  return { data: posts.map(postResource), meta: { next_cursor: nextCursor } };
}

export function buildFeedback(overrides: Partial<Feedback> = {}): Feedback {
  return {
    id: '41',
    type: 'feedbacks',
    body: 'Lovely shading on the pears.',
    created_at: '2026-03-15T10:00:00Z',
    updated_at: '2026-03-15T10:00:00Z',
    teacher: { id: '3', name: 'Ms Rivera', avatar_url: null },
    can_edit: false,
    ...overrides,
  };
}

/** Test-only: GET /api/v1/posts/{id}, the feedback included. */
export function postDocument(post: Post, feedbacks: Feedback[] = []) {
  return {
    data: {
      ...postResource(post),
      relationships: {
        feedbacks: { data: feedbacks.map((f) => ({ id: f.id, type: 'feedbacks' as const })) },
      },
    },
    ...(feedbacks.length > 0
      ? {
          included: feedbacks.map(({ id, type, ...attributes }) => resource(type, id, attributes)),
        }
      : {}),
  };
}

export function buildComment(overrides: Partial<Comment> = {}): Comment {
  return {
    id: '51',
    type: 'comments',
    body: 'So good!',
    created_at: '2026-03-15T11:00:00Z',
    updated_at: '2026-03-15T11:00:00Z',
    status: 'approved',
    edit_awaiting_review: false,
    hidden: false,
    parent_id: null,
    post_id: '1',
    author: { id: '8', name: 'Grace H.', avatar_url: null, role: 'student' },
    written_by: null,
    permissions: { edit: false, delete: false, hide: false, approve: false, report: true },
    ...overrides,
  };
}

function commentResource({ id, type, ...attributes }: Comment) {
  return { id, type, attributes };
}

/** Test-only: GET /api/v1/posts/{id}/comments (or the staff queue, with `meta`). */
export function commentListDocument(comments: Comment[], meta?: Record<string, number>) {
  return { data: comments.map(commentResource), ...(meta ? { meta } : {}) };
}

/** Test-only: POST /api/v1/posts/{id}/comments and PATCH /api/v1/comments/{id}. */
export function commentDocument(comment: Comment) {
  return { data: commentResource(comment) };
}
