import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { IMAGE_MAX_BYTES } from '@atelier/contract';
import fastifyMultipart from '@fastify/multipart';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { createImageStore, type ImageStore } from './images';
import { mediaFilesRoutes } from './media-files.routes';
import { isPrivatePath, mediaSigningKey } from './signed-urls';
import { LocalDiskStorage, type Storage } from './storage';

declare module 'fastify' {
  interface FastifyInstance {
    /** Uploaded files (local disk under `${dataDir}/uploads`, served at /uploads). */
    storage: Storage;
    /** Re-encoded images on `storage`: storeImage / deleteImage / urls. */
    images: ImageStore;
  }
}

export const UPLOADS_PREFIX = '/uploads';

/**
 * Multipart parsing (one file of at most IMAGE_MAX_BYTES, a few text fields) for the routes of the
 * plugin that calls it: programme images, avatars, artwork. Not app-wide, because
 * @fastify/multipart adds two async hooks to every request in its scope, a cost every JSON route
 * would pay for nothing.
 */
export async function acceptUploads(app: FastifyInstance): Promise<void> {
  await app.register(fastifyMultipart, {
    limits: { fileSize: IMAGE_MAX_BYTES, files: 1, fields: 20, fieldSize: 100_000 },
  });
}

/**
 * File storage for the whole app: the storage and image store, and /uploads. Routes that take a
 * file call acceptUploads in their own plugin.
 */
export const storagePlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; storage?: Storage }) => {
    const root = join(opts.config.dataDir, 'uploads');
    const storage =
      opts.storage ??
      new LocalDiskStorage(root, UPLOADS_PREFIX, {
        signingKey: mediaSigningKey(opts.config.jwtSecret),
      });
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
    }
  },
  { name: 'storage' },
);
