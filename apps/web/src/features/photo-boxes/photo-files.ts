import { ARTWORK_MAX_BYTES } from '@atelier/contract';

// What the upload page checks before sending (docs/product.md#photo-box): images only, at most
// ARTWORK_MAX_BYTES each. The server checks again and decides which image formats it reads; the
// check here spares a phone from sending 30 MB only to be told no.

/** The largest photo in whole megabytes, for the page's words. */
export const ARTWORK_MAX_MB = Math.round(ARTWORK_MAX_BYTES / (1024 * 1024));

export type RefusedFile = { name: string; reason: 'notImage' | 'tooLarge' };

/** Splits chosen files into the ones to upload and the ones refused, with why. */
export function sortPhotoFiles(files: readonly File[]): {
  accepted: File[];
  refused: RefusedFile[];
} {
  const accepted: File[] = [];
  const refused: RefusedFile[] = [];
  for (const file of files) {
    if (!file.type.startsWith('image/')) refused.push({ name: file.name, reason: 'notImage' });
    else if (file.size > ARTWORK_MAX_BYTES) refused.push({ name: file.name, reason: 'tooLarge' });
    else accepted.push(file);
  }
  return { accepted, refused };
}
