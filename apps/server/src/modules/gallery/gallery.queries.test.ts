import { GALLERY_API, POSTS_PAGE_SIZE, postListDocumentSchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import type { Cast, Person } from '../classes/classes-testing';
import { auth, enroll, family, scheduleTaughtBy, seedPost } from './gallery-testing';

// THE FEED USES A FIXED NUMBER OF QUERIES whatever the page holds (CONVENTIONS 10): images,
// counts, names and rights come in batches, never one query per post.

const HOOK_TIMEOUT_MS = 120_000;

describe('gallery list query count', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let parent: Person & { kids: number[] };
  let classmate: Person & { kids: number[] };
  let scheduleId: number;
  let klassId: number;

  beforeAll(async () => {
    // No worker pool: its polling would land inside the measurements.
    t = await createTestApp({ IMAGE_WORKERS: '0' });
    c = await cast(t);
    ({ scheduleId, klassId } = await scheduleTaughtBy(t, c, c.teacher));
    parent = await family(t, 'Kenji Kato', [{ name: 'Mia Kato', visibility: 'classmates' }]);
    classmate = await family(t, 'Bob Brown', [{ name: 'Bea Brown' }]);
    await enroll(t, scheduleId, [parent.kids[0] ?? 0, classmate.kids[0] ?? 0]);
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const addPosts = async (n: number) => {
    for (let i = 0; i < n; i += 1) {
      await seedPost(
        t,
        { attendeeProfileId: parent.kids[0] ?? 0, authorId: parent.id, klassId, scheduleId },
        2,
      );
    }
  };

  /** Queries of one GET, after a warm-up request (session caches filled). */
  const queriesOf = async (viewer: Person, url: string) => {
    await t.app.inject({ method: 'GET', url, headers: auth(viewer) });
    const before = t.database.queryCount();
    const res = await t.app.inject({ method: 'GET', url, headers: auth(viewer) });
    const count = t.database.queryCount() - before;
    expect(res.statusCode).toBe(200);
    return { count, size: postListDocumentSchema.parse(res.json()).data.length };
  };

  it('a page of 1 post and a full page of 50 seeded posts take the same number of queries', async () => {
    const urls: [Person, string][] = [
      [classmate, `${GALLERY_API.posts}?scope=feed`],
      [parent, `${GALLERY_API.posts}?scope=mine`],
      [c.teacher, `${GALLERY_API.posts}?scope=feed`],
      [c.teacher, `${GALLERY_API.posts}?scope=feedback`],
      [c.admin, `${GALLERY_API.posts}?scope=feed`],
      [classmate, `${GALLERY_API.posts}?scope=student&attendee_profile_id=${parent.kids[0]}`],
    ];
    await addPosts(1);
    const one = [];
    for (const [viewer, url] of urls) one.push(await queriesOf(viewer, url));
    expect(one.map((r) => r.size)).toEqual(urls.map(() => 1));

    await addPosts(49);
    const full = [];
    for (const [viewer, url] of urls) full.push(await queriesOf(viewer, url));
    expect(full.map((r) => r.size)).toEqual(urls.map(() => POSTS_PAGE_SIZE));
    expect(full.map((r) => r.count)).toEqual(one.map((r) => r.count));
    // The page, its image links, the images' views (the student scope checks the student first).
    expect(Math.max(...full.map((r) => r.count))).toBeLessThanOrEqual(4);
  });
});
