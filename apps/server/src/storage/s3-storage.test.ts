import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import S3rver from 's3rver';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { S3Storage } from './s3-storage';
import { signedUrlExpiry, signingWindowStart } from './signed-urls';

// The S3 store against s3rver, an S3-compatible server from npm, in this process on a free port.

const BUCKET = 'atelier-test';

describe('S3-compatible storage', { timeout: 60_000 }, () => {
  let server: S3rver;
  let endpoint: string;
  let t: TestApp;

  beforeAll(async () => {
    server = new S3rver({
      address: '127.0.0.1',
      port: 0,
      silent: true,
      directory: mkdtempSync(join(tmpdir(), 'atelier-s3rver-')),
      configureBuckets: [{ name: BUCKET, configs: [] }],
    });
    const { port } = await server.run();
    endpoint = `http://127.0.0.1:${port}`;
    t = await createTestApp({
      S3_BUCKET: BUCKET,
      S3_ENDPOINT: endpoint,
      S3_REGION: 'us-east-1',
      // s3rver's fixed credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
      S3_FORCE_PATH_STYLE: 'true',
    });
  });
  afterAll(async () => {
    await t?.close();
    // fetch keeps its connections alive; close them rather than wait for them to time out.
    server?.httpServer?.closeAllConnections();
    await server?.close();
  });

  it('stores, reads and deletes objects; a missing one reads as undefined', async () => {
    expect(t.app.storage).toBeInstanceOf(S3Storage);
    await t.app.storage.put('originals/probe', Buffer.from('hello'), 'application/octet-stream');
    expect((await t.app.storage.get('originals/probe'))?.toString()).toBe('hello');
    await t.app.storage.delete('originals/probe');
    expect(await t.app.storage.get('originals/probe')).toBeUndefined();
    await t.app.storage.delete('originals/never-there');
  });

  it('processes artwork into the bucket and hands out stable presigned URLs that work', async () => {
    const photo = await sharp({
      create: { width: 640, height: 480, channels: 3, background: '#c83' },
    })
      .jpeg()
      .toBuffer();
    const { imageId } = await t.app.media.acceptUpload(photo, 'images');
    await t.app.media.drain();
    const view = (await t.app.media.imageViews([imageId])).get(imageId);
    expect(view?.status).toBe('ready');
    const url = view?.url ?? '';
    expect(url.startsWith(`${endpoint}/${BUCKET}/artworks/`)).toBe(true);
    expect(url).toContain('X-Amz-Signature=');
    // Signed again within the window: the very same URL, so the browser's cache holds.
    expect((await t.app.media.imageViews([imageId])).get(imageId)?.url).toBe(url);

    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toMatch(/^private, /);
    expect((await sharp(Buffer.from(await res.arrayBuffer())).metadata()).width).toBe(640);

    // Signed at the start of the 12-hour window, valid to the end of the next one. (s3rver does
    // not check SigV4 signatures, so a tampered URL cannot be tested here; S3 itself refuses it.)
    const query = new URL(url).searchParams;
    const windowStart = signingWindowStart();
    expect(query.get('X-Amz-Date')).toBe(windowStart.toISOString().replace(/[-:]|\.\d{3}/g, ''));
    expect(Number(query.get('X-Amz-Expires')) * 1000).toBe(
      signedUrlExpiry().getTime() - windowStart.getTime(),
    );

    await t.app.media.deleteImages([imageId]);
    expect(await t.app.storage.get(new URL(url).pathname.slice(BUCKET.length + 2))).toBeUndefined();
  });

  it('answers public /uploads paths with a cached redirect to the bucket, never private ones', async () => {
    await t.app.storage.put('avatars/abc-123.webp', Buffer.from('RIFF'), 'image/webp');
    const res = await t.app.inject({ method: 'GET', url: '/uploads/avatars/abc-123.webp' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toMatch(
      new RegExp(`^${endpoint}/${BUCKET}/avatars/abc-123\\.webp\\?`),
    );
    expect(res.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
    const maxAge = Number(String(res.headers['cache-control']).split('=')[1]);
    expect(maxAge * 1000).toBeLessThanOrEqual(signedUrlExpiry().getTime() - Date.now() + 1000);
    expect((await fetch(String(res.headers.location))).status).toBe(200);

    for (const url of [
      '/uploads/artworks/abc-123.webp',
      '/uploads/originals/abc',
      '/uploads/../x',
    ]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    }
  });
});
