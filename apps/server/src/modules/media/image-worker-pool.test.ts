import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { eq, sql } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { createTestApp, type TestApp, testConfig } from '../../testing/test-app';
import type { ImageOutcome } from './image-worker-pool';
import { STALE_LOCK_MS } from './media.repository';
import { images } from './media.tables';

const photo = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#5a5' } })
    .jpeg()
    .toBuffer();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

// Processing runs in a lowered child process, which waits for idle CPU on a busy machine.
describe('image worker pool', { timeout: 60_000 }, () => {
  // No workers: jobs wait until a test drains them or another app picks them up.
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ IMAGE_WORKERS: '0' });
  });
  afterAll(() => t.close());

  const rowOf = async (id: number) =>
    (await t.app.db.select().from(images).where(eq(images.id, id)))[0];
  const lock = (id: number, agoMs: number, attempts: number) =>
    t.app.db
      .update(images)
      .set({ lockedAt: new Date(Date.now() - agoMs), attempts })
      .where(eq(images.id, id));

  it('keeps the upload pending until a worker processes it', async () => {
    const { imageId } = await t.app.media.acceptUpload(await photo(), 'images');
    expect((await rowOf(imageId))?.status).toBe('pending');
    expect((await t.app.media.imageViews([imageId])).get(imageId)).toEqual({
      id: String(imageId),
      status: 'pending',
      url: null,
      avif_url: null,
      thumb_url: null,
      width: null,
      height: null,
      placeholder: null,
    });
    await t.app.media.drain();
    expect((await rowOf(imageId))?.status).toBe('ready');
  });

  it('leaves a job another worker holds, and takes over one whose lock went stale', async () => {
    const held = (await t.app.media.acceptUpload(await photo(), 'images')).imageId;
    const crashed = (await t.app.media.acceptUpload(await photo(), 'images')).imageId;
    await lock(held, 60_000, 1);
    await lock(crashed, STALE_LOCK_MS + 60_000, 1);
    await t.app.media.drain();
    expect((await rowOf(held))?.status).toBe('pending');
    expect(await rowOf(crashed)).toMatchObject({ status: 'ready', attempts: 2, lockedAt: null });
    await t.app.media.deleteImages([held]);
  });

  it('gives up on a job that crashed its process three times, and removes its original', async () => {
    const { imageId } = await t.app.media.acceptUpload(await photo(), 'images');
    const originalKey = (await rowOf(imageId))?.originalKey ?? '';
    await lock(imageId, STALE_LOCK_MS + 60_000, 3);
    await t.app.media.drain();
    expect(await rowOf(imageId)).toMatchObject({ status: 'failed', originalKey: null });
    expect(await t.app.storage.get(originalKey)).toBeUndefined();
    const view = (await t.app.media.imageViews([imageId])).get(imageId);
    expect(view).toMatchObject({ status: 'failed', url: null });
  });

  it('fails a file whose header looked fine but cannot be decoded, at once', async () => {
    const whole = await sharp({
      create: { width: 400, height: 400, channels: 3, background: '#123' },
    })
      .jpeg()
      .toBuffer();
    const { imageId } = await t.app.media.acceptUpload(whole.subarray(0, whole.length / 2), 'x');
    await t.app.media.drain();
    expect(await rowOf(imageId)).toMatchObject({ status: 'failed', attempts: 1 });
  });

  it('resumes pending jobs when the app boots again, after a crash', async () => {
    const { imageId } = await t.app.media.acceptUpload(await photo(), 'images');
    // The process that claimed it died mid-job long ago.
    await lock(imageId, STALE_LOCK_MS + 1000, 1);

    // A new process on the same database and files, with a worker: nobody calls drain.
    const restarted = await buildApp(
      testConfig({ DATA_DIR: t.config.dataDir, IMAGE_WORKERS: '1' }),
      { database: t.database, mail: { worker: { autoStart: false } } },
    );
    const outcome = new Promise<ImageOutcome>((resolve) => restarted.media.onOutcome(resolve));
    await restarted.ready();
    expect(await outcome).toEqual({ imageId, status: 'ready' });
    await restarted.close();
    expect((await rowOf(imageId))?.status).toBe('ready');
  });

  it('waits for the job in flight when the app closes', async () => {
    const app = await buildApp(testConfig({ DATA_DIR: t.config.dataDir, IMAGE_WORKERS: '1' }), {
      database: t.database,
      mail: { worker: { autoStart: false } },
    });
    await app.ready();
    const { imageId } = await app.media.acceptUpload(await photo(), 'images');
    await app.close();
    // Closed means finished: never half-processed, never left locked.
    const row = await rowOf(imageId);
    expect(row?.lockedAt).toBeNull();
    expect(['ready', 'pending']).toContain(row?.status);
    await t.app.media.drain();
  });

  it('deletes every file of deleted images, processed or not', async () => {
    const ready = (await t.app.media.acceptUpload(await photo(), 'images')).imageId;
    await t.app.media.drain();
    const pending = (await t.app.media.acceptUpload(await photo(), 'images')).imageId;
    const all = await t.app.db.select({ id: images.id }).from(images).where(sql`true`);
    await t.app.media.deleteImages(all.map((r) => r.id));
    expect(await rowOf(ready)).toBeUndefined();
    expect(await rowOf(pending)).toBeUndefined();
    expect(filesUnder(join(t.config.dataDir, 'uploads'))).toEqual([]);
  });
});
