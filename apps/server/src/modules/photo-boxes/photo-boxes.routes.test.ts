import {
  PHOTO_BOX_MAX_HOURS,
  PHOTO_BOX_MESSAGES,
  PHOTO_BOXES_API,
  photoBoxDocumentSchema,
  photoBoxListDocumentSchema,
  photoBoxPublicDocumentSchema,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, enroll, type Person } from '../classes/classes-testing';
import { photoBoxes } from './photo-boxes.tables';
import {
  hoursFromNow,
  klassOfTeacher,
  openBox,
  openedBox,
  uploadedPhoto,
} from './photo-boxes-testing';

describe('photo boxes: opening, listing, closing, the link', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let klass: Awaited<ReturnType<typeof klassOfTeacher>>;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    klass = await klassOfTeacher(t, c);
    await enroll(t, klass.scheduleId, [c.parent.attendees.mia, c.parent.attendees.leo]);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const list = (who: Person | undefined, page?: number) =>
    t.app.inject({
      method: 'GET',
      url: `${PHOTO_BOXES_API.boxes}${page === undefined ? '' : `?page=${page}`}`,
      headers: who ? as(who) : {},
    });
  const patch = (who: Person | undefined, id: string, closesAt: string) =>
    t.app.inject({
      method: 'PATCH',
      url: PHOTO_BOXES_API.box(id),
      headers: who ? as(who) : {},
      payload: { photo_box: { closes_at: closesAt } },
    });
  const publicView = (token: string) =>
    t.app.inject({ method: 'GET', url: PHOTO_BOXES_API.box(token) });
  const fieldOf = (res: {
    json(): { errors: { detail: string; meta?: { field?: string } }[] };
  }) => {
    const [error] = res.json().errors;
    return { field: error?.meta?.field, detail: error?.detail };
  };

  it('opens a box for the teacher of the session and for an admin, with a 32-character link', async () => {
    for (const who of [c.teacher, c.admin]) {
      const res = await openBox(t, who, {
        klass_id: String(klass.klassId),
        closes_at: hoursFromNow(2),
      });
      expect(res.statusCode).toBe(201);
      const { data } = photoBoxDocumentSchema.parse(res.json());
      expect(data.attributes.token).toMatch(/^[A-Za-z0-9_-]{32}$/);
      expect(data.attributes.upload_path).toBe(
        `/app/photo_upload?box=${encodeURIComponent(data.attributes.token)}`,
      );
      expect(data.attributes.open).toBe(true);
      expect(data.attributes.klass.id).toBe(String(klass.klassId));
      expect(data.attributes.opened_by).toEqual({ id: String(who.id), name: expect.any(String) });
      expect(data.attributes.photos).toEqual([]);
      expect(data.attributes.students.map((s) => s.name)).toEqual(['Leo Parent', 'Mia Parent']);
    }
  });

  it('gives every box its own token', async () => {
    const a = await openedBox(t, c.teacher, klass.klassId);
    const b = await openedBox(t, c.teacher, klass.klassId);
    expect(a.token).not.toBe(b.token);
  });

  it('asks a guest to sign in, refuses a student, and a session another teacher teaches is not theirs', async () => {
    const body = { klass_id: String(klass.klassId), closes_at: hoursFromNow(2) };
    expect((await openBox(t, undefined, body)).statusCode).toBe(401);
    expect((await openBox(t, c.student, body)).statusCode).toBe(403);
    const other = await openBox(t, c.otherTeacher, body);
    expect(other.statusCode).toBe(422);
    expect(fieldOf(other)).toEqual({
      field: 'klass_id',
      detail: PHOTO_BOX_MESSAGES.notYourKlass,
    });
    const unknown = await openBox(t, c.admin, { ...body, klass_id: '2147483647' });
    expect(fieldOf(unknown)).toEqual({
      field: 'klass_id',
      detail: PHOTO_BOX_MESSAGES.notYourKlass,
    });
  });

  it('refuses a closing time in the past, too far ahead, or not a time (422 on closes_at)', async () => {
    const klass_id = String(klass.klassId);
    const past = await openBox(t, c.teacher, { klass_id, closes_at: hoursFromNow(-1) });
    expect(past.statusCode).toBe(422);
    expect(fieldOf(past)).toEqual({ field: 'closes_at', detail: PHOTO_BOX_MESSAGES.closesInPast });
    const late = await openBox(t, c.teacher, {
      klass_id,
      closes_at: hoursFromNow(PHOTO_BOX_MAX_HOURS + 1),
    });
    expect(fieldOf(late)).toEqual({ field: 'closes_at', detail: PHOTO_BOX_MESSAGES.closesTooLate });
    for (const closes_at of ['tomorrow', '', null, 12]) {
      const bad = await openBox(t, c.teacher, { klass_id, closes_at });
      expect(bad.statusCode).toBe(422);
      expect(fieldOf(bad).field).toBe('closes_at');
    }
    const noKlass = await openBox(t, c.teacher, { klass_id: 'x', closes_at: hoursFromNow(1) });
    expect(fieldOf(noKlass).field).toBe('klass_id');
  });

  it('lists a teacher’s boxes and those of schedules they teach; admins see all; others none of them', async () => {
    // A box the admin opened on the teacher's schedule is the teacher's too.
    const byAdmin = await openedBox(t, c.admin, klass.secondKlassId);
    const teacherIds = (await list(c.teacher)).json().data.map((b: { id: string }) => b.id);
    expect(teacherIds).toContain(byAdmin.id);
    const otherIds = (await list(c.otherTeacher)).json().data.map((b: { id: string }) => b.id);
    expect(otherIds).toEqual([]);
    const all = photoBoxListDocumentSchema.parse((await list(c.admin)).json());
    expect(all.data.map((b) => b.id)).toEqual(teacherIds);
    expect(all.meta.total).toBe(all.data.length);
    // Newest first.
    expect(all.data[0]?.id).toBe(byAdmin.id);
    expect((await list(undefined)).statusCode).toBe(401);
    expect((await list(c.student)).statusCode).toBe(403);
    expect((await list(c.teacher, 0)).statusCode).toBe(422);
  });

  it('lists a page of boxes with their photos and students in a fixed number of queries', async () => {
    const countFor = async () => {
      const before = t.database.queryCount();
      const res = await list(c.admin);
      expect(res.statusCode).toBe(200);
      return { queries: t.database.queryCount() - before, body: res.json() };
    };
    // The baseline has a photo too: a page without any asks for no image views at all.
    await uploadedPhoto(t, (await openedBox(t, c.teacher, klass.klassId)).token);
    const few = await countFor();
    const extra = await openedBox(t, c.teacher, klass.klassId);
    await uploadedPhoto(t, extra.token);
    await uploadedPhoto(t, extra.token);
    const more = await openedBox(t, c.admin, klass.secondKlassId);
    await uploadedPhoto(t, more.token);
    const many = await countFor();
    expect(many.body.data.length).toBeGreaterThan(few.body.data.length);
    const withPhotos = many.body.data.find((b: { id: string }) => b.id === extra.id);
    expect(withPhotos.attributes.photos).toHaveLength(2);
    expect(withPhotos.attributes.photos[0]).toMatchObject({
      status: 'waiting',
      post_id: null,
      attendee_profile_id: null,
    });
    expect(many.queries).toBe(few.queries);
  });

  it('closes a box now and extends it, for its staff only', async () => {
    const box = await openedBox(t, c.teacher, klass.klassId);
    expect((await patch(undefined, box.id, hoursFromNow(1))).statusCode).toBe(401);
    expect((await patch(c.student, box.id, hoursFromNow(1))).statusCode).toBe(403);
    expect((await patch(c.otherTeacher, box.id, hoursFromNow(1))).statusCode).toBe(404);
    expect((await patch(c.teacher, '2147483647', hoursFromNow(1))).statusCode).toBe(404);
    expect((await patch(c.teacher, 'abc', hoursFromNow(1))).statusCode).toBe(422);

    const closed = await patch(c.teacher, box.id, new Date().toISOString());
    expect(closed.statusCode).toBe(200);
    expect(closed.json().data.attributes.open).toBe(false);
    expect((await publicView(box.token)).json().data.attributes.open).toBe(false);

    const extended = await patch(c.admin, box.id, hoursFromNow(5));
    expect(extended.statusCode).toBe(200);
    expect(extended.json().data.attributes.open).toBe(true);
    const tooLate = await patch(c.teacher, box.id, hoursFromNow(PHOTO_BOX_MAX_HOURS + 1));
    expect(fieldOf(tooLate)).toEqual({
      field: 'closes_at',
      detail: PHOTO_BOX_MESSAGES.closesTooLate,
    });
  });

  it('shows the link’s page without sign-in: programme, session, closing time, and no students', async () => {
    const box = await openedBox(t, c.teacher, klass.klassId);
    const res = await publicView(box.token);
    expect(res.statusCode).toBe(200);
    const doc = photoBoxPublicDocumentSchema.parse(res.json());
    expect(doc.data.attributes).toMatchObject({
      klass_group_name: 'Observational Drawing',
      open: true,
    });
    expect(res.body).not.toMatch(/Mia|Leo|Parent/);
    const [row] = await t.database.db
      .select({ closesAt: photoBoxes.closesAt })
      .from(photoBoxes)
      .where(eq(photoBoxes.token, box.token));
    expect(doc.data.attributes.closes_at).toBe(row?.closesAt.toISOString());
  });

  it('answers 404 for an unknown token and for anything not shaped like one', async () => {
    for (const token of ['A'.repeat(32), '12', 'x'.repeat(40), '%00', 'a.b']) {
      const res = await publicView(token);
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0].code).toBe('not_found');
    }
  });
});
