// Photo boxes (docs/product.md#photo-box), free of zod for the upload page's first paint.

/** The longest a photo box stays open: its link is a short-lived capability. */
export const PHOTO_BOX_MAX_HOURS = 72;
/** Uploads one box accepts per window, from everyone holding its link together. */
export const PHOTO_BOX_UPLOAD_LIMIT = 60;
export const PHOTO_BOX_UPLOAD_WINDOW_SECONDS = 10 * 60;

export const PHOTO_BOX_PHOTO_STATUSES = ['waiting', 'assigned', 'discarded'] as const;
export type PhotoBoxPhotoStatus = (typeof PHOTO_BOX_PHOTO_STATUSES)[number];

export const PHOTO_BOX_MESSAGES = {
  closesInPast: 'Choose a closing time in the future',
  closesTooLate: `A photo box stays open at most ${PHOTO_BOX_MAX_HOURS} hours`,
  closed: 'This photo box is closed',
  notYourSession: 'Choose a session you teach',
  notInSession: 'Choose a student of this session',
  alreadyHandled: 'This photo has already been assigned or discarded',
} as const;
