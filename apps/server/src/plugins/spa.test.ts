import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp, testConfig } from '../testing/test-app';
import { inlineScriptHashes } from './content-security-policy';
import { preferredEncoding, prerenderedPages } from './spa';

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
    // APP_URL, for links opened on other devices (a photo box's QR code).
    expect(identity.body).toContain(`"appUrl":"${t.config.appUrl}"`);
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

const SCHOOL = `Tom & Jerry's <Art> "School"`;
const PRERENDER_PLACEHOLDERS = {
  schoolName: '__atelier_prerender_schoolName_a__',
  contactEmail: '__atelier_prerender_contactEmail_a__',
};

/** A prerendered page as apps/web/build/prerender.ts writes it: placeholders, a guard, a loader. */
function prerenderedPage(path: string, heading: string) {
  return `<!doctype html><html><head><!--app-head--><script>guard("${path}")</script></head><body><!--app-body--><div id="root" data-prerendered="${path}"><h1 title="${PRERENDER_PLACEHOLDERS.schoolName}">${heading} ${PRERENDER_PLACEHOLDERS.schoolName}</h1><a href="mailto:${PRERENDER_PLACEHOLDERS.contactEmail}">Contact</a></div><script>load("${path}")</script></body></html>`;
}

/** The fake build, plus `.prerender/` with the index and pages of /app/login and /app/. */
function fakeWebBuildWithPrerender(manifest?: unknown) {
  const build = fakeWebBuild();
  mkdirSync(join(build.dir, '.prerender'));
  writeFileSync(
    join(build.dir, '.prerender/pages.json'),
    JSON.stringify(
      manifest ?? {
        placeholders: PRERENDER_PLACEHOLDERS,
        pages: [
          { path: '/app/login', file: 'login.html' },
          { path: '/app/', file: 'home.html' },
        ],
      },
    ),
  );
  writeFileSync(join(build.dir, '.prerender/login.html'), prerenderedPage('/login', 'Log in'));
  writeFileSync(join(build.dir, '.prerender/home.html'), prerenderedPage('/', 'Welcome to'));
  return build;
}

describe('prerendered pages (docs/decisions/046-prerendered-first-screen.md)', {
  timeout: 30_000,
}, () => {
  let t: TestApp;
  beforeAll(async () => {
    const build = fakeWebBuildWithPrerender();
    t = await createTestApp({
      WEB_DIST_DIR: build.dir,
      SCHOOL_NAME: SCHOOL,
      CONTACT_EMAIL: 'office@school.test',
    });
  }, 60_000);
  afterAll(() => t?.close());

  const get = (url: string, acceptEncoding = 'gzip, deflate, br, zstd') =>
    t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': acceptEncoding } });
  const page = async (url: string) => {
    const res = await get(url);
    expect(res.statusCode, url).toBe(200);
    expect(res.headers['content-encoding'], url).toBe('br');
    return { res, html: brotliDecompressSync(res.rawPayload).toString() };
  };

  it("sends /app/login and /app/ with their first screen, filled with this school's settings", async () => {
    for (const [url, heading] of [
      ['/app/login', 'Log in'],
      ['/app/', 'Welcome to'],
    ] as const) {
      const { res, html } = await page(url);
      expect(res.headers['cache-control']).toBe('no-cache');
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      // Escaped for text and for quoted attributes alike; no placeholder left.
      expect(html).toContain(
        `${heading} Tom &amp; Jerry&#39;s &lt;Art&gt; &quot;School&quot;</h1>`,
      );
      expect(html).toContain('title="Tom &amp; Jerry&#39;s &lt;Art&gt; &quot;School&quot;"');
      expect(html).toContain('href="mailto:office@school.test"');
      expect(html).not.toContain('__atelier_prerender_');
      // The server's own placeholders are filled as on the plain page.
      expect(html).toContain('window.__ATELIER_CONFIG__=');
      expect(html).not.toContain('<!--app-head-->');
    }
  });

  it("lets exactly the page's own inline scripts run: the config, its guard and its loader", async () => {
    const { res, html } = await page('/app/login');
    const policy = String(res.headers['content-security-policy']);
    const hashes = inlineScriptHashes(html);
    expect(hashes).toHaveLength(3);
    for (const hash of hashes) expect(policy).toContain(hash);
    expect(policy).toMatch(/script-src 'self' 'sha256-[^;]*;/);
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    // Another page's scripts are not allowed here.
    const home = await page('/app/');
    const [homeLoader] = inlineScriptHashes(home.html).slice(-1);
    expect(policy).not.toContain(homeLoader);
  });

  it('sends the plain page for any other path, and for these paths with a query string', async () => {
    for (const url of ['/app/login?redirect=%2Fcart', '/app/?x=1', '/app/home', '/app/register']) {
      const { html } = await page(url);
      expect(html, url).toContain('<div id="root"></div>');
      expect(html, url).not.toContain('data-prerendered');
    }
  });

  it('answers a HEAD for a prerendered path without the body', async () => {
    const head = await t.app.inject({ method: 'HEAD', url: '/app/login' });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(head.body).toBe('');
  });

  it('uses no prerendered page when the build wants a setting this server does not fill in', () => {
    const warnings: unknown[] = [];
    const log = { warn: (...args: unknown[]) => warnings.push(args) };
    for (const manifest of [
      {
        placeholders: { currency: '__x__', shoeSize: '__y__' },
        pages: [{ path: '/app/login', file: 'login.html' }],
      },
      {
        placeholders: PRERENDER_PLACEHOLDERS,
        pages: [{ path: '/app/login', file: 'missing.html' }],
      },
      'not a manifest',
    ]) {
      const build = fakeWebBuildWithPrerender(manifest);
      const pages = prerenderedPages(log as never, testConfig({ WEB_DIST_DIR: build.dir }));
      expect(pages.size, JSON.stringify(manifest)).toBe(0);
    }
    expect(warnings).toHaveLength(3);
    const plain = fakeWebBuild();
    expect(prerenderedPages(log as never, testConfig({ WEB_DIST_DIR: plain.dir })).size).toBe(0);
    expect(warnings).toHaveLength(3);
  });
});
