import { GALLERY_API, postDocumentSchema } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { WITHDRAWN_IMAGE_MESSAGE } from '../../storage/media-files.routes';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { publishAgreement, sign, withdraw } from '../agreements/agreements-testing';
import type { Cast, Person } from '../classes/classes-testing';
import { auth, family, multipart, photo } from './gallery-testing';

// Withdrawing a child's media release takes the child's work out of every place at once: the API,
// the public student gallery (rendered per request, never cached), and image addresses already
// handed out, which answer 404 once the per-process memory of their check lapses (at most 30 s,
// docs/decisions/068-moderation-that-holds.md, docs/decisions/070-agreements.md).
describe('withdrawing a media release', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let sato: Person & { kids: number[] };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    sato = await family(t, 'Emi Sato', [{ name: 'Kei Sato', visibility: 'public' }]);
  }, 120_000);
  afterAll(() => t.close());

  const fetch = (url: string | null | undefined) =>
    t.app.inject({ method: 'GET', url: url ?? '/media/none' });

  it('stops the public gallery, the API and image addresses already handed out', async () => {
    const kei = sato.kids[0] ?? 0;
    const release = await publishAgreement(t, c.admin, {
      title: 'Media release',
      kind: 'media_release',
      per_child: true,
    });
    const signatureId = (await sign(t, sato, release.versionId, kei, 'Emi Sato')).json().data
      .id as string;
    const body = multipart({ attendee_profile_id: String(kei), caption: 'Boats' }, [
      { data: await photo('#2255aa') },
    ]);
    const created = await t.app.inject({
      method: 'POST',
      url: GALLERY_API.posts,
      payload: body.payload,
      headers: { ...auth(sato), ...body.headers },
    });
    expect(created.statusCode).toBe(201);
    const postId = postDocumentSchema.parse(created.json()).data.id;
    await t.app.media.drain();

    const page = await fetch('/student-gallery');
    expect(page.body).toContain('Kei S.');
    const src = /<img src="([^"]+)"/.exec(page.body)?.[1]?.replaceAll('&amp;', '&') ?? '';
    expect(src).toContain('a=s');
    const guestPost = await fetch(GALLERY_API.post(postId));
    expect(guestPost.statusCode).toBe(200);
    const guestImage = postDocumentSchema.parse(guestPost.json()).data.attributes.images[0];
    const own = postDocumentSchema.parse(
      (
        await t.app.inject({ method: 'GET', url: GALLERY_API.post(postId), headers: auth(sato) })
      ).json(),
    ).data.attributes.images[0];
    expect((await fetch(src)).statusCode).toBe(200);

    expect((await withdraw(t, sato, signatureId)).statusCode).toBe(200);

    // The API and the public page at once.
    expect((await fetch(GALLERY_API.post(postId))).statusCode).toBe(404);
    expect((await fetch('/student-gallery')).body).not.toContain('Kei S.');
    // An address not fetched since: refused at once.
    const display = await fetch(guestImage?.url);
    expect(display.statusCode).toBe(404);
    expect(display.json().errors[0].detail).toBe(WITHDRAWN_IMAGE_MESSAGE);
    // One just served: once this process's memory of it lapses (the clock moves on 31 s).
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      const lapsed = await fetch(src);
      expect(lapsed.statusCode).toBe(404);
      expect(lapsed.json().errors[0].detail).toBe(WITHDRAWN_IMAGE_MESSAGE);
      // The family's own addresses still serve.
      expect((await fetch(own?.url)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });
});
