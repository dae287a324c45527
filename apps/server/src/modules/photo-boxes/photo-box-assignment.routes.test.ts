import { PHOTO_BOX_MESSAGES, PHOTO_BOXES_API, photoBoxDocumentSchema } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, enroll, type Person } from '../classes/classes-testing';
import { postImages, posts } from '../gallery/gallery.tables';
import { images } from '../media/media.tables';
import { notifications } from '../notifications/notifications.tables';
import { photoBoxPhotos } from './photo-boxes.tables';
import { klassOfTeacher, openedBox, uploadedPhoto } from './photo-boxes-testing';

describe('photo boxes: assigning and discarding photos', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let klassId: number;
  let box: { id: string; token: string };
  let mia: number;
  let leo: number;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const klass = await klassOfTeacher(t, c);
    klassId = klass.klassId;
    mia = c.parent.attendees.mia;
    leo = c.parent.attendees.leo;
    // Leo is not (or no longer) in this session.
    await enroll(t, klass.scheduleId, [mia]);
    await enroll(t, klass.scheduleId, [leo], 'cancelled');
    box = await openedBox(t, c.teacher, klassId);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const assign = (who: Person | undefined, photoId: string, attendee: unknown, boxId = box.id) =>
    t.app.inject({
      method: 'POST',
      url: PHOTO_BOXES_API.assign(boxId, photoId),
      headers: who ? as(who) : {},
      payload: { attendee_profile_id: attendee },
    });
  const discard = (who: Person | undefined, photoId: string, boxId = box.id) =>
    t.app.inject({
      method: 'DELETE',
      url: PHOTO_BOXES_API.photo(boxId, photoId),
      headers: who ? as(who) : {},
    });
  const postsOfImageOf = async (photoId: string) => {
    const [photo] = await t.database.db
      .select({ imageId: photoBoxPhotos.imageId })
      .from(photoBoxPhotos)
      .where(eq(photoBoxPhotos.id, Number(photoId)));
    return t.database.db
      .select({ id: posts.id, attendeeProfileId: posts.attendeeProfileId, klassId: posts.klassId })
      .from(postImages)
      .innerJoin(posts, eq(posts.id, postImages.postId))
      .where(eq(postImages.imageId, photo?.imageId ?? 0));
  };

  it('lets only the box’s staff assign: guest 401, student 403, another teacher 404', async () => {
    const photo = await uploadedPhoto(t, box.token);
    expect((await assign(undefined, photo, String(mia))).statusCode).toBe(401);
    expect((await assign(c.student, photo, String(mia))).statusCode).toBe(403);
    expect((await assign(c.parent, photo, String(mia))).statusCode).toBe(403);
    expect((await assign(c.otherTeacher, photo, String(mia))).statusCode).toBe(404);
    expect(await postsOfImageOf(photo)).toEqual([]);
  });

  it('makes the photo the student’s post of the session and tells the family', async () => {
    const photo = await uploadedPhoto(t, box.token);
    const res = await assign(c.teacher, photo, String(mia));
    expect(res.statusCode).toBe(200);
    const doc = photoBoxDocumentSchema.parse(res.json());
    const shown = doc.data.attributes.photos.find((p) => p.id === photo);
    const made = await postsOfImageOf(photo);
    expect(made).toEqual([{ id: expect.any(Number), attendeeProfileId: mia, klassId }]);
    expect(shown).toMatchObject({
      status: 'assigned',
      attendee_profile_id: String(mia),
      post_id: String(made[0]?.id),
    });
    const told = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, c.parent.id),
          eq(notifications.recordType, 'posts'),
          eq(notifications.recordId, made[0]?.id ?? 0),
        ),
      );
    expect(told).toHaveLength(1);
  });

  it('lets an admin assign too', async () => {
    const photo = await uploadedPhoto(t, box.token);
    expect((await assign(c.admin, photo, String(mia))).statusCode).toBe(200);
  });

  it('refuses a student who is not in the session (422 notInKlass), leaving the photo waiting', async () => {
    const photo = await uploadedPhoto(t, box.token);
    for (const attendee of [String(leo), '2147483647']) {
      const res = await assign(c.teacher, photo, attendee);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        detail: PHOTO_BOX_MESSAGES.notInKlass,
        meta: { field: 'attendee_profile_id' },
      });
    }
    expect((await assign(c.teacher, photo, 'mia')).statusCode).toBe(422);
    expect((await assign(c.teacher, photo, String(mia))).statusCode).toBe(200);
  });

  it('answers 409 alreadyHandled for an assigned photo, and 404 for a photo of another box', async () => {
    const photo = await uploadedPhoto(t, box.token);
    expect((await assign(c.teacher, photo, String(mia))).statusCode).toBe(200);
    const again = await assign(c.admin, photo, String(mia));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].detail).toBe(PHOTO_BOX_MESSAGES.alreadyHandled);
    const discardAssigned = await discard(c.teacher, photo);
    expect(discardAssigned.statusCode).toBe(409);
    expect(await postsOfImageOf(photo)).toHaveLength(1);

    const otherBox = await openedBox(t, c.teacher, klassId);
    const elsewhere = await uploadedPhoto(t, otherBox.token);
    expect((await assign(c.teacher, elsewhere, String(mia))).statusCode).toBe(404);
    expect((await discard(c.teacher, elsewhere)).statusCode).toBe(404);
    expect((await assign(c.teacher, 'x', String(mia))).statusCode).toBe(422);
  });

  it('discards a waiting photo for the box’s staff: its image goes, and it leaves the list', async () => {
    const photo = await uploadedPhoto(t, box.token);
    const [row] = await t.database.db
      .select({ imageId: photoBoxPhotos.imageId })
      .from(photoBoxPhotos)
      .where(eq(photoBoxPhotos.id, Number(photo)));
    expect((await discard(undefined, photo)).statusCode).toBe(401);
    expect((await discard(c.student, photo)).statusCode).toBe(403);
    expect((await discard(c.otherTeacher, photo)).statusCode).toBe(404);
    expect((await discard(c.teacher, photo)).statusCode).toBe(204);
    const image = await t.database.db
      .select({ id: images.id })
      .from(images)
      .where(eq(images.id, row?.imageId ?? 0));
    expect(image).toEqual([]);
    const list = await t.app.inject({
      method: 'GET',
      url: PHOTO_BOXES_API.boxes,
      headers: as(c.teacher),
    });
    const listed = list.json().data.find((b: { id: string }) => b.id === box.id);
    expect(listed.attributes.photos.map((p: { id: string }) => p.id)).not.toContain(photo);
    // Nothing is left of it to assign.
    expect((await assign(c.teacher, photo, String(mia))).statusCode).toBe(404);
  });
});
