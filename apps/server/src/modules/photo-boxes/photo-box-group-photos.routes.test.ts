import {
  GALLERY_API,
  heldPhotoListDocumentSchema,
  PHOTO_BOX_MESSAGES,
  PHOTO_BOXES_API,
  photoBoxDocumentSchema,
  postDocumentSchema,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, enroll, type Person } from '../classes/classes-testing';
import { postImages, postStudents, posts } from '../gallery/gallery.tables';
import { family } from '../gallery/gallery-testing';
import { images } from '../media/media.tables';
import { notifications } from '../notifications/notifications.tables';
import { photoBoxPhotos } from './photo-boxes.tables';
import { klassOfTeacher, openedBox, uploadedPhoto, uploadPhoto } from './photo-boxes-testing';

// Group photos (docs/decisions/073-group-photos.md): one photo tagged with several children of
// the session; held back by the strictest child's consent until staff crop or re-tag it.

/** A phone photo with a location and a colour profile, big enough to crop. */
const phonePhoto = () =>
  sharp({ create: { width: 300, height: 200, channels: 3, background: '#3366cc' } })
    .jpeg()
    .withIccProfile('p3')
    .withExif({
      IFD0: { Make: 'PhoneCo', Copyright: 'Private Parent EXIF' },
      IFD3: { GPSLatitudeRef: 'N', GPSLatitude: '35/1 39/1 3133/100' },
    })
    .toBuffer();

describe('photo boxes: group photos', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let box: { id: string; token: string };
  /** Mia's family (c.parent) keeps her work in the family; Nia's shows hers to everyone. */
  let mia: number;
  let leo: number;
  let nia: number;
  let noda: Person & { kids: number[] };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const klass = await klassOfTeacher(t, c);
    mia = c.parent.attendees.mia;
    leo = c.parent.attendees.leo;
    noda = await family(t, 'Nao Noda', [{ name: 'Nia Noda', visibility: 'public' }]);
    nia = noda.kids[0] ?? 0;
    await enroll(t, klass.scheduleId, [mia, nia]);
    await enroll(t, klass.scheduleId, [leo], 'cancelled');
    box = await openedBox(t, c.teacher, klass.klassId);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const assign = (who: Person, photoId: string, payload: object) =>
    t.app.inject({
      method: 'POST',
      url: PHOTO_BOXES_API.assign(box.id, photoId),
      headers: as(who),
      payload,
    });
  const retag = (who: Person, photoId: string, ids: unknown[]) =>
    t.app.inject({
      method: 'PUT',
      url: PHOTO_BOXES_API.tags(box.id, photoId),
      headers: as(who),
      payload: { attendee_profile_ids: ids },
    });
  const crop = (who: Person, photoId: string, rect: object) =>
    t.app.inject({
      method: 'POST',
      url: PHOTO_BOXES_API.crop(box.id, photoId),
      headers: as(who),
      payload: { crop: rect },
    });
  const heldList = (who: Person) =>
    t.app.inject({ method: 'GET', url: PHOTO_BOXES_API.heldPhotos, headers: as(who) });
  const shownPhoto = (res: { json(): unknown }, photoId: string) =>
    photoBoxDocumentSchema.parse(res.json()).data.attributes.photos.find((p) => p.id === photoId);
  const tagsOf = async (postId: number) =>
    (
      await t.database.db
        .select({ id: postStudents.attendeeProfileId })
        .from(postStudents)
        .where(eq(postStudents.postId, postId))
    )
      .map((r) => r.id)
      .sort((a, b) => a - b);
  const toldAbout = async (
    recipientId: number,
    postId: number,
    kind: 'posts' | 'comments' | 'feedbacks' = 'posts',
  ) =>
    t.database.db
      .select({ id: notifications.id, title: notifications.title })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, recipientId),
          eq(notifications.recordType, kind),
          eq(notifications.recordId, postId),
        ),
      );

  it('refuses unknown, duplicate, non-student or no children (422 on attendee_profile_ids), leaving the photo waiting', async () => {
    const photo = await uploadedPhoto(t, box.token);
    const cases: [unknown[], string][] = [
      [[String(mia), '2147483647'], PHOTO_BOX_MESSAGES.notInKlass],
      [[String(mia), String(leo)], PHOTO_BOX_MESSAGES.notInKlass],
      [[String(mia), String(mia)], PHOTO_BOX_MESSAGES.duplicateStudent],
      [[], PHOTO_BOX_MESSAGES.chooseStudents],
    ];
    for (const [ids, detail] of cases) {
      const res = await assign(c.teacher, photo, { attendee_profile_ids: ids });
      expect(res.statusCode, JSON.stringify(ids)).toBe(422);
      expect(res.json().errors[0]).toMatchObject({
        detail,
        meta: { field: 'attendee_profile_ids' },
      });
    }
    expect((await assign(c.teacher, photo, {})).statusCode).toBe(422);
    expect((await assign(c.teacher, photo, { attendee_profile_ids: ['x'] })).statusCode).toBe(422);
    const [row] = await t.database.db
      .select({ status: photoBoxPhotos.status })
      .from(photoBoxPhotos)
      .where(eq(photoBoxPhotos.id, Number(photo)));
    expect(row?.status).toBe('waiting');
  });

  it('makes one post tagged with each child, tells each family, and marks it held back for staff', async () => {
    const photo = await uploadedPhoto(t, box.token);
    const res = await assign(c.teacher, photo, {
      attendee_profile_ids: [String(nia), String(mia)],
    });
    expect(res.statusCode).toBe(200);
    const shown = shownPhoto(res, photo);
    expect(shown).toMatchObject({
      status: 'assigned',
      attendee_profile_id: String(nia),
      attendee_profile_ids: [String(nia), String(mia)],
      held_back: true,
    });
    const postId = Number(shown?.post_id);
    const [post] = await t.database.db
      .select({ attendeeProfileId: posts.attendeeProfileId })
      .from(posts)
      .where(eq(posts.id, postId));
    expect(post?.attendeeProfileId).toBe(nia);
    expect(await tagsOf(postId)).toEqual([mia, nia].sort((a, b) => a - b));
    expect(await toldAbout(c.parent.id, postId)).toHaveLength(1);
    expect(await toldAbout(noda.id, postId)).toHaveLength(1);
    // Both families see it; a guest does not (Mia's family keeps her work in the family).
    for (const who of [c.parent, noda]) {
      const seen = await t.app.inject({
        method: 'GET',
        url: GALLERY_API.post(postId),
        headers: as(who),
      });
      expect(seen.statusCode).toBe(200);
      expect(postDocumentSchema.parse(seen.json()).data.attributes.held_back).toBeUndefined();
    }
    expect((await t.app.inject({ method: 'GET', url: GALLERY_API.post(postId) })).statusCode).toBe(
      404,
    );
    const staffView = await t.app.inject({
      method: 'GET',
      url: GALLERY_API.post(postId),
      headers: as(c.teacher),
    });
    expect(postDocumentSchema.parse(staffView.json()).data.attributes.held_back).toBe(true);
  });

  it('tells every tagged family of feedback and comments on a group photo, naming its own child', async () => {
    const photo = await uploadedPhoto(t, box.token);
    const res = await assign(c.teacher, photo, {
      attendee_profile_ids: [String(nia), String(mia)],
    });
    const postId = Number(shownPhoto(res, photo)?.post_id);
    const feedback = await t.app.inject({
      method: 'POST',
      url: GALLERY_API.postFeedbacks(postId),
      headers: as(c.teacher),
      payload: { feedback: { body: 'Lovely teamwork on the mural.' } },
    });
    expect(feedback.statusCode, feedback.body).toBe(201);
    // Nia's family owns the post; Mia's, tagged second, is told too, about Mia.
    expect((await toldAbout(noda.id, postId, 'feedbacks')).map((n) => n.title)).toEqual([
      'New feedback on Nia’s artwork',
    ]);
    expect((await toldAbout(c.parent.id, postId, 'feedbacks')).map((n) => n.title)).toEqual([
      'New feedback on Mia’s artwork',
    ]);
    // A comment by one tagged family reaches the other, not itself.
    const comment = await t.app.inject({
      method: 'POST',
      url: GALLERY_API.postComments(postId),
      headers: as(noda),
      payload: { comment: { body: 'Nia loved painting with Mia!' } },
    });
    expect(comment.statusCode, comment.body).toBe(201);
    expect(await toldAbout(c.parent.id, postId, 'comments')).toHaveLength(1);
    expect(await toldAbout(noda.id, postId, 'comments')).toHaveLength(0);
  });

  it('lists held-back photos for the box’s staff only; re-tagging clears held_back', async () => {
    const photo = await uploadedPhoto(t, box.token);
    const res = await assign(c.teacher, photo, {
      attendee_profile_ids: [String(mia), String(nia)],
    });
    const postId = Number(shownPhoto(res, photo)?.post_id);
    const listed = heldPhotoListDocumentSchema.parse((await heldList(c.teacher)).json());
    const item = listed.data.find((h) => h.id === photo);
    expect(item?.attributes).toMatchObject({ photo_box_id: box.id, post_id: String(postId) });
    expect(item?.attributes.tagged.map((s) => [s.id, s.visibility])).toEqual([
      [String(mia), 'family'],
      [String(nia), 'public'],
    ]);
    expect(item?.attributes.students.map((s) => s.id).sort()).toEqual(
      [String(mia), String(nia)].sort(),
    );
    const otherTeachers = heldPhotoListDocumentSchema.parse(
      (await heldList(c.otherTeacher)).json(),
    );
    expect(otherTeachers.data.map((h) => h.id)).not.toContain(photo);
    expect((await heldList(c.parent)).statusCode).toBe(403);

    // Re-tagging: validated like an assignment; Mia out, the photo is no longer held back.
    const dup = await retag(c.teacher, photo, [String(nia), String(nia)]);
    expect(dup.statusCode).toBe(422);
    expect((await retag(c.teacher, photo, [String(leo)])).statusCode).toBe(422);
    expect((await retag(c.otherTeacher, photo, [String(nia)])).statusCode).toBe(404);
    const retagged = await retag(c.teacher, photo, [String(nia)]);
    expect(retagged.statusCode).toBe(200);
    expect(shownPhoto(retagged, photo)).toMatchObject({
      attendee_profile_id: String(nia),
      attendee_profile_ids: [String(nia)],
      held_back: false,
    });
    expect(await tagsOf(postId)).toEqual([]);
    const after = heldPhotoListDocumentSchema.parse((await heldList(c.teacher)).json());
    expect(after.data.map((h) => h.id)).not.toContain(photo);
    // Mia's family is no longer the post's family (it sees Nia's public work as anyone does);
    // a guest now sees it too.
    const asParent = await t.app.inject({
      method: 'GET',
      url: GALLERY_API.post(postId),
      headers: as(c.parent),
    });
    const attrs = postDocumentSchema.parse(asParent.json()).data.attributes;
    expect([attrs.student.visibility, attrs.permissions.edit]).toEqual([null, false]);
    expect((await t.app.inject({ method: 'GET', url: GALLERY_API.post(postId) })).statusCode).toBe(
      200,
    );
    // Tagged again, Mia's family is told again; Nia's, tagged all along, is not.
    expect((await retag(c.teacher, photo, [String(nia), String(mia)])).statusCode).toBe(200);
    expect(await toldAbout(c.parent.id, postId)).toHaveLength(2);
    expect(await toldAbout(noda.id, postId)).toHaveLength(1);
    // A waiting photo has no tags to change.
    const waiting = await uploadedPhoto(t, box.token);
    expect((await retag(c.teacher, waiting, [String(nia)])).statusCode).toBe(409);
  });

  it('crops an assigned photo: a new image of the requested size without metadata replaces it', async () => {
    const upload = await uploadPhoto(t, box.token, await phonePhoto());
    const photo = upload.json().data.id as string;
    await t.app.media.drain();
    const res = await assign(c.teacher, photo, {
      attendee_profile_ids: [String(mia), String(nia)],
    });
    const postId = Number(shownPhoto(res, photo)?.post_id);
    const [before] = await t.database.db
      .select({ imageId: photoBoxPhotos.imageId })
      .from(photoBoxPhotos)
      .where(eq(photoBoxPhotos.id, Number(photo)));
    const oldImage = before?.imageId ?? 0;

    expect(
      (await crop(c.teacher, photo, { x: 250, y: 0, width: 100, height: 50 })).statusCode,
    ).toBe(422);
    expect((await crop(c.teacher, photo, { x: 0, y: 0, width: 0, height: 50 })).statusCode).toBe(
      422,
    );
    expect(
      (await crop(c.otherTeacher, photo, { x: 0, y: 0, width: 10, height: 10 })).statusCode,
    ).toBe(404);
    const cropped = await crop(c.teacher, photo, { x: 40, y: 30, width: 120, height: 80 });
    expect(cropped.statusCode).toBe(200);
    await t.app.media.drain();

    const [after] = await t.database.db
      .select({ imageId: photoBoxPhotos.imageId })
      .from(photoBoxPhotos)
      .where(eq(photoBoxPhotos.id, Number(photo)));
    const newImage = after?.imageId ?? 0;
    expect(newImage).not.toBe(oldImage);
    const inPost = await t.database.db
      .select({ imageId: postImages.imageId })
      .from(postImages)
      .where(eq(postImages.postId, postId));
    expect(inPost).toEqual([{ imageId: newImage }]);
    // The uncropped image is gone, rows and files.
    expect(
      await t.database.db.select({ id: images.id }).from(images).where(eq(images.id, oldImage)),
    ).toEqual([]);
    const [row] = await t.database.db.select().from(images).where(eq(images.id, newImage));
    expect(row).toMatchObject({ status: 'ready', width: 120, height: 80 });
    for (const path of [`${row?.key}.webp`, `${row?.key}-thumb.webp`]) {
      const data = await t.app.storage.get(path);
      expect(data, path).toBeDefined();
      const meta = await sharp(data).metadata();
      expect(meta.exif, path).toBeUndefined();
      expect(meta.icc, path).toBeUndefined();
      expect(meta.xmp, path).toBeUndefined();
      expect(data?.includes(Buffer.from('PhoneCo')), path).toBe(false);
    }
    const display = await sharp(await t.app.storage.get(`${row?.key}.webp`)).metadata();
    expect([display.width, display.height]).toEqual([120, 80]);
    // A waiting photo is not cropped.
    const waiting = await uploadedPhoto(t, box.token);
    expect((await crop(c.teacher, waiting, { x: 0, y: 0, width: 5, height: 5 })).statusCode).toBe(
      409,
    );
  });
});
