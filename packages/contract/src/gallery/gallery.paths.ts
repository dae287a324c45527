type Id = string | number;

/** API paths of the gallery (docs/product.md#gallery). */
export const GALLERY_API = {
  /** GET ?scope=&attendee_profile_id=&cursor= (cursor paged) / POST multipart: a new post. */
  posts: '/api/v1/posts',
  /** GET (with feedbacks included) / PATCH {post} / DELETE. */
  post: (id: Id) => `/api/v1/posts/${id}`,
  /** GET (every comment and reply the viewer may see) / POST {comment}. */
  postComments: (postId: Id) => `/api/v1/posts/${postId}/comments`,
  /** Staff: GET ?status=pending: comments waiting for approval, in the teacher's classes. */
  comments: '/api/v1/comments',
  /** PATCH {comment: {body | approved | hidden}} / DELETE. */
  comment: (id: Id) => `/api/v1/comments/${id}`,
  /** Staff: POST {feedback}. */
  postFeedbacks: (postId: Id) => `/api/v1/posts/${postId}/feedbacks`,
  /** PATCH {feedback} / DELETE: the teacher who wrote it, or an admin. */
  feedback: (id: Id) => `/api/v1/feedbacks/${id}`,
  /** POST {report} (anyone signed in) / staff: GET open reports (paged). */
  reports: '/api/v1/reports',
  /** Staff: PATCH {report: {resolved: true}}. */
  report: (id: Id) => `/api/v1/reports/${id}`,
} as const;

/** SPA pages of the gallery, relative to APP_BASE. */
export const GALLERY_PAGES = {
  feed: '/gallery',
  mine: '/gallery/my_gallery',
  feedback: '/gallery/feedback',
  student: (attendeeProfileId: Id) => `/gallery/student/${attendeeProfileId}`,
  /** Any gallery page opens one post in its dialog with `?post={id}`. */
  post: (postId: Id) => `/gallery/my_gallery?post=${postId}`,
} as const;
