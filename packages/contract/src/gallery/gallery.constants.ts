// The gallery's constants and messages, free of zod so web pages can import them without the
// schemas (docs/product.md#gallery).

/** Who sees a student's work besides the family and the teachers (docs/product.md#childrens-privacy). */
export const GALLERY_VISIBILITIES = ['family', 'classmates', 'public'] as const;
export type GalleryVisibility = (typeof GALLERY_VISIBILITIES)[number];

/** The lists of GET /api/v1/posts. */
export const POST_SCOPES = ['feed', 'mine', 'feedback', 'student'] as const;
export type PostScope = (typeof POST_SCOPES)[number];

/** Images per post. */
export const POST_IMAGES_MIN = 1;
export const POST_IMAGES_MAX = 10;
/** Posts per page of a gallery list (cursor paging). */
export const POSTS_PAGE_SIZE = 12;
export const CAPTION_MAX_LENGTH = 2000;
export const COMMENT_MAX_LENGTH = 2000;
export const FEEDBACK_MAX_LENGTH = 5000;
export const REPORT_REASON_MAX_LENGTH = 1000;
/** The largest artwork photo accepted (posts and photo boxes). */
export const ARTWORK_MAX_BYTES = 10 * 1024 * 1024;

export const IMAGE_STATUSES = ['pending', 'ready', 'failed'] as const;
export type ImageStatus = (typeof IMAGE_STATUSES)[number];
export const COMMENT_STATUSES = ['pending', 'approved'] as const;
export type CommentStatus = (typeof COMMENT_STATUSES)[number];

/** Field messages of the gallery's forms. */
export const GALLERY_MESSAGES = {
  imagesRequired: 'Add at least one image',
  tooManyImages: `Add at most ${POST_IMAGES_MAX} images`,
  artworkTooLarge: 'Each photo must be at most 10 MB',
  notYourStudent: 'Choose one of your family members',
  notTheirKlass: 'Choose a session this student is enrolled in',
  replyToReply: 'Reply to the comment itself, not to a reply',
  reportTarget: 'Report either a post or a comment',
  alreadyReported: 'You have already reported this',
} as const;
