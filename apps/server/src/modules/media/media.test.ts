import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { IMAGE_TYPE_MESSAGE } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ValidationError } from '../../lib/app-error';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { images } from './media.tables';

const photo = (width = 800, height = 600) =>
  sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
    .jpeg()
    .toBuffer();

function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((d) => d.isFile())
    .map((d) => join(d.parentPath, d.name));
}

describe('artwork images (app.media)', { timeout: 60_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('accepts a photo at once as pending, processes it in the pool, and serves signed views', async () => {
    const { imageId } = await t.app.media.acceptUpload(await photo(2400, 1200), 'images');
    const pending = (await t.app.media.imageViews([imageId])).get(imageId);
    // Processing may already have finished in the pool; either way the view is coherent.
    expect(pending?.id).toBe(String(imageId));

    await t.app.media.drain();
    const view = (await t.app.media.imageViews([imageId])).get(imageId);
    expect(view).toMatchObject({ status: 'ready', width: 1600, height: 800 });
    expect(view?.url).toMatch(/^\/media\/artworks\/[0-9a-f-]{36}\.webp\?e=\d+&s=[\w-]+$/);
    expect(view?.thumb_url).toMatch(/^\/media\/artworks\/[0-9a-f-]{36}-thumb\.webp\?/);
    expect(view?.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(view?.placeholder?.length).toBeLessThan(1000);

    const [row] = await t.app.db.select().from(images).where(eq(images.id, imageId));
    expect(row?.originalKey).toBeNull();
    expect(row?.processingMs).toBeGreaterThanOrEqual(0);
    const root = join(t.config.dataDir, 'uploads');
    expect(filesUnder(root).some((f) => f.includes('originals'))).toBe(false);

    const res = await t.app.inject({ method: 'GET', url: view?.url ?? '' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect((await sharp(res.rawPayload).metadata()).width).toBe(1600);
    if (view?.avif_url) {
      const avif = await t.app.inject({ method: 'GET', url: view.avif_url });
      expect(avif.headers['content-type']).toBe('image/avif');
    }

    await t.app.media.deleteImages([imageId]);
    expect((await t.app.media.imageViews([imageId])).size).toBe(0);
    expect(filesUnder(root)).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: view?.url ?? '' })).statusCode).toBe(404);
  });

  it('refuses GIF, SVG, HEIC-like and non-image bytes with the type message on the field', async () => {
    const gif = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#f00' } })
      .gif()
      .toBuffer();
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"/>');
    for (const data of [gif, svg, Buffer.from('hello')]) {
      const error = await t.app.media.acceptUpload(data, 'photo').catch((e: unknown) => e);
      expect(error).toBeInstanceOf(ValidationError);
      expect((error as ValidationError).fields).toEqual([
        { field: 'photo', detail: IMAGE_TYPE_MESSAGE },
      ]);
    }
  });

  it('answers many ids with one query', async () => {
    const ids = await Promise.all(
      [1, 2, 3].map(async () => (await t.app.media.acceptUpload(await photo(40, 30), 'x')).imageId),
    );
    await t.app.media.drain();
    const before = t.database.queryCount();
    const views = await t.app.media.imageViews([...ids, 999_999]);
    expect(t.database.queryCount() - before).toBe(1);
    expect([...views.keys()].sort()).toEqual([...ids].sort());
    expect([...views.values()].every((v) => v.status === 'ready')).toBe(true);
    await t.app.media.deleteImages(ids);
  });
});
