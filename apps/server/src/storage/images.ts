import { randomUUID } from 'node:crypto';
import { IMAGE_DISPLAY_MAX_PX, IMAGE_THUMB_PX, IMAGE_TYPE_MESSAGE } from '@atelier/contract';
import sharp from 'sharp';
import { ValidationError } from '../lib/app-error';
import type { Storage } from './storage';

/** What an image is for; it names the folder its files go to (`klass-groups/…`, `avatars/…`). */
export type ImageKind = 'klass-groups' | 'avatars' | 'artworks';

/** A stored image: `key` is what a table keeps; the URLs are derived from it. */
export type StoredImage = { key: string; url: string; thumbUrl: string };

export type ImageStore = {
  /**
   * Re-encodes an uploaded image and stores a display size and a square thumbnail. Accepts
   * JPEG, PNG and WebP by content (not by the declared type); turns it upright by its EXIF
   * orientation, then drops every metadata block (EXIF, GPS, XMP, ICC) by re-encoding.
   * Throws a 422 ValidationError on `field` (default `image`) for anything else.
   */
  storeImage(data: Buffer, options: { kind: ImageKind; field?: string }): Promise<StoredImage>;
  /** Removes both files of `key`; unknown keys are ignored. */
  deleteImage(key: string): Promise<void>;
  /** The URLs of a stored key (for responses built from a table's `image_key`). */
  urls(key: string): { url: string; thumbUrl: string };
};

const ACCEPTED_FORMATS = new Set(['jpeg', 'png', 'webp']);
// A decompression bomb (a tiny file declaring a huge canvas) is refused before it is decoded.
const MAX_INPUT_PIXELS = 50_000_000;

const displayPath = (key: string) => `${key}.webp`;
const thumbPath = (key: string) => `${key}-thumb.webp`;

/** The display and thumbnail encodings of an accepted image. */
export async function reencodeImage(
  data: Buffer,
  field = 'image',
): Promise<{ display: Buffer; thumb: Buffer; width: number; height: number }> {
  const reject = () => new ValidationError([{ field, detail: IMAGE_TYPE_MESSAGE }]);
  let format: string | undefined;
  try {
    format = (await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw reject();
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw reject();
  try {
    const source = () =>
      sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' }).rotate();
    const display = await source()
      .resize({
        width: IMAGE_DISPLAY_MAX_PX,
        height: IMAGE_DISPLAY_MAX_PX,
        fit: 'inside',
        withoutEnlargement: true,
      })
      .webp({ quality: 82 })
      .toBuffer({ resolveWithObject: true });
    const thumb = await source()
      .resize({
        width: IMAGE_THUMB_PX,
        height: IMAGE_THUMB_PX,
        fit: 'cover',
        position: sharp.strategy.attention,
      })
      .webp({ quality: 80 })
      .toBuffer();
    return {
      display: display.data,
      thumb,
      width: display.info.width,
      height: display.info.height,
    };
  } catch {
    // A truncated or corrupt file whose header looked fine.
    throw reject();
  }
}

export function createImageStore(storage: Storage): ImageStore {
  return {
    async storeImage(data, { kind, field }) {
      const { display, thumb } = await reencodeImage(data, field);
      const key = `${kind}/${randomUUID()}`;
      await storage.put(displayPath(key), display, 'image/webp');
      await storage.put(thumbPath(key), thumb, 'image/webp');
      return { key, ...this.urls(key) };
    },
    async deleteImage(key) {
      await Promise.all([storage.delete(displayPath(key)), storage.delete(thumbPath(key))]);
    },
    urls(key) {
      return { url: storage.urlFor(displayPath(key)), thumbUrl: storage.urlFor(thumbPath(key)) };
    },
  };
}
