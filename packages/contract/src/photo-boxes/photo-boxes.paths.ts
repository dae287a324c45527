type Id = string | number;

/** API paths of photo boxes (docs/product.md#photo-box). */
export const PHOTO_BOXES_API = {
  /** Staff: GET (yours; all for admins, paged) / POST {photo_box: {klass_id, closes_at}}. */
  boxes: '/api/v1/photo_boxes',
  /**
   * With a box's token, no sign-in: GET what the upload page shows. With its id, staff: PATCH
   * {photo_box: {closes_at}} (close now or extend).
   */
  box: (idOrToken: Id) => `/api/v1/photo_boxes/${idOrToken}`,
  /** No sign-in: POST multipart `photo`, one image per request. */
  upload: (token: string) => `/api/v1/photo_boxes/${token}/photos`,
  /** Staff: DELETE discards a waiting photo. */
  photo: (boxId: Id, photoId: Id) => `/api/v1/photo_boxes/${boxId}/photos/${photoId}`,
  /**
   * Staff: POST {attendee_profile_ids} (or one attendee_profile_id): the photo becomes one post
   * tagged with those students.
   */
  assign: (boxId: Id, photoId: Id) => `/api/v1/photo_boxes/${boxId}/photos/${photoId}/assign`,
  /** Staff: GET group photos held back by one child's stricter consent (yours; all for admins). */
  heldPhotos: '/api/v1/photo_boxes/held_photos',
  /** Staff: POST {crop: {x, y, width, height}}: the assigned photo's image is replaced by a crop. */
  crop: (boxId: Id, photoId: Id) => `/api/v1/photo_boxes/${boxId}/photos/${photoId}/crop`,
  /** Staff: PUT {attendee_profile_ids}: the students an assigned photo is tagged with. */
  tags: (boxId: Id, photoId: Id) => `/api/v1/photo_boxes/${boxId}/photos/${photoId}/tags`,
} as const;

/** SPA pages, relative to APP_BASE. */
export const PHOTO_BOX_PAGES = {
  manage: '/photo_box',
  upload: (token: string) => `/photo_upload?box=${encodeURIComponent(token)}`,
} as const;
