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

/**
 * The accepted format of an upload, checked by content from its header only (fast enough for the
 * request path): JPEG, PNG or WebP. Anything else (GIF, SVG, HEIC, which this sharp build cannot
 * decode, or no image at all) is a 422 on `field`.
 */
export async function checkImageType(data: Buffer, field = 'image'): Promise<string> {
  let format: string | undefined;
  try {
    format = (await sharp(data, { limitInputPixels: MAX_INPUT_PIXELS }).metadata()).format;
  } catch {
    throw imageTypeError(field);
  }
  if (!format || !ACCEPTED_FORMATS.has(format)) throw imageTypeError(field);
  return format;
}

const imageTypeError = (field: string) =>
  new ValidationError([{ field, detail: IMAGE_TYPE_MESSAGE }]);

/**
 * The decoded upload, upright by its EXIF orientation, at most IMAGE_DISPLAY_MAX_PX on its longest
 * side, as raw sRGB pixels: every output is encoded from these, so no metadata block of the
 * input (EXIF, GPS, XMP, ICC, IPTC) can reach one.
 */
async function decodeUpright(data: Buffer) {
  return sharp(data, { limitInputPixels: MAX_INPUT_PIXELS, failOn: 'error' })
    .rotate()
    .resize({
      width: IMAGE_DISPLAY_MAX_PX,
      height: IMAGE_DISPLAY_MAX_PX,
      fit: 'inside',
      withoutEnlargement: true,
    })
    .toColourspace('srgb')
    .raw()
    .toBuffer({ resolveWithObject: true });
}

type Decoded = Awaited<ReturnType<typeof decodeUpright>>;
const fromRaw = ({ data, info }: Decoded) =>
  sharp(data, { raw: { width: info.width, height: info.height, channels: info.channels } });

const encodeThumb = (decoded: Decoded) =>
  fromRaw(decoded)
    .resize({
      width: IMAGE_THUMB_PX,
      height: IMAGE_THUMB_PX,
      fit: 'cover',
      position: sharp.strategy.attention,
    })
    .webp({ quality: 80 })
    .toBuffer();

/** The display and thumbnail encodings of an accepted image. */
export async function reencodeImage(
  data: Buffer,
  field = 'image',
): Promise<{ display: Buffer; thumb: Buffer; width: number; height: number }> {
  await checkImageType(data, field);
  try {
    const decoded = await decodeUpright(data);
    const display = await fromRaw(decoded).webp({ quality: 82 }).toBuffer();
    const thumb = await encodeThumb(decoded);
    return { display, thumb, width: decoded.info.width, height: decoded.info.height };
  } catch {
    // A truncated or corrupt file whose header looked fine.
    throw imageTypeError(field);
  }
}

/** Width of the blurred placeholder painted before an artwork loads. */
export const PLACEHOLDER_WIDTH_PX = 16;

/** Every encoding of an artwork (docs/decisions/036-artwork-images.md#pipeline). */
export type ProcessedArtwork = {
  display: Buffer;
  /** The AVIF display copy, only when it is smaller than the WebP one. */
  avif: Buffer | null;
  thumb: Buffer;
  /** `data:image/webp;base64,…`, a few hundred bytes. */
  placeholder: string;
  width: number;
  height: number;
};

/**
 * Re-encodes an artwork photo: display WebP (and AVIF, kept when smaller), a square thumbnail and
 * a tiny blurred placeholder, all from one decode and none carrying metadata. Throws the 422 of
 * checkImageType for a file that is not a readable JPEG, PNG or WebP.
 */
export async function processArtwork(data: Buffer, field = 'image'): Promise<ProcessedArtwork> {
  await checkImageType(data, field);
  let decoded: Decoded;
  try {
    decoded = await decodeUpright(data);
  } catch {
    throw imageTypeError(field);
  }
  // One encode after another, not in parallel: the worker pool budgets one core per job, and the
  // request handlers keep the other (docs/decisions/036-artwork-images.md#worker-pool).
  const display = await fromRaw(decoded).webp({ quality: 82 }).toBuffer();
  // effort 2 of 9: most of AVIF's saving at a fraction of its default encoding time.
  const avif = await fromRaw(decoded).avif({ quality: 55, effort: 2 }).toBuffer();
  const thumb = await encodeThumb(decoded);
  const tiny = await fromRaw(decoded)
    .resize({ width: PLACEHOLDER_WIDTH_PX })
    .blur(1)
    .webp({ quality: 40 })
    .toBuffer();
  return {
    display,
    avif: avif.length < display.length ? avif : null,
    thumb,
    placeholder: `data:image/webp;base64,${tiny.toString('base64')}`,
    width: decoded.info.width,
    height: decoded.info.height,
  };
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
