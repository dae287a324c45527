import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ImageProcessor } from '../../storage/image-processor';
import { type ImageOutcome, ImageWorkerPool } from './image-worker-pool';
import { createMedia, type Media } from './media.service';

declare module 'fastify' {
  interface FastifyInstance {
    /** Artwork images: uploads, their processing pool and signed views (modules/media). */
    media: Media;
  }
}

export type MediaPluginOptions = {
  /** Jobs run at once (config.imageWorkers); 0 leaves processing to drain(). */
  workers: number;
};

/**
 * Artwork images (docs/decisions/036-artwork-images.md): `app.media`, and the worker pool,
 * started when the app is ready (so rows a crash left pending resume) and stopped when it
 * closes, after the job in flight, before the database closes.
 */
export const mediaPlugin = fp(
  async (app: FastifyInstance, opts: MediaPluginOptions) => {
    const listeners: Array<(outcome: ImageOutcome) => void> = [];
    const processor = new ImageProcessor(app.log);
    const pool = new ImageWorkerPool(app.db, app.storage, {
      workers: opts.workers,
      processArtwork: (data) => processor.process(data),
      log: app.log,
      onOutcome: (outcome) => {
        for (const listener of listeners) listener(outcome);
      },
    });
    app.decorate('media', createMedia(app.db, app.storage, pool, listeners));
    app.addHook('onReady', async () => pool.start());
    // onClose, not preClose: the listener closes at once (new requests are refused rather than
    // answered 503 while an encode finishes), and hooks close in reverse order of registration,
    // so the database, registered before, still serves the job in flight.
    app.addHook('onClose', async () => {
      await pool.stop();
      await processor.close();
    });
  },
  { name: 'media', dependencies: ['db', 'storage'] },
);
