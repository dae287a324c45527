import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import {
  mediaSigningKey,
  SIGNED_URL_WINDOW_MS,
  signedUrlExpiry,
  signPath,
  verifySignedPath,
} from './signed-urls';
import type { LocalDiskStorage } from './storage';

const HOUR = 60 * 60 * 1000;

describe('signed URL windows', () => {
  it('gives one expiry per 12-hour window, valid for 12 to 24 hours', () => {
    const start = new Date(Date.UTC(2025, 0, 1, 12));
    const early = signedUrlExpiry(start);
    const late = signedUrlExpiry(new Date(start.getTime() + 12 * HOUR - 1));
    expect(late).toEqual(early);
    expect(early.getTime() - start.getTime()).toBe(2 * SIGNED_URL_WINDOW_MS);
    expect(early.getTime() - (start.getTime() + 12 * HOUR - 1)).toBeGreaterThan(12 * HOUR - 2);
    expect(signedUrlExpiry(new Date(start.getTime() + 12 * HOUR)).getTime()).toBe(
      early.getTime() + 12 * HOUR,
    );
  });

  it('accepts its own signature until expiry and nothing else', () => {
    const key = mediaSigningKey('a-secret-that-is-long-enough-for-the-test');
    const expiresAt = new Date(Date.UTC(2030, 0, 1));
    const q = new URLSearchParams(signPath(key, 'artworks/a.webp', expiresAt));
    const [e, s] = [q.get('e') ?? '', q.get('s') ?? ''];
    const now = new Date(Date.UTC(2029, 11, 31));
    expect(verifySignedPath(key, 'artworks/a.webp', e, s, now).ok).toBe(true);
    expect(verifySignedPath(key, 'artworks/b.webp', e, s, now).ok).toBe(false);
    expect(verifySignedPath(key, 'artworks/a.webp', String(Number(e) + 1), s, now).ok).toBe(false);
    expect(verifySignedPath(key, 'artworks/a.webp', e, `${s.slice(0, -1)}A`, now).ok).toBe(false);
    expect(verifySignedPath(key, 'artworks/a.webp', e, undefined, now).ok).toBe(false);
    expect(
      verifySignedPath(
        mediaSigningKey('another-secret-long-enough-for-it'),
        'artworks/a.webp',
        e,
        s,
        now,
      ).ok,
    ).toBe(false);
    expect(verifySignedPath(key, 'artworks/a.webp', e, s, expiresAt).ok).toBe(false);
  });
});

describe('shared addresses', () => {
  it('signs the mark, so an address cannot be made shared or unshared by editing its query', () => {
    const key = mediaSigningKey('a-secret-that-is-long-enough-for-the-test');
    const expiresAt = new Date(Date.UTC(2030, 0, 1));
    const now = new Date(Date.UTC(2029, 11, 31));
    const shared = new URLSearchParams(signPath(key, 'artworks/a.webp', expiresAt, true));
    const [e, s] = [shared.get('e') ?? '', shared.get('s') ?? ''];
    expect(shared.get('a')).toBe('s');
    expect(verifySignedPath(key, 'artworks/a.webp', e, s, now, 's')).toMatchObject({
      ok: true,
      shared: true,
    });
    // Dropping the mark does not turn it into a family's unchecked address.
    expect(verifySignedPath(key, 'artworks/a.webp', e, s, now).ok).toBe(false);
    const own = new URLSearchParams(signPath(key, 'artworks/a.webp', expiresAt));
    expect(
      verifySignedPath(key, 'artworks/a.webp', own.get('e') ?? '', own.get('s') ?? '', now, 's').ok,
    ).toBe(false);
  });
});

describe('GET /media (private files on local disk)', () => {
  let t: TestApp;
  let storage: LocalDiskStorage;
  beforeAll(async () => {
    t = await createTestApp();
    storage = t.app.storage as LocalDiskStorage;
    await storage.put('artworks/0a1b-2c3d.webp', Buffer.from('RIFF....WEBPVP8 '), 'image/webp');
    await storage.put('avatars/0a1b-2c3d.webp', Buffer.from('RIFF....WEBPVP8 '), 'image/webp');
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  it('serves a signed file privately, cached until the URL expires, with its type and nosniff', async () => {
    const expiresAt = signedUrlExpiry();
    const url = await storage.signedUrl('artworks/0a1b-2c3d.webp', expiresAt);
    // The same URL all window long: browsers keep it in their cache.
    expect(await storage.signedUrl('artworks/0a1b-2c3d.webp', signedUrlExpiry())).toBe(url);
    const res = await get(url);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/webp');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const cacheControl = String(res.headers['cache-control']);
    expect(cacheControl).toMatch(/^private, max-age=\d+, immutable$/);
    const maxAge = Number(/max-age=(\d+)/.exec(cacheControl)?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(12 * 3600 - 60);
    expect(maxAge).toBeLessThanOrEqual(24 * 3600);
  });

  it('answers 403 to a tampered, borrowed, missing or expired signature', async () => {
    const url = await storage.signedUrl('artworks/0a1b-2c3d.webp', signedUrlExpiry());
    const { searchParams } = new URL(url, 'http://x');
    const s = searchParams.get('s') ?? '';
    const e = searchParams.get('e') ?? '';
    const flipped = `${s.slice(0, -1)}${s.endsWith('A') ? 'B' : 'A'}`;
    for (const bad of [
      `/media/artworks/0a1b-2c3d.webp?e=${e}&s=${flipped}`,
      `/media/artworks/0a1b-2c3d.webp?e=${Number(e) + 3600}&s=${s}`,
      `/media/artworks/other.webp?e=${e}&s=${s}`,
      '/media/artworks/0a1b-2c3d.webp',
    ]) {
      const res = await get(bad);
      expect(res.statusCode, bad).toBe(403);
      expect(res.json().errors[0].code).toBe('forbidden');
    }
    const expired = await storage.signedUrl('artworks/0a1b-2c3d.webp', new Date(Date.now() - 1000));
    expect((await get(expired)).statusCode).toBe(403);
  });

  it('answers 404 to a validly signed file that is not there', async () => {
    const url = await storage.signedUrl('artworks/gone.webp', signedUrlExpiry());
    expect((await get(url)).statusCode).toBe(404);
  });

  it('never leaves the private folders, even for a path signed by mistake', async () => {
    // A file beside the uploads root that a traversal would reach.
    writeFileSync(join(t.config.dataDir, 'secret.txt'), 'do not serve');
    for (const path of [
      'artworks/../../secret.txt',
      'artworks/%2e%2e/%2e%2e/secret.txt',
      'avatars/0a1b-2c3d.webp',
      'artworks/..\\..\\secret.txt',
    ]) {
      const signed = `/media/${path}?${signPath(storage.signingKey, decodeURIComponent(path), signedUrlExpiry())}`;
      const res = await get(signed);
      expect([403, 404], path).toContain(res.statusCode);
      expect(res.body).not.toContain('do not serve');
    }
  });

  it('keeps artwork and originals off the public /uploads, which still serves avatars', async () => {
    await storage.put('originals/0a1b-2c3d', Buffer.from('raw upload'), 'image/jpeg');
    expect((await get('/uploads/avatars/0a1b-2c3d.webp')).statusCode).toBe(200);
    expect((await get('/uploads/artworks/0a1b-2c3d.webp')).statusCode).toBe(404);
    expect((await get('/uploads/originals/0a1b-2c3d')).statusCode).toBe(404);
    // Spellings of the same paths are refused too (the static server answers some with 403).
    for (const url of [
      '/uploads//artworks/0a1b-2c3d.webp',
      '/uploads/%61rtworks/0a1b-2c3d.webp',
      '/uploads/avatars/../artworks/0a1b-2c3d.webp',
      '/uploads/./originals/0a1b-2c3d',
    ]) {
      expect([403, 404], url).toContain((await get(url)).statusCode);
    }
  });
});
