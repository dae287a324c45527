// Photo boxes (docs/product.md#photo-box), free of zod for the upload page's first paint.

/** The longest a photo box stays open: its link is a short-lived capability. */
export const PHOTO_BOX_MAX_HOURS = 72;
/** Uploads one box accepts per window, from everyone holding its link together. */
export const PHOTO_BOX_UPLOAD_LIMIT = 60;
export const PHOTO_BOX_UPLOAD_WINDOW_SECONDS = 10 * 60;
/** Uploads one device (a phone's upload page) may send per window, across boxes. */
export const PHOTO_BOX_DEVICE_UPLOAD_LIMIT = 30;
/** Requests to links that are no box, per client address and window: guessing, not uploading. */
export const PHOTO_BOX_UNKNOWN_LINK_LIMIT = 20;
/**
 * The header naming the uploading device: an id the upload page makes once and keeps. Without it
 * (or malformed), the client's address stands in for the device.
 */
export const PHOTO_BOX_DEVICE_HEADER = 'x-photo-box-device';
/** What a device id looks like; any other value of the header is ignored. */
export const PHOTO_BOX_DEVICE_ID_PATTERN = /^[A-Za-z0-9_-]{8,64}$/;

/** The most students one group photo may be tagged with. */
export const PHOTO_BOX_MAX_TAGS = 30;

export const PHOTO_BOX_PHOTO_STATUSES = ['waiting', 'assigned', 'discarded'] as const;
export type PhotoBoxPhotoStatus = (typeof PHOTO_BOX_PHOTO_STATUSES)[number];

export const PHOTO_BOX_MESSAGES = {
  closesInPast: 'Choose a closing time in the future',
  closesTooLate: `A photo box stays open at most ${PHOTO_BOX_MAX_HOURS} hours`,
  closed: 'This photo box is closed',
  notYourKlass: 'Choose a session you teach',
  notInKlass: 'Choose a student of this session',
  alreadyHandled: 'This photo has already been assigned or discarded',
  chooseStudents: 'Choose at least one student',
  tooManyStudents: `Tag at most ${PHOTO_BOX_MAX_TAGS} students`,
  duplicateStudent: 'Each student may be tagged once',
  notAssigned: 'This photo has not been assigned yet',
  cropOutside: 'The crop must lie inside the photo',
  notReady: 'This photo is still being processed',
} as const;
