import { count, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo-seed';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { klasses } from '../classes/classes.tables';
import { images } from '../media/media.tables';
import { galleryContextOf } from './gallery.context';
import { seedDemoGallery } from './gallery.seed';
import { comments, feedbacks, posts } from './gallery.tables';

describe('demo gallery seed', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await seedDemo(t.app.db);
  }, 120_000);
  afterAll(() => t.close());

  const total = async (table: typeof posts | typeof images | typeof comments | typeof feedbacks) =>
    (await t.app.db.select({ n: count() }).from(table))[0]?.n ?? 0;

  it('seeds posts of the demo children with real processed images, a feedback and a comment, once', async () => {
    await seedDemoGallery(galleryContextOf(t.app));
    expect(await total(posts)).toBeGreaterThanOrEqual(3);
    expect(await total(feedbacks)).toBe(1);
    expect(await total(comments)).toBe(1);
    await t.app.media.drain();
    const rows = await t.app.db.select({ status: images.status }).from(images);
    expect(rows.length).toBeGreaterThanOrEqual(4);
    expect(rows.every((r) => r.status === 'ready')).toBe(true);

    const before = await total(posts);
    await seedDemoGallery(galleryContextOf(t.app));
    expect(await total(posts)).toBe(before);
  });

  it('makes each post in a session that had started before it was posted', async () => {
    // The demo parent has also booked next term: its first class is months ahead.
    const made = await t.app.db
      .select({ postedAt: posts.createdAt, klassStart: klasses.startsAt })
      .from(posts)
      .innerJoin(klasses, eq(klasses.id, posts.klassId))
      .where(isNotNull(posts.klassId));
    expect(made.length).toBeGreaterThanOrEqual(3);
    for (const post of made) {
      expect(post.klassStart.getTime()).toBeLessThanOrEqual(post.postedAt.getTime());
    }
  });
});
