import { ARTWORK_MAX_BYTES, POST_IMAGES_MAX, POST_IMAGES_MIN } from '@atelier/contract';
import type { MessageKey } from '../../i18n/i18n';

/**
 * What is wrong with the chosen images before anything is sent (the server checks the same:
 * docs/product.md#gallery, 1–10 images of at most 10 MB each), or null.
 */
export function imagesProblem(files: readonly File[]): MessageKey | null {
  if (files.length < POST_IMAGES_MIN) return 'gallery.newPost.messages.imagesRequired';
  if (files.length > POST_IMAGES_MAX) return 'gallery.newPost.messages.tooManyImages';
  if (files.some((f) => f.size > ARTWORK_MAX_BYTES)) return 'gallery.newPost.messages.tooLarge';
  if (files.some((f) => f.type !== '' && !f.type.startsWith('image/'))) {
    return 'gallery.newPost.messages.notImage';
  }
  return null;
}

const DAY_MS = 24 * 60 * 60 * 1000;
/** How far back "made in" offers sessions. */
export const RECENT_KLASS_DAYS = 60;

/** The calendar range of the sessions a new post may name: the last 60 days up to now. */
export function recentKlassRange(now: number = Date.now()): { from: string; to: string } {
  return {
    from: new Date(now - RECENT_KLASS_DAYS * DAY_MS).toISOString(),
    to: new Date(now + DAY_MS).toISOString(),
  };
}
