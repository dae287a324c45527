import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { ARTWORK_MAX_BYTES, IMAGE_MAX_BYTES, POST_IMAGES_MAX } from '@atelier/contract';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createImageStore, type ImageStore } from './images';
import { mediaFilesRoutes } from './media-files.routes';
import { publicRedirectRoutes } from './public-redirect.routes';
import { S3Storage } from './s3-storage';
import { isPrivatePath, mediaSigningKey } from './signed-urls';
import { LocalDiskStorage, type Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * Uploaded files: local disk under `${dataDir}/uploads` (public ones at /uploads, private ones
     * at signed /media URLs), or an S3-compatible bucket when S3_BUCKET is set (decision 036).
     */
    storage: Storage;
    /** Re-encoded images on `storage`: storeImage / deleteImage / urls. */
    images: ImageStore;
  }
}

export const UPLOADS_PREFIX = '/uploads';

/** Multipart limits of the routes of one plugin. */
export type UploadLimits = { maxFiles: number; maxFileBytes: number };

/** One image of at most IMAGE_MAX_BYTES (avatars, programme images). */
export const IMAGE_UPLOADS: UploadLimits = { maxFiles: 1, maxFileBytes: IMAGE_MAX_BYTES };
/** Up to POST_IMAGES_MAX artwork photos of ARTWORK_MAX_BYTES each (posts, photo boxes). */
export const ARTWORK_UPLOADS: UploadLimits = {
  maxFiles: POST_IMAGES_MAX,
  maxFileBytes: ARTWORK_MAX_BYTES,
};

/**
 * Multipart parsing (by default one file of at most IMAGE_MAX_BYTES, a few text fields) for the
 * routes of the plugin that calls it: programme images, avatars, artwork (ARTWORK_UPLOADS, read
 * with readMultipartFiles). Not app-wide, because @fastify/multipart adds two async hooks to
 * every request in its scope, a cost every JSON route would pay for nothing.
 */
export async function acceptUploads(
  app: FastifyInstance,
  limits: UploadLimits = IMAGE_UPLOADS,
): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: {
      fileSize: limits.maxFileBytes,
      files: limits.maxFiles,
      fields: 20,
      fieldSize: 100_000,
    },
  });
}

/**
 * File storage for the whole app: the storage and image store, /uploads for public files (static
 * on local disk, a redirect to the bucket on S3) and /media for signed private ones on local
 * disk. Routes that take a file call acceptUploads in their own plugin.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; storage?: Storage }) => {
    const root = join(opts.config.dataDir, 'uploads');
    const storage =
      opts.storage ??
      (opts.config.s3
        ? new S3Storage(opts.config.s3, UPLOADS_PREFIX)
        : new LocalDiskStorage(root, UPLOADS_PREFIX, {
            signingKey: mediaSigningKey(opts.config.jwtSecret),
          }));
    app.decorate('storage', storage);
    app.decorate('images', createImageStore(storage));

    if (storage instanceof LocalDiskStorage) {
      await mkdir(storage.root, { recursive: true });
      await app.register(fastifyStatic, {
        root: storage.root,
        prefix: `${UPLOADS_PREFIX}/`,
        decorateReply: false,
        index: false,
        list: false,
        dotfiles: 'deny',
        // Artwork and originals are private: only signed /media URLs reach them (decision 036).
        allowedPath: (pathName) => !isPrivatePath(decodeURIComponent(pathName).replace(/^\/+/, '')),
        // Every stored file has a fresh random name and is never rewritten: cache it for good.
        setHeaders: (res) => {
          res.header('cache-control', 'public, max-age=31536000, immutable');
          res.header('x-content-type-options', 'nosniff');
        },
      });
      await app.register(mediaFilesRoutes, { storage });
    } else {
      // A bucket serves the files itself: /uploads redirects to it (decision 036#s3).
      await app.register(publicRedirectRoutes, { storage, publicPrefix: UPLOADS_PREFIX });
    }
    if (storage instanceof S3Storage) app.addHook('onClose', async () => storage.close());
  },
  { name: 'storage' },
);
