import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';
import { preferredEncoding } from './spa';

const SCRIPT = `export const greeting = ${JSON.stringify('hello '.repeat(400))};\n`;
const ICON = `<svg xmlns="http://www.w3.org/2000/svg">${'<path d="M0 0h1v1z"/>'.repeat(60)}</svg>`;

/**
 * A stand-in for the web build with the copies apps/web/build/precompress.ts writes: a hashed
 * script with `.br` and `.gz` beside it, a favicon with its copies, a font with none (not
 * compressible), and index.html with the server's placeholders.
 */
function fakeWebBuild() {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--><script type="module" src="/app/assets/index-abc.js"></script></head><body><!--app-body--><div id="root"></div></body></html>',
  );
  const copies = (file: string, content: string) => {
    const br = brotliCompressSync(content);
    const gz = gzipSync(content, { level: 9 });
    writeFileSync(join(dir, file), content);
    writeFileSync(join(dir, `${file}.br`), br);
    writeFileSync(join(dir, `${file}.gz`), gz);
    return { br, gz };
  };
  const script = copies('assets/index-abc.js', SCRIPT);
  const icon = copies('favicon.svg', ICON);
  writeFileSync(join(dir, 'assets/font-abc.woff2'), Buffer.alloc(2048, 7));
  return { dir, script, icon };
}

describe('preferredEncoding', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip, deflate', 'gzip'],
    ['br;q=0, gzip;q=0.5', 'gzip'],
    ['*', 'br'],
    ['*;q=0, gzip', 'gzip'],
    ['identity', null],
    ['deflate', null],
    ['', null],
    [undefined, null],
  ])('%o → %o', (header, expected) => {
    expect(preferredEncoding(header)).toBe(expected);
  });
});

describe('the built web app', { timeout: 30_000 }, () => {
  let t: TestApp;
  let build: ReturnType<typeof fakeWebBuild>;
  beforeAll(async () => {
    build = fakeWebBuild();
    t = await createTestApp({ WEB_DIST_DIR: build.dir });
  }, 60_000);
  afterAll(() => t?.close());

  const get = (url: string, acceptEncoding?: string) =>
    t.app.inject({
      method: 'GET',
      url,
      headers: acceptEncoding === undefined ? {} : { 'accept-encoding': acceptEncoding },
    });

  it('sends a hashed asset as its brotli copy, byte for byte, to a browser', async () => {
    const res = await get('/app/assets/index-abc.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    // The build's bytes, not compressed again by @fastify/compress.
    expect(res.rawPayload.equals(build.script.br)).toBe(true);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(SCRIPT);
  });

  it('sends the gzip copy to a client that takes gzip but not brotli', async () => {
    for (const accepted of ['gzip', 'gzip, deflate', 'br;q=0, gzip']) {
      const res = await get('/app/assets/index-abc.js', accepted);
      expect(res.headers['content-encoding'], accepted).toBe('gzip');
      expect(res.rawPayload.equals(build.script.gz), accepted).toBe(true);
      expect(gunzipSync(res.rawPayload).toString()).toBe(SCRIPT);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('sends the file as it is to a client that accepts no encoding', async () => {
    for (const accepted of [undefined, 'identity']) {
      const res = await get('/app/assets/index-abc.js', accepted);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-encoding']).toBeUndefined();
      expect(res.headers['content-type']).toBe('application/javascript; charset=utf-8');
      expect(res.headers.vary).toMatch(/accept-encoding/i);
      expect(res.body).toBe(SCRIPT);
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    }
  });

  it('keeps an hour of caching for files outside assets/, compressed the same way', async () => {
    const res = await get('/app/favicon.svg', 'gzip, deflate, br');
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['content-type']).toBe('image/svg+xml');
    expect(res.rawPayload.equals(build.icon.br)).toBe(true);
    expect(res.headers['cache-control']).toBe('public, max-age=3600');
  });

  it('sends a font, which has no compressed copy, as it is', async () => {
    const res = await get('/app/assets/font-abc.woff2', 'gzip, deflate, br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBeUndefined();
    expect(res.rawPayload.length).toBe(2048);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  });

  it('answers a HEAD for a client route as the GET would, without the body', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/app/login' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('a missing asset is still a 404 document, not the page', async () => {
    const res = await get('/app/assets/gone-123.js', 'br');
    expect(res.statusCode).toBe(404);
    expect(res.headers['content-type']).toMatch(/json/);
  });

  it('sends the page, compressed once at start-up, in the encoding the client takes', async () => {
    const identity = await get('/app/login');
    expect(identity.statusCode).toBe(200);
    expect(identity.headers['content-encoding']).toBeUndefined();
    expect(identity.body).toContain('<div id="root"></div>');
    expect(identity.body).toContain('__ATELIER_CONFIG__');
    for (const [accepted, encoding, decode] of [
      ['gzip, deflate, br, zstd', 'br', brotliDecompressSync],
      ['gzip, deflate', 'gzip', gunzipSync],
    ] as const) {
      for (const url of ['/app/', '/app/login']) {
        const res = await get(url, accepted);
        expect(res.statusCode, url).toBe(200);
        expect(res.headers['content-encoding'], url).toBe(encoding);
        expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
        expect(res.headers['cache-control']).toBe('no-cache');
        expect(res.headers.vary).toMatch(/accept-encoding/i);
        expect(res.headers['content-security-policy']).toBe(
          identity.headers['content-security-policy'],
        );
        expect(decode(res.rawPayload).toString()).toBe(identity.body);
      }
    }
    expect(identity.headers['cache-control']).toBe('no-cache');
    expect(identity.headers.vary).toMatch(/accept-encoding/i);
  });
});
