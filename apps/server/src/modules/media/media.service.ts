import { randomUUID } from 'node:crypto';
import type { ArtworkImage } from '@atelier/contract';
import sharp from 'sharp';
import type { Db } from '../../db/client';
import { checkImageType } from '../../storage/images';
import { signedUrlExpiry } from '../../storage/signed-urls';
import type { Storage } from '../../storage/storage';
import type { ImageOutcome, ImageWorkerPool } from './image-worker-pool';
import {
  deleteImageRows,
  type ImageRow,
  insertPendingImage,
  selectImages,
} from './media.repository';
import {
  displayAvifPath,
  displayWebpPath,
  filesOfImage,
  originalPathOf,
  thumbPath,
} from './media-files';

/** Artwork images as other modules use them (`app.media`, docs/architecture.md#images). */
export type Media = {
  /**
   * Takes an uploaded photo: checks by content that it is a JPEG, PNG or WebP (else a 422 on
   * `field`), keeps it privately, and queues it for the worker pool. Returns at once; the image
   * is `pending` until processed.
   */
  acceptUpload(data: Buffer, field: string): Promise<{ imageId: number }>;
  /**
   * The views of `ids` (one query for any number), with signed URLs; unknown ids are absent.
   * `shared`: for someone outside the family and staff, so the URLs stop serving once the work is
   * no longer shared (docs/decisions/068-moderation-that-holds.md).
   */
  imageViews(ids: number[], options?: { shared?: boolean }): Promise<Map<number, ArtworkImage>>;
  /**
   * A new image of a rectangle of a processed one (pixels of its stored display copy, the width
   * and height its view shows), queued like an upload so the pool re-encodes it without metadata.
   * Undefined when the image is not ready; the caller keeps the rectangle inside it.
   */
  cropImage(
    imageId: number,
    rect: { x: number; y: number; width: number; height: number },
  ): Promise<{ imageId: number } | undefined>;
  /** Resolves when every pending job has been processed (tests). */
  drain(): Promise<void>;
  /** Removes the images' files and rows (a deleted post, a discarded photo). */
  deleteImages(ids: number[]): Promise<void>;
  /** Calls `listener` whenever an image becomes ready or is given up on (e.g. to notify). */
  onOutcome(listener: (outcome: ImageOutcome) => void): void;
};

export function createMedia(
  db: Db,
  storage: Storage,
  pool: ImageWorkerPool,
  listeners: Array<(outcome: ImageOutcome) => void>,
): Media {
  /** Keeps `data` privately and queues it for the pool; returns at once. */
  async function queue(data: Buffer, format: string): Promise<{ imageId: number }> {
    const originalKey = originalPathOf(randomUUID());
    await storage.put(originalKey, data, `image/${format}`);
    let imageId: number;
    try {
      imageId = await insertPendingImage(db, originalKey);
    } catch (error) {
      await storage.delete(originalKey).catch(() => undefined);
      throw error;
    }
    pool.wake();
    return { imageId };
  }

  return {
    async acceptUpload(data, field) {
      return queue(data, await checkImageType(data, field));
    },

    async cropImage(imageId, rect) {
      const [row] = await selectImages(db, [imageId]);
      if (row?.status !== 'ready' || !row.key) return undefined;
      const display = await storage.get(displayWebpPath(row.key));
      if (!display) return undefined;
      // Lossless in between: the pool's encode is the only lossy step, and it drops every
      // metadata block (docs/decisions/036-artwork-images.md).
      const cropped = await sharp(display)
        .extract({ left: rect.x, top: rect.y, width: rect.width, height: rect.height })
        .png()
        .toBuffer();
      return queue(cropped, 'png');
    },

    async imageViews(ids, options = {}) {
      const views = new Map<number, ArtworkImage>();
      if (ids.length === 0) return views;
      const rows = await selectImages(db, [...new Set(ids)]);
      const expiresAt = signedUrlExpiry();
      const shared = options.shared ?? false;
      await Promise.all(
        rows.map(async (row) => views.set(row.id, await viewOf(storage, row, expiresAt, shared))),
      );
      return views;
    },

    drain: () => pool.drain(),

    async deleteImages(ids) {
      if (ids.length === 0) return;
      const rows = await deleteImageRows(db, [...new Set(ids)]);
      await Promise.all(rows.flatMap(filesOfImage).map((path) => storage.delete(path)));
    },

    onOutcome(listener) {
      listeners.push(listener);
    },
  };
}

async function viewOf(
  storage: Storage,
  row: ImageRow,
  expiresAt: Date,
  shared: boolean,
): Promise<ArtworkImage> {
  const ready = row.status === 'ready' && row.key !== null;
  const sign = (path: string) => storage.signedUrl(path, expiresAt, shared);
  const key = row.key ?? '';
  const [url, avifUrl, thumbUrl] = ready
    ? await Promise.all([
        sign(displayWebpPath(key)),
        row.hasAvif ? sign(displayAvifPath(key)) : null,
        sign(thumbPath(key)),
      ])
    : [null, null, null];
  return {
    id: String(row.id),
    status: row.status,
    url,
    avif_url: avifUrl,
    thumb_url: thumbUrl,
    width: ready ? row.width : null,
    height: ready ? row.height : null,
    placeholder: ready ? row.placeholder : null,
  };
}
