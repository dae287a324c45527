import {
  ARTWORK_MAX_BYTES,
  GALLERY_MESSAGES,
  PHOTO_BOX_DEVICE_UPLOAD_LIMIT,
  PHOTO_BOX_MESSAGES,
  PHOTO_BOX_UNKNOWN_LINK_LIMIT,
  PHOTO_BOX_UPLOAD_LIMIT,
  PHOTO_BOXES_API,
  photoBoxUploadDocumentSchema,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast } from '../classes/classes-testing';
import { images } from '../media/media.tables';
import { photoBoxes, photoBoxPhotos } from './photo-boxes.tables';
import { jpeg, klassOfTeacher, openedBox, uploadPhoto } from './photo-boxes-testing';

describe('photo boxes: uploads through the link, without signing in', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let klassId: number;
  let photo: Buffer;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    klassId = (await klassOfTeacher(t, c)).klassId;
    photo = await jpeg();
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const errorOf = (res: {
    json(): { errors: { code: string; detail: string; meta?: object }[] };
  }) => res.json().errors[0];

  it('takes one photo as a waiting photo of the box, its image pending processing', async () => {
    const box = await openedBox(t, c.teacher, klassId);
    const res = await uploadPhoto(t, box.token, photo);
    expect(res.statusCode).toBe(201);
    const doc = photoBoxUploadDocumentSchema.parse(res.json());
    expect(doc.data.attributes.status).toBe('waiting');
    const [row] = await t.database.db
      .select({ boxId: photoBoxPhotos.photoBoxId, imageStatus: images.status })
      .from(photoBoxPhotos)
      .innerJoin(images, eq(images.id, photoBoxPhotos.imageId))
      .where(eq(photoBoxPhotos.id, Number(doc.data.id)));
    expect(row).toEqual({ boxId: Number(box.id), imageStatus: expect.any(String) });
    const list = await t.app.inject({
      method: 'GET',
      url: PHOTO_BOXES_API.boxes,
      headers: as(c.teacher),
    });
    const listed = list.json().data.find((b: { id: string }) => b.id === box.id);
    expect(listed.attributes.photos.map((p: { id: string }) => p.id)).toEqual([doc.data.id]);
  });

  it('answers 404 for a wrong token', async () => {
    for (const token of ['B'.repeat(32), 'short']) {
      const res = await uploadPhoto(t, token, photo);
      expect(res.statusCode).toBe(404);
    }
  });

  it('refuses uploads once the box is closed, or past its closing time, with 410', async () => {
    const closed = await openedBox(t, c.teacher, klassId);
    const close = await t.app.inject({
      method: 'PATCH',
      url: PHOTO_BOXES_API.box(closed.id),
      headers: as(c.teacher),
      payload: { photo_box: { closes_at: new Date().toISOString() } },
    });
    expect(close.statusCode).toBe(200);
    const lapsed = await openedBox(t, c.teacher, klassId);
    await t.database.db
      .update(photoBoxes)
      .set({ closesAt: new Date(Date.now() - 1000) })
      .where(eq(photoBoxes.id, Number(lapsed.id)));
    for (const box of [closed, lapsed]) {
      const res = await uploadPhoto(t, box.token, photo);
      expect(res.statusCode).toBe(410);
      expect(errorOf(res)).toMatchObject({ code: 'gone', detail: PHOTO_BOX_MESSAGES.closed });
    }
  });

  it('refuses a photo over 10 MB and a file that is not an image (422 on photo)', async () => {
    const box = await openedBox(t, c.teacher, klassId);
    const big = Buffer.concat([photo, Buffer.alloc(ARTWORK_MAX_BYTES + 1 - photo.length)]);
    const tooBig = await uploadPhoto(t, box.token, big);
    expect(tooBig.statusCode).toBe(422);
    expect(errorOf(tooBig)).toMatchObject({
      detail: GALLERY_MESSAGES.artworkTooLarge,
      meta: { type: 'validate', field: 'photo' },
    });
    const text = await uploadPhoto(t, box.token, Buffer.from('not a picture at all'), {
      contentType: 'image/jpeg',
    });
    expect(text.statusCode).toBe(422);
    expect(errorOf(text).meta).toMatchObject({ type: 'validate', field: 'photo' });
    const none = await uploadPhoto(t, box.token, photo, { field: 'other' });
    expect(none.statusCode).toBe(422);
    expect(errorOf(none)).toMatchObject({ detail: 'Required', meta: { field: 'photo' } });
    const stored = await t.database.db
      .select({ id: photoBoxPhotos.id })
      .from(photoBoxPhotos)
      .where(eq(photoBoxPhotos.photoBoxId, Number(box.id)));
    expect(stored).toEqual([]);
  });

  it('takes a photo just under 10 MB', async () => {
    const box = await openedBox(t, c.teacher, klassId);
    // A JPEG with trailing bytes is still a JPEG; the size is what this proves.
    const large = Buffer.concat([photo, Buffer.alloc(ARTWORK_MAX_BYTES - photo.length)]);
    expect((await uploadPhoto(t, box.token, large)).statusCode).toBe(201);
  });

  it('answers 400 for a body that is not readable multipart, and 422 for two files', async () => {
    const box = await openedBox(t, c.teacher, klassId);
    const url = PHOTO_BOXES_API.upload(box.token);
    const noBoundary = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'multipart/form-data' },
      payload: 'garbage',
    });
    expect(noBoundary.statusCode).toBe(400);
    const cut = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': 'multipart/form-data; boundary=xyz' },
      payload: '--xyz\r\nContent-Disposition: form-data; name="photo"; filename="a.jpg"\r\n\r\nabc',
    });
    expect(cut.statusCode).toBe(400);
    const json = await t.app.inject({ method: 'POST', url, payload: { photo: 'x' } });
    expect(json.statusCode).toBe(400);
    const boundary = 'twofiles';
    const part = (name: string) =>
      `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${name}.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
    const two = await t.app.inject({
      method: 'POST',
      url,
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Buffer.concat([
        Buffer.from(part('photo')),
        photo,
        Buffer.from(`\r\n${part('photo')}`),
        photo,
        Buffer.from(`\r\n--${boundary}--\r\n`),
      ]),
    });
    expect(two.statusCode).toBe(422);
    for (const res of [noBoundary, cut, json, two]) expect(res.body).not.toMatch(/stack|at \//);
  });

  it('limits uploads per box (429 with Retry-After), whoever sends them', async () => {
    const box = await openedBox(t, c.teacher, klassId);
    const other = await openedBox(t, c.teacher, klassId);
    // Refused attempts count too: cheap ones (no file) use up the allowance without processing.
    for (let i = 0; i < PHOTO_BOX_UPLOAD_LIMIT; i++) {
      const res = await uploadPhoto(t, box.token, photo, {
        field: 'other',
        address: `198.51.100.${i % 50}`,
      });
      expect(res.statusCode).toBe(422);
    }
    const refused = await uploadPhoto(t, box.token, photo, { address: '198.51.100.200' });
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect(errorOf(refused).code).toBe('rate_limited');
    // Another box's link is not held up by this one's.
    expect(
      (await uploadPhoto(t, other.token, photo, { address: '198.51.100.200' })).statusCode,
    ).toBe(201);
  });

  it('limits uploads per device across boxes (429), other phones on the same network unaffected', async () => {
    const address = '192.0.2.77';
    const device = 'phone-of-one-parent';
    const boxes = [await openedBox(t, c.teacher, klassId), await openedBox(t, c.teacher, klassId)];
    let refusedAt = -1;
    for (let i = 0; i < PHOTO_BOX_DEVICE_UPLOAD_LIMIT * 2 && refusedAt < 0; i++) {
      const box = boxes[i % 2];
      const res = await uploadPhoto(t, box?.token ?? '', photo, {
        field: 'other',
        address,
        device,
      });
      if (res.statusCode === 429) refusedAt = i;
      else expect(res.statusCode).toBe(422);
    }
    expect(refusedAt).toBe(PHOTO_BOX_DEVICE_UPLOAD_LIMIT);
    const token = boxes[1]?.token ?? '';
    expect((await uploadPhoto(t, token, photo, { address, device })).statusCode).toBe(429);
    expect((await uploadPhoto(t, token, photo, { address })).statusCode).toBe(201);
  });

  it('counts a client sending no device id by its address', async () => {
    const address = '192.0.2.90';
    const box = await openedBox(t, c.teacher, klassId);
    for (let i = 0; i < PHOTO_BOX_DEVICE_UPLOAD_LIMIT; i++) {
      const res = await uploadPhoto(t, box.token, photo, { field: 'other', address, device: null });
      expect(res.statusCode).toBe(422);
    }
    const tooMany = await uploadPhoto(t, box.token, photo, { address, device: null });
    expect(tooMany.statusCode).toBe(429);
    // A malformed id is no id: it does not buy a fresh allowance.
    const malformed = await uploadPhoto(t, box.token, photo, { address, device: 'x' });
    expect(malformed.statusCode).toBe(429);
  });

  it('limits links that are no box per address, apart: a network of guesses still reaches its real box', async () => {
    const address = '192.0.2.100';
    const box = await openedBox(t, c.teacher, klassId);
    const statuses: number[] = [];
    for (let i = 0; i < 107; i++) {
      const guess = `${String(i).padStart(3, '0')}${'G'.repeat(29)}`;
      statuses.push((await uploadPhoto(t, guess, photo, { address })).statusCode);
    }
    expect(statuses.slice(0, PHOTO_BOX_UNKNOWN_LINK_LIMIT).every((s) => s === 404)).toBe(true);
    expect(statuses.slice(PHOTO_BOX_UNKNOWN_LINK_LIMIT).every((s) => s === 429)).toBe(true);
    // Every family behind that address still uploads to the real box, however many they are.
    for (let i = 0; i < PHOTO_BOX_UNKNOWN_LINK_LIMIT; i++) {
      const res = await uploadPhoto(t, box.token, photo, { field: 'other', address });
      expect(res.statusCode).toBe(422);
    }
    expect((await uploadPhoto(t, box.token, photo, { address })).statusCode).toBe(201);
  });
});
