import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { LocalDiskStorage } from '../../storage/storage';
import { galleryContextOf } from './gallery.context';
import { galleryRoutes } from './gallery.routes';
import { seedDemoGallery } from './gallery.seed';
import { sharedFileCheck } from './shared-files';

export type GalleryPluginOptions = {
  /**
   * Seed the demo gallery when the app is ready (config.seedDemo): it needs app.media to process
   * its pictures, which the database-only seed (seed/demo-seed.ts) has not.
   */
  seedDemo?: boolean;
};

/** The gallery (docs/product.md#gallery): its context, its routes and its demo pictures. */
const registerGalleryPlugin: FastifyPluginAsyncZod<GalleryPluginOptions> = async (app, opts) => {
  const ctx = galleryContextOf(app);
  if (opts.seedDemo) {
    app.addHook('onReady', async () => {
      try {
        await seedDemoGallery(ctx);
      } catch (err) {
        // Demo data only: a failed seed must not stop the server.
        app.log.warn({ err }, 'demo gallery not seeded');
      }
    });
  }
  // Shared image addresses serve only while the work is still shared (decision 068).
  if (app.storage instanceof LocalDiskStorage) app.storage.stillShared = sharedFileCheck(app.db);
  // Called, not registered: the routes share this plugin's scope, as they did inside it.
  await galleryRoutes(app, { ctx });
};

export const galleryPlugin = fp(registerGalleryPlugin, {
  name: 'gallery',
  dependencies: ['db', 'storage', 'media', 'auth', 'notifications'],
  encapsulate: true,
});
