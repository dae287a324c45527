/** Image uploads (programme images, avatars, artwork): what the server accepts and produces. */
export const IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const IMAGE_MIME_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ImageMimeType = (typeof IMAGE_MIME_TYPES)[number];
/** Longest side of the display size; smaller images are not enlarged. */
export const IMAGE_DISPLAY_MAX_PX = 1600;
/** Side of the square thumbnail. */
export const IMAGE_THUMB_PX = 320;
export const IMAGE_TOO_LARGE_MESSAGE = 'The image must be at most 5 MB';
export const IMAGE_TYPE_MESSAGE = 'Upload a JPEG, PNG or WebP image';
