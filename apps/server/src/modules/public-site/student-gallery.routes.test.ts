import { asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WITHDRAWN_IMAGE_MESSAGE } from '../../storage/media-files.routes';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { postImages, posts } from '../gallery/gallery.tables';
import { family, seedPost } from '../gallery/gallery-testing';
import { images } from '../media/media.tables';
import { attendeeProfiles } from '../users/users.tables';
import { escapeHtml } from './html';
import { GALLERY_PAGE_SIZE } from './student-gallery.page';

// /student-gallery on a fresh database, built once: only the work of students whose family chose
// "public", never a hidden post, named "Mia K.", newest first, a numbered page at a time.

const HTML = { accept: 'text/html' };
const HOUR_MS = 60 * 60_000;

/** The page's artworks as (alt text, caption, the rest) in page order. */
function artworks(body: string) {
  return [...body.matchAll(/<li><figure>([\s\S]*?)<\/figure><\/li>/g)].map((m) => {
    const entry = m[1] ?? '';
    return {
      alt: /alt="([^"]*)"/.exec(entry)?.[1] ?? '',
      caption: /<figcaption>(?:<span>(.*?)<\/span>)?/.exec(entry)?.[1] ?? '',
      entry,
    };
  });
}

describe('GET /student-gallery', { timeout: 120_000 }, () => {
  let t: TestApp;
  let mia: number;
  let leo: number;
  let kai: number;
  let yui: number;
  let firstImageOfMulti = 0;
  const get = (url: string, headers: Record<string, string> = {}) =>
    t.app.inject({ method: 'GET', url, headers: { ...HTML, ...headers } });

  /** A post `hoursAgo` old with `pictures` processed images (none processed when `ready` is false). */
  async function post(
    studentId: number,
    caption: string,
    hoursAgo: number,
    options: { pictures?: number; ready?: boolean; hidden?: boolean } = {},
  ): Promise<{ postId: number; imageIds: number[] }> {
    const postId = await seedPost(
      t,
      { attendeeProfileId: studentId, caption },
      options.pictures ?? 1,
    );
    const imageIds = (
      await t.database.db
        .select({ id: postImages.imageId })
        .from(postImages)
        .where(eq(postImages.postId, postId))
        .orderBy(asc(postImages.position))
    ).map((r) => r.id);
    if (options.ready !== false && imageIds.length > 0) {
      for (const id of imageIds) {
        await t.database.db
          .update(images)
          .set({ status: 'ready', key: `artworks/test-${id}`, width: 640, height: 480 })
          .where(eq(images.id, id));
      }
    }
    const at = new Date(Date.now() - hoursAgo * HOUR_MS);
    await t.database.db
      .update(posts)
      .set({ createdAt: at, hiddenAt: options.hidden ? new Date() : null })
      .where(eq(posts.id, postId));
    return { postId, imageIds };
  }

  beforeAll(async () => {
    t = await createTestApp();
    const kato = await family(t, 'Kenji Kato', [
      { name: 'Mia Kato', visibility: 'public' },
      { name: 'Leo Kato', visibility: 'family' },
      { name: 'Kai Kato', visibility: 'classmates' },
    ]);
    [mia = 0, leo = 0, kai = 0] = kato.kids;
    const ito = await family(t, 'Aya Ito', [{ name: 'Yui Anne Ito', visibility: 'public' }]);
    yui = ito.kids[0] ?? 0;

    // Public and shown: Mia's 12 and Yui's 2, one hour apart (Yui's are the newest).
    await post(yui, 'Yui <b>newest</b>', 1);
    const multi = await post(yui, 'Three views of a shell', 2, { pictures: 3 });
    firstImageOfMulti = multi.imageIds[0] ?? 0;
    for (let i = 0; i < 12; i += 1) await post(mia, `Mia ${i + 1}`, 3 + i);
    // Never shown: a hidden public post, private and classmates-only work, a post still processing.
    await post(mia, 'Hidden by a teacher', 0, { hidden: true });
    await post(leo, 'Leo private', 0);
    await post(kai, 'Kai for classmates', 0);
    await post(mia, 'Still processing', 0, { ready: false });
  }, 120_000);
  afterAll(() => t.close());

  it('shows only public, shown, processed work, newest first, by first name and initial', async () => {
    const res = await get('/student-gallery');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    const shown = artworks(res.body);
    expect(shown).toHaveLength(GALLERY_PAGE_SIZE);
    expect(shown.map((a) => a.caption)).toEqual([
      'Yui &lt;b&gt;newest&lt;/b&gt;',
      'Three views of a shell',
      ...Array.from({ length: 10 }, (_, i) => `Mia ${i + 1}`),
    ]);
    expect(shown[0]?.alt).toBe('Artwork by Yui I.');
    expect(shown[2]?.entry).toContain('<span class="by">by Mia K.</span>');
    for (const secret of [
      'Kato',
      'Yui Anne',
      'Hidden by a teacher',
      'Leo',
      'Kai',
      'Still processing',
    ]) {
      expect(res.body).not.toContain(secret);
    }
    expect(res.body).toContain('<h1>Student Gallery</h1>');
  });

  it('serves small signed thumbnails with their size, the first row eager and the rest lazy', async () => {
    const res = await get('/student-gallery');
    const shown = artworks(res.body);
    // A guest's addresses are shared ones (docs/decisions/068-moderation-that-holds.md).
    const view = (await t.app.media.imageViews([firstImageOfMulti], { shared: true })).get(
      firstImageOfMulti,
    );
    expect(view?.thumb_url).toBeTruthy();
    const multi = shown[1]?.entry ?? '';
    expect(multi).toContain(
      `<a href="${escapeHtml(view?.url ?? '')}"><img src="${escapeHtml(view?.thumb_url ?? '')}"`,
    );
    expect(multi).toContain('width="320" height="320"');
    // Its other pictures are linked under it.
    expect(multi).toMatch(
      /More pictures: <a href="[^"]+">Picture 2 of 3<\/a><a href="[^"]+">Picture 3 of 3<\/a>/,
    );
    expect(shown[0]?.entry).toContain('loading="eager" fetchpriority="high"');
    expect(shown[3]?.entry).toContain('loading="eager" decoding');
    expect(shown[3]?.entry).not.toContain('fetchpriority');
    for (const later of shown.slice(4)) expect(later.entry).toContain('loading="lazy"');
    // Artwork URLs are signed: the media route refuses one without its signature.
    const unsigned = (view?.thumb_url ?? '').split('?')[0] ?? '';
    expect((await t.app.inject({ method: 'GET', url: unsigned })).statusCode).not.toBe(200);
  });

  it('pages with rel=next and rel=prev links; a page that is not one answers the 404 page', async () => {
    const first = await get('/student-gallery');
    expect(first.body).toContain('<a rel="next" href="/student-gallery?page=2">Next page</a>');
    expect(first.body).not.toContain('rel="prev"');
    expect(first.body).toContain('Page 1 of 2');

    const second = await get('/student-gallery?page=2');
    expect(second.statusCode).toBe(200);
    expect(artworks(second.body).map((a) => a.caption)).toEqual(['Mia 11', 'Mia 12']);
    expect(second.body).toContain('<a rel="prev" href="/student-gallery">Previous page</a>');
    expect(second.body).not.toContain('rel="next"');
    expect(second.body).toContain('<title>Student Gallery, page 2 |');
    expect(second.body).toContain(
      `<link rel="canonical" href="${t.config.appUrl}/student-gallery?page=2&amp;lang=en">`,
    );

    for (const url of [
      '/student-gallery?page=3',
      '/student-gallery?page=0',
      '/student-gallery?page=abc',
      '/student-gallery?page=99999999999',
      '/student-gallery?page=1&page=2',
    ]) {
      const res = await get(url);
      expect({ url, status: res.statusCode }).toEqual({ url, status: 404 });
      expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    }
  });

  it('costs the same few queries whatever the page holds', async () => {
    const before = t.database.queryCount();
    await get('/student-gallery');
    const full = t.database.queryCount() - before;
    const again = t.database.queryCount();
    await get('/student-gallery?page=2');
    expect(t.database.queryCount() - again).toBe(full);
    expect(full).toBeLessThanOrEqual(4);
  });

  it('drops a student at once when the family stops sharing, and speaks Japanese', async () => {
    await t.database.db
      .update(attendeeProfiles)
      .set({ galleryVisibility: 'classmates' })
      .where(inArray(attendeeProfiles.id, [yui]));
    const res = await get('/student-gallery?lang=ja');
    expect(res.statusCode).toBe(200);
    expect(res.body.startsWith('<!doctype html><html lang="ja">')).toBe(true);
    expect(res.body).toContain('<h1>生徒ギャラリー</h1>');
    const shown = artworks(res.body);
    expect(shown).toHaveLength(GALLERY_PAGE_SIZE);
    expect(shown.every((a) => a.entry.includes('作: Mia K.'))).toBe(true);
    expect(res.body).not.toContain('Yui');
    // One page only now: no pager.
    expect(res.body).not.toContain('class="pager"');
  });

  it('a guest’s image address stops serving at once when the family stops sharing', async () => {
    const before = artworks((await get('/student-gallery')).body);
    const srcOf = (entry: string | undefined) =>
      /<img src="([^"]+)"/.exec(entry ?? '')?.[1]?.replaceAll('&amp;', '&') ?? '';
    const src = srcOf(before[0]?.entry);
    expect(src).toContain('a=s');
    // Past the sharing check: only the test's file is missing.
    expect((await t.app.inject({ method: 'GET', url: src ?? '' })).statusCode).toBe(404);
    await t.database.db
      .update(attendeeProfiles)
      .set({ galleryVisibility: 'family' })
      .where(inArray(attendeeProfiles.id, [mia]));
    const after = await get('/student-gallery');
    expect(after.body).not.toContain('Mia K.');
    // An address of hers not fetched before: refused at once (one fetched keeps serving from this
    // process's memory for at most half a minute, gallery.routes.test.ts).
    const other = srcOf(before[1]?.entry);
    expect(other).toContain('a=s');
    const refused = await t.app.inject({ method: 'GET', url: other });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errors[0].detail).toBe(WITHDRAWN_IMAGE_MESSAGE);
  });
});
