import { createHash } from 'node:crypto';
import { brotliDecompressSync } from 'node:zlib';
import { LANGUAGE_COOKIE } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo-seed';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { CATALOGUE_CHANGED_CHANNEL } from '../classes';
import { klassGroups } from '../classes/classes.tables';
import { as, type Cast, programmeWithSchedule } from '../classes/classes-testing';
import { MENU_CLASS_LINKS } from './site-menu';

// The public site on a seeded database (the demo catalogue has a programme for every menu link),
// built once: pages, languages, search-engine data, caching and escaping.

const HTML = { accept: 'text/html,application/xhtml+xml' };

/** Every `href` of the document's top bar, menu and footer that stays on this site. */
function siteLinks(body: string): string[] {
  const chrome = [
    ...(body.match(/<header[\s\S]*?<\/header>/) ?? []),
    ...(body.match(/<nav class="menu"[\s\S]*?<\/nav>/) ?? []),
    ...(body.match(/<footer[\s\S]*?<\/footer>/) ?? []),
  ].join('');
  const hrefs = [...chrome.matchAll(/href="([^"]+)"/g)].map((m) =>
    (m[1] ?? '').replace(/&amp;/g, '&'),
  );
  return [...new Set(hrefs)].filter((h) => h.startsWith('/') && !h.startsWith('/app/'));
}

function jsonLdBlocks(body: string): Record<string, unknown>[] {
  return [...body.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map((m) =>
    JSON.parse(m[1] ?? 'null'),
  );
}

describe('public site', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...HTML, ...headers } });

  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.db);
    c = await cast(t);
  }, 120_000);
  afterAll(() => t.close());

  it('answers every link of the top bar, the public menu and the footer with a page (200 HTML)', async () => {
    const home = await get('/?noredirect=1');
    expect(home.statusCode).toBe(200);
    const links = siteLinks(home.body);
    // The public menu and footer (docs/product.md#public-site), as the layout writes them.
    expect(links).toEqual(
      expect.arrayContaining([
        '/?noredirect=1',
        ...MENU_CLASS_LINKS.map((l) => l.href),
        '/student-gallery',
        '/about-atelier',
        '/our-instructors',
        '/contact-us',
        '/terms-of-use',
        '/privacy-policy',
      ]),
    );
    expect(home.body).toContain('href="/app/login"');
    expect(home.body).toContain('href="/app/register"');
    expect(home.body).toMatch(/<a href="mailto:[^"]+">Contact<\/a>/);
    for (const link of links) {
      const res = await get(link);
      expect({ link, status: res.statusCode }).toEqual({ link, status: 200 });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      // The language switch's links are among them.
      const lang = link.includes('lang=ja') ? 'ja' : 'en';
      expect(res.body.startsWith(`<!doctype html><html lang="${lang}">`)).toBe(true);
      expect(res.body.match(/<h1[ >]/g)).toHaveLength(1);
    }
  });

  it('keeps `/` alone opening the app', async () => {
    const res = await get('/');
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/');
  });

  it('shows a class page: description, ages, place, schedules with days, times, teacher, price and seats, and the way into booking', async () => {
    const res = await get('/classes/in-person/observational-drawing');
    expect(res.statusCode).toBe(200);
    const body = res.body;
    expect(body).toContain('<h1>Observational Drawing</h1>');
    expect(body).toContain('Young artists learn to really look');
    expect(body).toContain('8–12');
    expect(body).toContain('In person');
    expect(body).toContain('Atelier Studio');
    expect(body).toContain('Saturday 10:00 AM–12:00 PM');
    expect(body).toContain('Theo Teacher');
    expect(body).toMatch(/\d+ seats left/);
    expect(body).toContain('From $38.00 per class');
    expect(body).toContain('Times are in Eastern Time.');
    expect(body).toContain('href="/app/book_class?klass_group=observational-drawing"');
    expect(body).toContain('Book this class');
    // The demo programme offers a free trial (docs/product.md#trial-classes); the online one none.
    expect(body).toContain(
      'href="/app/book_class?klass_group=observational-drawing&amp;trial=1">Try a class free</a>',
    );
    expect(body).toContain('<title>Observational Drawing | Atelier Art School</title>');
    expect(body).toMatch(/<meta name="description" content="Young artists learn/);
    expect(body).toContain(
      '<meta property="og:title" content="Observational Drawing | Atelier Art School">',
    );
    // The online programme says so instead of a place.
    const online = await get('/classes/online/drawing-lab');
    expect(online.body).toContain('Online (the link is sent after booking)');
    expect(online.body).not.toContain('trial=1');
    expect(online.body).not.toContain('meet.atelier.test');
  });

  it('gives each programme one URL: other forms redirect there, keeping the query', async () => {
    const moved = await get('/classes/observational-drawing?lang=ja');
    expect(moved.statusCode).toBe(301);
    expect(moved.headers.location).toBe('/classes/in-person/observational-drawing?lang=ja');
    expect((await get('/classes/online/figure-drawing')).headers.location).toBe(
      '/classes/in-person/figure-drawing',
    );
    // A programme the menu does not list lives at /classes/{slug}.
    const { groupId } = await programmeWithSchedule(t, c, {
      programme: { name: 'Watercolour Weekend', slug: 'watercolour-weekend' },
    });
    expect(groupId).toBeTruthy();
    const own = await get('/classes/watercolour-weekend');
    expect(own.statusCode).toBe(200);
    expect(own.body).toContain('<h1>Watercolour Weekend</h1>');
    expect(own.body).toContain(
      '<link rel="canonical" href="http://localhost:3000/classes/watercolour-weekend?lang=en">',
    );
    expect((await get('/classes/in-person/watercolour-weekend')).headers.location).toBe(
      '/classes/watercolour-weekend',
    );
  });

  it('answers an unknown slug or page with a real 404 page, and API paths with the JSON document', async () => {
    for (const url of ['/classes/no-such-class', '/classes/in-person/NOPE', '/no-such-page']) {
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
      expect(res.body).toContain('<h1>Page not found</h1>');
      expect(res.body).toContain('<meta name="robots" content="noindex">');
    }
    const api = await get('/api/v1/no-such-thing');
    expect(api.statusCode).toBe(404);
    expect(api.headers['content-type']).toContain('application/json');
    // A client that did not ask for HTML keeps the JSON answer.
    const script = await t.app.inject({
      url: '/no-such-page',
      headers: { accept: 'application/json' },
    });
    expect(script.statusCode).toBe(404);
    expect(script.json().errors[0].code).toBe('not_found');
  });

  it('keeps the 404 page’s links on the site whatever path was asked (//other.example/x)', async () => {
    const res = await get('//evil.example/x');
    expect(res.statusCode).toBe(404);
    const hrefs = [...res.body.matchAll(/href="([^"]*)"/g)].map((m) => m[1] ?? '');
    expect(hrefs.filter((h) => /^[/\\]{2}/.test(h))).toEqual([]);
    expect(res.body).toContain('href="/evil.example/x?lang=ja"');
  });

  it('speaks the language Accept-Language asks for, switches with ?lang= and remembers the switch', async () => {
    const ja = await get('/classes/in-person/observational-drawing', {
      'accept-language': 'ja-JP,ja;q=0.9,en;q=0.5',
    });
    expect(ja.body).toMatch(/^<!doctype html><html lang="ja">/);
    expect(ja.body).toContain('このクラスを予約する');
    expect(ja.headers['content-language']).toBe('ja');
    expect(ja.headers.vary).toContain('Accept-Language');
    expect(ja.headers['set-cookie']).toBeUndefined();

    const en = await get('/about-atelier?lang=en', { 'accept-language': 'ja' });
    expect(en.body).toMatch(/<html lang="en">/);
    expect(en.headers['set-cookie']).toContain('site_lang=en');
    const remembered = await get('/terms-of-use', {
      'accept-language': 'ja',
      cookie: 'site_lang=en',
    });
    expect(remembered.body).toMatch(/<html lang="en">/);
    expect((await get('/terms-of-use', { 'accept-language': 'fr, *;q=0.1' })).body).toMatch(
      /<html lang="en">/,
    );
  });

  it('shares one language choice with the app: its cookie covers /app too, and a choice made there counts here', async () => {
    const chosen = await get('/about-atelier?lang=ja');
    const cookie = String(chosen.headers['set-cookie']);
    expect(cookie).toContain(`${LANGUAGE_COOKIE}=ja;`);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    // The app's language switch writes the same cookie: English there is English here.
    const fromApp = await get('/terms-of-use', {
      'accept-language': 'ja',
      cookie: `other=1; ${LANGUAGE_COOKIE}=en`,
    });
    expect(fromApp.body).toMatch(/<html lang="en">/);
  });

  it('names every language version of a page (hreflang en, ja, x-default) and links the switch to them', async () => {
    const res = await get('/classes/in-person/figure-drawing?lang=ja');
    const base = 'http://localhost:3000/classes/in-person/figure-drawing';
    expect(res.body).toContain(`<link rel="canonical" href="${base}?lang=ja">`);
    expect(res.body).toContain(`<link rel="alternate" hreflang="en" href="${base}?lang=en">`);
    expect(res.body).toContain(`<link rel="alternate" hreflang="ja" href="${base}?lang=ja">`);
    expect(res.body).toContain(`<link rel="alternate" hreflang="x-default" href="${base}">`);
    expect(res.body).toContain(
      '<a href="/classes/in-person/figure-drawing?lang=en" hreflang="en" lang="en">English</a>',
    );
    const home = await get('/?noredirect=1&lang=ja');
    expect(home.body).toContain(
      '<link rel="alternate" hreflang="en" href="http://localhost:3000/?noredirect=1&amp;lang=en">',
    );
  });

  it('describes the programme for search engines: Course with CourseInstances, and Events for upcoming sessions', async () => {
    const res = await get('/classes/in-person/observational-drawing');
    const blocks = jsonLdBlocks(res.body);
    const course = blocks.find((b) => b['@type'] === 'Course') as {
      name: string;
      provider: { name: string };
      hasCourseInstance: {
        '@type': string;
        courseMode: string;
        instructor: { name: string };
        courseSchedule: { byDay: string; startTime: string }[];
      }[];
      offers: { price: string; priceCurrency: string }[];
    };
    expect(course).toMatchObject({
      '@context': 'https://schema.org',
      name: 'Observational Drawing',
      provider: { name: 'Atelier Art School' },
    });
    expect(course.hasCourseInstance.length).toBeGreaterThan(0);
    expect(course.hasCourseInstance[0]).toMatchObject({
      '@type': 'CourseInstance',
      courseMode: 'Onsite',
      instructor: { name: 'Theo Teacher' },
      courseSchedule: [{ byDay: 'https://schema.org/Saturday', startTime: '10:00' }],
    });
    expect(course.offers[0]).toMatchObject({ price: '38.00', priceCurrency: 'USD' });
    const graph = blocks.find((b) => '@graph' in b) as { '@graph': Record<string, unknown>[] };
    expect(graph['@graph'][0]).toMatchObject({
      '@type': 'Event',
      name: 'Observational Drawing',
      eventAttendanceMode: 'https://schema.org/OfflineEventAttendanceMode',
    });
    expect(String(graph['@graph'][0]?.startDate)).toMatch(/T10:00:00\.000-0[45]:00$/);
  });

  it('lists every page and every published programme in the sitemap, with their language versions', async () => {
    const res = await t.app.inject({ url: '/sitemap.xml' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/xml; charset=utf-8');
    for (const path of [
      '/about-atelier',
      '/student-gallery',
      '/privacy-policy',
      ...MENU_CLASS_LINKS.map((l) => l.href),
      '/classes/watercolour-weekend',
    ]) {
      expect(res.body).toContain(`<loc>http://localhost:3000${path}?lang=en</loc>`);
      expect(res.body).toContain(`<loc>http://localhost:3000${path}?lang=ja</loc>`);
    }
    expect(res.body).toContain(
      '<xhtml:link rel="alternate" hreflang="ja" href="http://localhost:3000/about-atelier?lang=ja"/>',
    );
  });

  it('serves robots.txt: the site allowed, the API and private app pages not, and the sitemap named', async () => {
    const res = await t.app.inject({ url: '/robots.txt' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(res.body).toContain('Allow: /\n');
    expect(res.body).toContain('Disallow: /api/\n');
    expect(res.body).toContain('Disallow: /app/account_settings\n');
    // A staff page behind sign-in (Send Message).
    expect(res.body).toContain('Disallow: /app/messages\n');
    expect(res.body).not.toContain('Disallow: /app/book_class');
    expect(res.body).toContain('Sitemap: http://localhost:3000/sitemap.xml');
  });

  it('shows an admin change to a programme on its next request, and a change heard from another instance', async () => {
    const url = '/classes/in-person/comics-drawing';
    expect((await get(url)).body).not.toContain('Now with screen printing');
    const { data } = (
      await t.app.inject({ url: '/api/v1/catalogue/klass_groups/comics-drawing' })
    ).json();
    const patched = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_groups/${data.id}`,
      headers: as(c.admin),
      payload: { klass_group: { description: 'Now with screen printing.' } },
    });
    expect(patched.statusCode).toBe(200);
    expect((await get(url)).body).toContain('Now with screen printing.');
    expect((await t.app.inject({ url: '/?noredirect=1' })).body).toContain(
      'Now with screen printing.',
    );

    // Another instance wrote the database and said so on the channel.
    await t.database.db
      .update(klassGroups)
      .set({ name: 'Comics and Zines' })
      .where(eq(klassGroups.id, Number(data.id)));
    expect((await get(url)).body).toContain('<h1>Comics Drawing</h1>');
    await t.app.pubsub.publish(CATALOGUE_CHANGED_CHANNEL, {});
    expect((await get(url)).body).toContain('<h1>Comics and Zines</h1>');
  });

  it('keeps a menu link alive when its programme is unpublished: a coming-soon page, not indexed', async () => {
    const { data } = (
      await t.app.inject({ url: '/api/v1/catalogue/klass_groups/open-house' })
    ).json();
    await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_groups/${data.id}`,
      headers: as(c.admin),
      payload: { klass_group: { published: false } },
    });
    const res = await get('/classes/in-person/open-house');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('Coming soon');
    expect(res.body).toContain('<meta name="robots" content="noindex">');
    expect((await t.app.inject({ url: '/sitemap.xml' })).body).not.toContain('open-house');
  });

  it('renders catalogue text inert: a programme named <script> shows the characters', async () => {
    await programmeWithSchedule(t, c, {
      programme: {
        name: '<script>alert(1)</script>',
        slug: 'inert-name',
        description: '"><img src=x onerror=alert(2)> & </script><script>alert(3)</script>',
        location: '<b>Studio</b>',
      },
    });
    const res = await get('/classes/inert-name');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain('<h1>&lt;script&gt;alert(1)&lt;/script&gt;</h1>');
    expect(res.body).toContain('&quot;&gt;&lt;img src=x onerror=alert(2)&gt; &amp;');
    expect(res.body).toContain('&lt;b&gt;Studio&lt;/b&gt;');
    expect(res.body).not.toMatch(/<script>alert|<img src=x|<b>Studio/);
    // Inside JSON-LD no value can close the block.
    const blocks = res.body.match(/<script type="application\/ld\+json">[\s\S]*?<\/script>/g) ?? [];
    for (const block of blocks) expect(block.slice(35, -9)).not.toContain('<');
    expect(jsonLdBlocks(res.body)[0]).toMatchObject({ name: '<script>alert(1)</script>' });
  });

  it('allows exactly its own inline style and no script, and sends an ETag (304) and brotli', async () => {
    const res = await get('/classes/in-person/art-science', { 'accept-encoding': 'br, gzip' });
    expect(res.headers['content-encoding']).toBe('br');
    const body = brotliDecompressSync(res.rawPayload).toString('utf8');
    const css = body.match(/<style>([\s\S]*?)<\/style>/)?.[1] ?? '';
    const hash = createHash('sha256').update(css).digest('base64');
    const policy = String(res.headers['content-security-policy']);
    expect(policy).toContain(`style-src 'sha256-${hash}'`);
    expect(policy).toContain("script-src 'none'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(body).not.toMatch(/ style="/);
    expect(body).not.toMatch(/<script(?! type="application\/ld\+json")/);

    const again = await get('/classes/in-person/art-science', {
      'if-none-match': String(res.headers.etag),
    });
    expect(again.statusCode).toBe(304);
  });

  it('serves Open Sans itself, preloaded, cached for a year', async () => {
    const home = await get('/?noredirect=1');
    const fonts = [...home.body.matchAll(/<link rel="preload" href="([^"]+)" as="font"/g)].map(
      (m) => m[1] ?? '',
    );
    expect(fonts).toHaveLength(2);
    expect(home.body).toContain('font-display:swap');
    for (const font of fonts) {
      const res = await t.app.inject({ url: font });
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('font/woff2');
      expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(res.rawPayload.subarray(0, 4).toString('latin1')).toBe('wOF2');
    }
  });

  it('serves the app’s icon as /favicon.ico (a real ICO) and SVG, linked from every page', async () => {
    const ico = await t.app.inject({ url: '/favicon.ico' });
    expect(ico.statusCode).toBe(200);
    expect(ico.headers['content-type']).toBe('image/x-icon');
    expect(ico.headers['cache-control']).toBe('public, max-age=86400');
    // ICO header (reserved 0, type 1, one image), then the PNG it holds.
    expect([...ico.rawPayload.subarray(0, 6)]).toEqual([0, 0, 1, 0, 1, 0]);
    expect(ico.rawPayload.subarray(22, 26).toString('latin1')).toBe('\x89PNG');
    const svg = await t.app.inject({ url: '/favicon.svg' });
    expect(svg.statusCode).toBe(200);
    expect(svg.headers['content-type']).toContain('image/svg+xml');
    expect(svg.body).toContain('<svg');
    for (const path of ['/?noredirect=1', '/about', '/no-such-page']) {
      const page = await get(path);
      expect(page.body).toContain('<link rel="icon" href="/favicon.ico" sizes="32x32">');
      expect(page.body).toContain('<link rel="icon" href="/favicon.svg" type="image/svg+xml">');
    }
  });

  it('says in the privacy policy what is kept about children and why, in both languages', async () => {
    const en = await get('/privacy-policy');
    expect(en.body).toContain('<h2>About children</h2>');
    expect(en.body).toContain('first name and last initial');
    expect(en.body).toContain('<a href="mailto:hello@atelier.test">hello@atelier.test</a>');
    const ja = await get('/privacy-policy?lang=ja');
    expect(ja.body).toContain('<h2>お子さまについて</h2>');
    expect(ja.body).toContain('<title>プライバシーポリシー｜Atelier Art School</title>');
  });
});
