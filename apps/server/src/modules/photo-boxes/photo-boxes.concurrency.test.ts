import { PHOTO_BOXES_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type App, buildApp } from '../../app';
import { type Database, openDatabase } from '../../db/client';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, enroll, type Person } from '../classes/classes-testing';
import { postImages, postStudents, posts } from '../gallery/gallery.tables';
import { photoBoxPhotos } from './photo-boxes.tables';
import { klassOfTeacher, openedBox, uploadedPhoto } from './photo-boxes-testing';

// Decision 038: two teachers handling the same photo at once make one post, never two. On PGlite
// and on PostgreSQL (TEST_DB=postgres, its own pool per app), from two app instances sharing the
// database, the way two server processes would.

describe('handling one photo concurrently', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let second: App;
  let secondDb: Database | null = null;
  let box: { id: string; token: string };
  let kids: number[];

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    secondDb = t.database.url
      ? await openDatabase({ kind: 'postgres', url: t.database.url })
      : null;
    second = await buildApp(t.config, {
      database: secondDb ?? t.database,
      mail: { worker: { autoStart: false } },
    });
    await second.ready();
    const klass = await klassOfTeacher(t, c);
    kids = [c.parent.attendees.mia, c.parent.attendees.leo];
    await enroll(t, klass.scheduleId, kids);
    box = await openedBox(t, c.teacher, klass.klassId);
  }, SETUP_TIMEOUT_MS);
  afterAll(async () => {
    await second.close();
    await secondDb?.close();
    await t.close();
  });

  const request = (app: App, who: Person, method: 'POST' | 'DELETE', photo: string, kid = 0) =>
    app.inject({
      method,
      url:
        method === 'POST'
          ? PHOTO_BOXES_API.assign(box.id, photo)
          : PHOTO_BOXES_API.photo(box.id, photo),
      headers: as(who),
      ...(method === 'POST' ? { payload: { attendee_profile_id: String(kids[kid]) } } : {}),
    });

  const postsOf = async (photo: string) => {
    const [row] = await t.database.db
      .select({ imageId: photoBoxPhotos.imageId })
      .from(photoBoxPhotos)
      .where(eq(photoBoxPhotos.id, Number(photo)));
    if (!row) return [];
    return t.database.db
      .select({ postId: postImages.postId })
      .from(postImages)
      .where(eq(postImages.imageId, row.imageId));
  };

  it('six assignments of one photo at once, by two staff on two instances: one post', async () => {
    for (let round = 0; round < 3; round++) {
      const photo = await uploadedPhoto(t, box.token);
      const results = await Promise.all(
        [0, 1, 2, 3, 4, 5].map((i) =>
          request(i % 2 ? second : t.app, i % 3 ? c.teacher : c.admin, 'POST', photo, i % 2),
        ),
      );
      const codes = results.map((r) => r.statusCode).sort();
      expect(codes).toEqual([200, 409, 409, 409, 409, 409]);
      expect(await postsOf(photo)).toHaveLength(1);
    }
  });

  it('an assignment and a discard at once: one of them, never a post of a deleted image', async () => {
    for (let round = 0; round < 3; round++) {
      const photo = await uploadedPhoto(t, box.token);
      const [assigned, discarded] = await Promise.all([
        request(t.app, c.teacher, 'POST', photo),
        request(second, c.admin, 'DELETE', photo),
      ]);
      const codes = [assigned.statusCode, discarded.statusCode];
      expect([
        [200, 409],
        [409, 204],
        [404, 204],
      ]).toContainEqual(codes);
      expect(await postsOf(photo)).toHaveLength(assigned.statusCode === 200 ? 1 : 0);
    }
  });

  const tagsOf = async (postId: number) => {
    const [post] = await t.database.db
      .select({ first: posts.attendeeProfileId })
      .from(posts)
      .where(eq(posts.id, postId));
    const rows = await t.database.db
      .select({ id: postStudents.attendeeProfileId })
      .from(postStudents)
      .where(eq(postStudents.postId, postId));
    return { first: post?.first, tagged: rows.map((r) => r.id).sort((a, b) => a - b) };
  };

  it('group assignments and re-tags at once (decision 073): one post, each child tagged once', async () => {
    const [mia, leo] = kids as [number, number];
    const both = [mia, leo].sort((a, b) => a - b);
    for (let round = 0; round < 3; round++) {
      const photo = await uploadedPhoto(t, box.token);
      const assigned = await Promise.all(
        [0, 1, 2, 3].map((i) =>
          (i % 2 ? second : t.app).inject({
            method: 'POST',
            url: PHOTO_BOXES_API.assign(box.id, photo),
            headers: as(i % 2 ? c.admin : c.teacher),
            payload: { attendee_profile_ids: [String(mia), String(leo)] },
          }),
        ),
      );
      expect(assigned.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      const made = await postsOf(photo);
      expect(made).toHaveLength(1);
      const postId = made[0]?.postId ?? 0;
      expect((await tagsOf(postId)).tagged).toEqual(both);

      // Two staff re-tag at once, on two instances: the last one wins whole, never a mix or a
      // child tagged twice.
      const sets = [[leo, mia], [mia, leo], [leo], [mia, leo]];
      const retagged = await Promise.all(
        sets.map((ids, i) =>
          (i % 2 ? second : t.app).inject({
            method: 'PUT',
            url: PHOTO_BOXES_API.tags(box.id, photo),
            headers: as(i % 2 ? c.admin : c.teacher),
            payload: { attendee_profile_ids: ids.map(String) },
          }),
        ),
      );
      expect(retagged.map((r) => r.statusCode)).toEqual([200, 200, 200, 200]);
      const final = await tagsOf(postId);
      expect([
        { first: leo, tagged: both },
        { first: mia, tagged: both },
        { first: leo, tagged: [] },
      ]).toContainEqual(final);
    }
  });
});
