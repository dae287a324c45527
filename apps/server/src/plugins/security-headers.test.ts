import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../testing/test-app';

/** A stand-in for the web build: index.html with the server's placeholders, an asset, its map. */
function fakeWebBuild(): string {
  const dir = mkdtempSync(join(tmpdir(), 'atelier-web-'));
  mkdirSync(join(dir, 'assets'));
  writeFileSync(
    join(dir, 'index.html'),
    '<!doctype html><html><head><!--app-head--><script type="module" src="/app/assets/index.js"></script></head><body><!--app-body--><div id="root"></div></body></html>',
  );
  writeFileSync(join(dir, 'assets/index.js'), 'console.log(1);\n//# sourceMappingURL=index.js.map');
  writeFileSync(join(dir, 'assets/index.js.map'), '{"version":3,"sources":[],"mappings":""}');
  return dir;
}

/** The policy's directives by name. */
function directives(policy: string | undefined): Record<string, string[]> {
  return Object.fromEntries(
    (policy ?? '')
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .filter((words) => words[0])
      .map(([name, ...values]) => [name, values]),
  );
}

const inlineScripts = (html: string) =>
  [...html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map((m) => m[1] ?? '');
const sha256 = (text: string) =>
  `'sha256-${createHash('sha256').update(text, 'utf8').digest('base64')}'`;

describe('security headers', { timeout: 30_000 }, () => {
  let t: TestApp | null = null;
  afterEach(async () => {
    await t?.close();
    t = null;
  });

  async function app(env: Record<string, string> = {}) {
    t = await createTestApp({ WEB_DIST_DIR: fakeWebBuild(), ...env });
    return t.app;
  }

  it('an API answer may not run anything nor be framed, is not sniffed and leaks no referrer', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const policy = directives(res.headers['content-security-policy'] as string);
    expect(policy['default-src']).toEqual(["'none'"]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
  });

  it('the app page runs only its own scripts and its inline config when no third party is set', async () => {
    const res = await (await app()).inject({ method: 'GET', url: '/app/login' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const policy = directives(res.headers['content-security-policy'] as string);
    const scripts = inlineScripts(res.body);
    expect(scripts).toHaveLength(1);
    expect(policy['script-src']).toEqual(["'self'", ...scripts.map(sha256)]);
    expect(policy['frame-ancestors']).toEqual(["'none'"]);
    expect(policy['frame-src']).toEqual(["'none'"]);
    expect(policy['object-src']).toEqual(["'none'"]);
    expect(policy['connect-src']).toEqual(["'self'"]);
    expect(res.headers['content-security-policy']).not.toMatch(/https:/);
  });

  it.each([
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_123' }, 'script-src', 'https://js.stripe.com'],
    [{ STRIPE_PUBLISHABLE_KEY: 'pk_test_123' }, 'frame-src', 'https://js.stripe.com'],
    [{ GTM_ID: 'GTM-ABC123' }, 'script-src', 'https://www.googletagmanager.com'],
    [{ GTM_ID: 'GTM-ABC123' }, 'frame-src', 'https://www.googletagmanager.com'],
    [{ HOTJAR_ID: '1234567' }, 'script-src', 'https://static.hotjar.com'],
    [
      { SENTRY_DSN: 'https://key@o1.ingest.sentry.example/42' },
      'connect-src',
      'https://o1.ingest.sentry.example',
    ],
  ])('with %o configured the app page allows it in %s', async (env, directive, host) => {
    const res = await (await app(env)).inject({ method: 'GET', url: '/app/' });
    const policy = directives(res.headers['content-security-policy'] as string);
    expect(policy[directive]).toContain(host);
    // Every inline script the page carries (config, tag snippets) is allowed by its hash, no more.
    const hashes = (policy['script-src'] ?? []).filter((s) => s.startsWith("'sha256-"));
    expect(hashes).toEqual(inlineScripts(res.body).map(sha256));
    expect(policy['script-src']).not.toContain("'unsafe-inline'");
  });

  it('a third party that is not configured is not allowed', async () => {
    const res = await (await app({ GTM_ID: 'GTM-ABC123' })).inject({ method: 'GET', url: '/app/' });
    const header = res.headers['content-security-policy'] as string;
    expect(header).not.toMatch(/stripe|hotjar|sentry/);
  });

  it('serves source maps in development, not in production', async () => {
    const dev = await (await app()).inject({ method: 'GET', url: '/app/assets/index.js.map' });
    expect(dev.statusCode).toBe(200);
    await t?.close();
    t = null;
    const production = await app({
      NODE_ENV: 'production',
      JWT_SECRET: 'a-production-secret-of-at-least-32-characters',
      SEED_DEMO: '',
    });
    const map = await production.inject({ method: 'GET', url: '/app/assets/index.js.map' });
    expect(map.statusCode).toBe(404);
    const script = await production.inject({ method: 'GET', url: '/app/assets/index.js' });
    expect(script.statusCode).toBe(200);
  });
});
