import {
  commentDocumentSchema,
  commentListDocumentSchema,
  fieldMessages,
  GALLERY_API,
  GALLERY_MESSAGES,
  POSTS_PAGE_SIZE,
  postDocumentSchema,
  postListDocumentSchema,
  reportListDocumentSchema,
} from '@atelier/contract';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { klassGroupSchedules } from '../classes/classes.tables';
import type { Cast, Person } from '../classes/classes-testing';
import { images } from '../media/media.tables';
import { notifications } from '../notifications/notifications.tables';
import { attendeeProfiles } from '../users/users.tables';
import { postImages, posts } from './gallery.tables';
import {
  auth,
  enroll,
  family,
  multipart,
  photo,
  scheduleTaughtBy,
  seedPost,
} from './gallery-testing';
import { createPostFromImages } from './index';

const HOOK_TIMEOUT_MS = 120_000;

describe('gallery routes', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let kato: Person & { kids: number[] };
  let brown: Person & { kids: number[] };
  let s1: { scheduleId: number; klassId: number };
  let s2: { scheduleId: number; klassId: number };

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    s1 = await scheduleTaughtBy(t, c, c.teacher);
    s2 = await scheduleTaughtBy(t, c, c.otherTeacher);
    kato = await family(t, 'Kenji Kato', [
      { name: 'Mia Kato', visibility: 'classmates' },
      { name: 'Ren Kato', visibility: 'classmates', approval: false },
    ]);
    brown = await family(t, 'Bob Brown', [{ name: 'Bea Brown' }]);
    await enroll(t, s1.scheduleId, [...kato.kids, brown.kids[0] ?? 0]);
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const mia = () => kato.kids[0] ?? 0;
  const ren = () => kato.kids[1] ?? 0;
  const send = (
    who: Person | null,
    method: 'GET' | 'POST' | 'PATCH' | 'DELETE',
    url: string,
    payload?: object,
  ) => t.app.inject({ method, url, payload, headers: who ? auth(who) : {} });
  const upload = (who: Person, fields: Record<string, string>, files: Buffer[]) => {
    const body = multipart(
      fields,
      files.map((data) => ({ data })),
    );
    return t.app.inject({
      method: 'POST',
      url: GALLERY_API.posts,
      payload: body.payload,
      headers: { ...auth(who), ...body.headers },
    });
  };
  const countOf = async (table: typeof images | typeof posts) => {
    const [row] = await t.database.db.select({ n: sql<number>`count(*)::int` }).from(table);
    return row?.n ?? 0;
  };
  const latestNotice = async (recipientId: number) => {
    const [row] = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, recipientId))
      .orderBy(desc(notifications.id))
      .limit(1);
    return row;
  };

  it('a family posts 2 photos of its child in a class session: 201 at once, images processed after', async () => {
    const res = await upload(
      kato,
      { attendee_profile_id: String(mia()), caption: 'Lemons', klass_id: String(s1.klassId) },
      [await photo('#cc3333'), await photo('#33cc33')],
    );
    expect(res.statusCode, res.body).toBe(201);
    const doc = postDocumentSchema.parse(res.json());
    expect(doc.data.attributes).toMatchObject({
      caption: 'Lemons',
      student: { id: String(mia()), name: 'Mia Kato', visibility: 'classmates' },
      klass: { id: String(s1.klassId), schedule_id: String(s1.scheduleId) },
      hidden: false,
      comment_count: 0,
      feedback_count: 0,
      permissions: { edit: true, delete: true, hide: false, feedback: false, report: false },
    });
    expect(doc.data.attributes.images).toHaveLength(2);

    await t.app.media.drain();
    const after = postDocumentSchema.parse(
      (await send(kato, 'GET', GALLERY_API.post(doc.data.id))).json(),
    );
    expect(after.data.attributes.processing).toBe(false);
    expect(after.data.attributes.images.map((i) => i.status)).toEqual(['ready', 'ready']);
    // A classmate's family sees "Mia K." and the images, not the family's choice.
    const seen = postDocumentSchema.parse(
      (await send(brown, 'GET', GALLERY_API.post(doc.data.id))).json(),
    );
    expect(seen.data.attributes.student).toEqual({
      id: String(mia()),
      name: 'Mia K.',
      visibility: null,
    });
    expect(seen.data.attributes.images[0]?.url).toBeTruthy();
  });

  it('refuses someone else’s child, a session the child does not take, and a bad file — writing nothing', async () => {
    const before = { posts: await countOf(posts), images: await countOf(images) };
    const notMine = await upload(brown, { attendee_profile_id: String(mia()) }, [await photo()]);
    expect(notMine.statusCode).toBe(422);
    expect(fieldMessages(notMine.json())).toEqual({
      attendee_profile_id: GALLERY_MESSAGES.notYourStudent,
    });
    const notTheirs = await upload(
      kato,
      { attendee_profile_id: String(mia()), klass_id: String(s2.klassId) },
      [await photo()],
    );
    expect(fieldMessages(notTheirs.json())).toEqual({ klass_id: GALLERY_MESSAGES.notTheirKlass });
    // The second file is not an image: the first one, already taken, goes too.
    const badFile = await upload(kato, { attendee_profile_id: String(mia()) }, [
      await photo(),
      Buffer.from('not an image at all'),
    ]);
    expect(badFile.statusCode).toBe(422);
    expect(Object.keys(fieldMessages(badFile.json()))).toEqual(['images']);
    const none = await upload(kato, { attendee_profile_id: String(mia()) }, []);
    expect(fieldMessages(none.json())).toEqual({ images: GALLERY_MESSAGES.imagesRequired });
    const badFields = await upload(kato, { attendee_profile_id: 'x' }, [await photo()]);
    expect(fieldMessages(badFields.json())).toEqual({ attendee_profile_id: 'Invalid input' });
    expect({ posts: await countOf(posts), images: await countOf(images) }).toEqual(before);
    // Staff may post for any student, and the family is told.
    const byTeacher = await upload(c.teacher, { attendee_profile_id: String(mia()) }, [
      await photo(),
    ]);
    expect(byTeacher.statusCode).toBe(201);
    expect(await latestNotice(kato.id)).toMatchObject({
      recordType: 'posts',
      senderId: c.teacher.id,
    });
  });

  it('pages newest first with an opaque cursor; a forged cursor is a 422', async () => {
    const paged = await family(t, 'Pam Page', [{ name: 'Paul Page' }]);
    const ids: number[] = [];
    for (let i = 0; i < POSTS_PAGE_SIZE + 2; i += 1) {
      ids.push(await seedPost(t, { attendeeProfileId: paged.kids[0] ?? 0, caption: `#${i}` }));
    }
    // Two posts in the same microsecond still page apart, by id.
    await t.database.db
      .update(posts)
      .set({ createdAt: new Date('2030-01-01T00:00:00Z') })
      .where(sql`${posts.id} in (${ids[0]}, ${ids[1]})`);
    const first = postListDocumentSchema.parse(
      (await send(paged, 'GET', `${GALLERY_API.posts}?scope=mine`)).json(),
    );
    expect(first.data).toHaveLength(POSTS_PAGE_SIZE);
    expect(first.data[0]?.id).toBe(String(ids[1]));
    expect(first.data[1]?.id).toBe(String(ids[0]));
    expect(first.meta.next_cursor).toMatch(/^[A-Za-z0-9_-]+$/);
    const second = postListDocumentSchema.parse(
      (
        await send(paged, 'GET', `${GALLERY_API.posts}?scope=mine&cursor=${first.meta.next_cursor}`)
      ).json(),
    );
    expect(second.data.map((p) => p.id)).toEqual(
      [...ids.slice(2)]
        .reverse()
        .slice(POSTS_PAGE_SIZE - 2)
        .map(String),
    );
    expect(second.meta.next_cursor).toBeNull();
    for (const bad of [
      'abc',
      Buffer.from('2030-01-01|1').toString('base64url'),
      Buffer.from("x' or 1=1").toString('base64url'),
    ]) {
      const res = await send(paged, 'GET', `${GALLERY_API.posts}?scope=mine&cursor=${bad}`);
      expect(res.statusCode, bad).toBe(422);
      expect(fieldMessages(res.json())).toEqual({ cursor: 'Invalid input' });
    }
    const noStudent = await send(paged, 'GET', `${GALLERY_API.posts}?scope=student`);
    expect(fieldMessages(noStudent.json())).toEqual({ attendee_profile_id: 'Required' });
  });

  it('the family edits caption and session, staff hide a post (then only family and staff see it), the family deletes it with its images', async () => {
    const id = await seedPost(t, { attendeeProfileId: mia(), authorId: kato.id }, 1);
    const edit = await send(kato, 'PATCH', GALLERY_API.post(id), {
      post: { caption: 'Renamed', klass_id: String(s1.klassId) },
    });
    expect(edit.statusCode).toBe(200);
    expect(edit.json().data.attributes).toMatchObject({
      caption: 'Renamed',
      klass: { id: String(s1.klassId) },
    });
    const wrong = await send(kato, 'PATCH', GALLERY_API.post(id), {
      post: { klass_id: String(s2.klassId) },
    });
    expect(fieldMessages(wrong.json())).toEqual({ klass_id: GALLERY_MESSAGES.notTheirKlass });
    expect(
      (await send(brown, 'PATCH', GALLERY_API.post(id), { post: { caption: 'x' } })).statusCode,
    ).toBe(403);
    expect(
      (await send(kato, 'PATCH', GALLERY_API.post(id), { post: { hidden: true } })).statusCode,
    ).toBe(403);

    const hide = await send(c.teacher, 'PATCH', GALLERY_API.post(id), { post: { hidden: true } });
    expect(hide.json().data.attributes.hidden).toBe(true);
    expect((await send(brown, 'GET', GALLERY_API.post(id))).statusCode).toBe(404);
    expect((await send(kato, 'GET', GALLERY_API.post(id))).json().data.attributes.hidden).toBe(
      true,
    );

    expect((await send(c.teacher, 'DELETE', GALLERY_API.post(id))).statusCode).toBe(403);
    const [link] = await t.database.db
      .select({ imageId: postImages.imageId })
      .from(postImages)
      .where(eq(postImages.postId, id));
    expect((await send(kato, 'DELETE', GALLERY_API.post(id))).statusCode).toBe(204);
    expect((await send(kato, 'GET', GALLERY_API.post(id))).statusCode).toBe(404);
    const left = await t.database.db
      .select()
      .from(images)
      .where(eq(images.id, link?.imageId ?? 0));
    expect(left).toEqual([]);
  });

  it('a classmate’s comment waits for a teacher’s approval; approving it tells the family; one level of replies', async () => {
    const id = await seedPost(t, {
      attendeeProfileId: mia(),
      authorId: kato.id,
      klassId: s1.klassId,
      scheduleId: s1.scheduleId,
    });
    const comment = await send(brown, 'POST', GALLERY_API.postComments(id), {
      comment: { body: 'Beautiful colours!' },
    });
    expect(comment.statusCode).toBe(201);
    const pending = commentDocumentSchema.parse(comment.json()).data;
    expect(pending.attributes.status).toBe('pending');
    const list = async (who: Person) =>
      commentListDocumentSchema
        .parse((await send(who, 'GET', GALLERY_API.postComments(id))).json())
        .data.map((x) => x.id);
    expect(await list(kato)).toEqual([]);
    expect(await list(brown)).toEqual([pending.id]);
    expect(await list(c.teacher)).toEqual([pending.id]);
    expect(
      (await send(kato, 'GET', GALLERY_API.post(id))).json().data.attributes.comment_count,
    ).toBe(0);

    const queue = await send(c.teacher, 'GET', `${GALLERY_API.comments}?status=pending`);
    expect(queue.json().data.map((x: { id: string }) => x.id)).toContain(pending.id);
    const otherQueue = await send(c.otherTeacher, 'GET', GALLERY_API.comments);
    expect(otherQueue.json().data.map((x: { id: string }) => x.id)).not.toContain(pending.id);
    expect((await send(kato, 'GET', GALLERY_API.comments)).statusCode).toBe(403);
    expect(
      (await send(brown, 'PATCH', GALLERY_API.comment(pending.id), { comment: { approved: true } }))
        .statusCode,
    ).toBe(403);

    const noticesBefore = await latestNotice(kato.id);
    const approved = await send(c.teacher, 'PATCH', GALLERY_API.comment(pending.id), {
      comment: { approved: true },
    });
    expect(approved.json().data.attributes.status).toBe('approved');
    expect(await list(kato)).toEqual([pending.id]);
    const notice = await latestNotice(kato.id);
    expect(notice?.id).not.toBe(noticesBefore?.id);
    expect(notice).toMatchObject({ recordType: 'comments', recordId: id, senderId: brown.id });
    // Approving twice tells the family once.
    await send(c.admin, 'PATCH', GALLERY_API.comment(pending.id), { comment: { approved: true } });
    expect((await latestNotice(kato.id))?.id).toBe(notice?.id);

    const reply = await send(kato, 'POST', GALLERY_API.postComments(id), {
      comment: { body: 'Thank you!', parent_id: pending.id },
    });
    expect(reply.statusCode).toBe(201);
    expect(reply.json().data.attributes).toMatchObject({
      status: 'approved',
      parent_id: pending.id,
    });
    const deeper = await send(brown, 'POST', GALLERY_API.postComments(id), {
      comment: { body: 'Welcome', parent_id: reply.json().data.id },
    });
    expect(fieldMessages(deeper.json())).toEqual({ parent_id: GALLERY_MESSAGES.replyToReply });

    // Hidden by staff: the family and staff still see it, flagged; the classmate no longer.
    await send(c.teacher, 'PATCH', GALLERY_API.comment(pending.id), { comment: { hidden: true } });
    expect(await list(brown)).not.toContain(pending.id);
    expect(await list(kato)).toContain(pending.id);
    expect((await send(brown, 'DELETE', GALLERY_API.comment(pending.id))).statusCode).toBe(404);
    expect((await send(kato, 'DELETE', GALLERY_API.comment(reply.json().data.id))).statusCode).toBe(
      204,
    );
  });

  it('an edit of an approved comment waits for review: others keep the approved text, the author and the queue see the new one', async () => {
    const cho = await family(t, 'Aiko Cho', [{ name: 'Yui Cho' }]);
    await enroll(t, s1.scheduleId, [cho.kids[0] ?? 0]);
    const id = await seedPost(t, {
      attendeeProfileId: mia(),
      authorId: kato.id,
      klassId: s1.klassId,
      scheduleId: s1.scheduleId,
    });
    const created = await send(brown, 'POST', GALLERY_API.postComments(id), {
      comment: { body: 'Lovely sky' },
    });
    const commentId = commentDocumentSchema.parse(created.json()).data.id;
    await send(c.teacher, 'PATCH', GALLERY_API.comment(commentId), { comment: { approved: true } });
    const seenBy = async (who: Person) =>
      commentListDocumentSchema
        .parse((await send(who, 'GET', GALLERY_API.postComments(id))).json())
        .data.find((x) => x.id === commentId)?.attributes;

    const edited = await send(brown, 'PATCH', GALLERY_API.comment(commentId), {
      comment: { body: 'Something unkind' },
    });
    expect(edited.statusCode).toBe(200);
    expect(edited.json().data.attributes).toMatchObject({
      body: 'Something unkind',
      status: 'pending',
      edit_awaiting_review: true,
    });
    expect(await seenBy(kato)).toMatchObject({
      body: 'Lovely sky',
      status: 'approved',
      edit_awaiting_review: false,
    });
    expect(await seenBy(cho)).toMatchObject({ body: 'Lovely sky', status: 'approved' });
    expect(await seenBy(brown)).toMatchObject({ body: 'Something unkind', status: 'pending' });
    expect(await seenBy(c.teacher)).toMatchObject({ body: 'Something unkind', status: 'pending' });
    const queue = commentListDocumentSchema.parse(
      (await send(c.teacher, 'GET', `${GALLERY_API.comments}?status=pending`)).json(),
    );
    expect(queue.data.find((x) => x.id === commentId)?.attributes.body).toBe('Something unkind');

    // A second edit before review keeps the text last approved, not the pending one.
    await send(brown, 'PATCH', GALLERY_API.comment(commentId), {
      comment: { body: 'Something kind' },
    });
    expect(await seenBy(kato)).toMatchObject({ body: 'Lovely sky', status: 'approved' });

    await send(c.teacher, 'PATCH', GALLERY_API.comment(commentId), { comment: { approved: true } });
    expect(await seenBy(kato)).toMatchObject({ body: 'Something kind', status: 'approved' });
    expect(await seenBy(cho)).toMatchObject({ body: 'Something kind', status: 'approved' });
    const after = commentListDocumentSchema.parse(
      (await send(c.teacher, 'GET', `${GALLERY_API.comments}?status=pending`)).json(),
    );
    expect(after.data.map((x) => x.id)).not.toContain(commentId);

    // The family's own comments and staff's never wait.
    const own = await send(kato, 'POST', GALLERY_API.postComments(id), {
      comment: { body: 'Thanks' },
    });
    const ownEdit = await send(kato, 'PATCH', GALLERY_API.comment(own.json().data.id), {
      comment: { body: 'Thanks a lot' },
    });
    expect(ownEdit.json().data.attributes).toMatchObject({
      body: 'Thanks a lot',
      status: 'approved',
    });
  });

  it('an image address handed to a classmate’s family stops serving within a minute of the child’s work going back to the family, the family’s own still serves', async () => {
    const sato = await family(t, 'Emi Sato', [{ name: 'Kei Sato', visibility: 'classmates' }]);
    const kei = sato.kids[0] ?? 0;
    await enroll(t, s1.scheduleId, [kei]);
    const res = await upload(
      sato,
      { attendee_profile_id: String(kei), caption: 'Boats', klass_id: String(s1.klassId) },
      [await photo('#2255aa')],
    );
    const postId = postDocumentSchema.parse(res.json()).data.id;
    await t.app.media.drain();
    const imageOf = async (who: Person) =>
      postDocumentSchema.parse((await send(who, 'GET', GALLERY_API.post(postId))).json()).data
        .attributes.images[0];
    const theirs = await imageOf(brown);
    const own = await imageOf(sato);
    const fetch = (url: string | null | undefined) =>
      t.app.inject({ method: 'GET', url: url ?? '/media/none' });

    const served = await fetch(theirs?.url);
    expect(served.statusCode).toBe(200);
    // The browser keeps it half a minute at most, privately.
    expect(served.headers['cache-control']).toMatch(/^private, max-age=([0-9]|[12][0-9]|30)$/);
    expect((await fetch(own?.url)).statusCode).toBe(200);

    await t.database.db
      .update(attendeeProfiles)
      .set({ galleryVisibility: 'family' })
      .where(eq(attendeeProfiles.id, kei));
    // An address not fetched since is refused at once; one just served, once the per-process
    // memory of it lapses (the clock moves on half a minute and a second).
    expect((await fetch(theirs?.thumb_url)).statusCode).toBe(404);
    vi.useFakeTimers({ toFake: ['Date'] });
    try {
      vi.setSystemTime(Date.now() + 31_000);
      expect((await fetch(theirs?.url)).statusCode).toBe(404);
      expect((await fetch(own?.url)).statusCode).toBe(200);
      expect((await fetch(own?.thumb_url)).statusCode).toBe(200);
    } finally {
      vi.useRealTimers();
    }
  });

  it('an image address handed to a classmate’s family stops serving once staff hide the post', async () => {
    const ito = await family(t, 'Aya Ito', [{ name: 'Sora Ito', visibility: 'classmates' }]);
    const sora = ito.kids[0] ?? 0;
    await enroll(t, s1.scheduleId, [sora]);
    const res = await upload(
      ito,
      { attendee_profile_id: String(sora), caption: 'Trees', klass_id: String(s1.klassId) },
      [await photo('#22aa55')],
    );
    const postId = postDocumentSchema.parse(res.json()).data.id;
    await t.app.media.drain();
    const seen = postDocumentSchema.parse(
      (await send(brown, 'GET', GALLERY_API.post(postId))).json(),
    ).data.attributes.images[0];
    await send(c.teacher, 'PATCH', GALLERY_API.post(postId), { post: { hidden: true } });
    expect((await t.app.inject({ method: 'GET', url: seen?.url ?? '' })).statusCode).toBe(404);
  });

  it('a child whose family turned approval off gets classmates’ comments at once', async () => {
    const id = await seedPost(t, { attendeeProfileId: ren(), authorId: kato.id });
    const res = await send(brown, 'POST', GALLERY_API.postComments(id), {
      comment: { body: 'Wow' },
    });
    expect(res.json().data.attributes.status).toBe('approved');
    expect(await latestNotice(kato.id)).toMatchObject({ recordType: 'comments', recordId: id });
  });

  it('teachers of the class give feedback: the family is told, it shows on the post and moves between the feedback lists', async () => {
    const id = await seedPost(t, {
      attendeeProfileId: mia(),
      authorId: kato.id,
      klassId: s1.klassId,
      scheduleId: s1.scheduleId,
    });
    const awaiting = async (who: Person) =>
      postListDocumentSchema
        .parse((await send(who, 'GET', `${GALLERY_API.posts}?scope=feedback`)).json())
        .data.map((p) => p.id);
    expect(await awaiting(c.teacher)).toContain(String(id));
    expect(await awaiting(kato)).not.toContain(String(id));

    // Another teacher does not see a classmates-only child's work at all: 404, not 403.
    const other = await send(c.otherTeacher, 'POST', GALLERY_API.postFeedbacks(id), {
      feedback: { body: 'Hmm' },
    });
    expect(other.statusCode).toBe(404);
    expect(
      (await send(kato, 'POST', GALLERY_API.postFeedbacks(id), { feedback: { body: 'x' } }))
        .statusCode,
    ).toBe(403);
    const given = await send(c.teacher, 'POST', GALLERY_API.postFeedbacks(id), {
      feedback: { body: 'Try a softer pencil for the shadows.' },
    });
    expect(given.statusCode).toBe(201);
    expect(given.json().data.attributes).toMatchObject({
      can_edit: true,
      teacher: { id: String(c.teacher.id), name: 'Theo Teacher' },
    });
    expect(await latestNotice(kato.id)).toMatchObject({ recordType: 'feedbacks', recordId: id });
    expect(await awaiting(c.teacher)).not.toContain(String(id));
    expect(await awaiting(kato)).toContain(String(id));

    const post = postDocumentSchema.parse((await send(kato, 'GET', GALLERY_API.post(id))).json());
    expect(post.data.attributes.feedback_count).toBe(1);
    expect(post.included?.map((f) => f.attributes.body)).toEqual([
      'Try a softer pencil for the shadows.',
    ]);
    expect(post.included?.[0]?.attributes.can_edit).toBe(false);
    const feedbackId = given.json().data.id;
    expect(
      (
        await send(c.otherTeacher, 'PATCH', GALLERY_API.feedback(feedbackId), {
          feedback: { body: 'x' },
        })
      ).statusCode,
    ).toBe(404);
    const edited = await send(c.teacher, 'PATCH', GALLERY_API.feedback(feedbackId), {
      feedback: { body: 'Edited' },
    });
    expect(edited.json().data.attributes.body).toBe('Edited');
    expect((await send(c.admin, 'DELETE', GALLERY_API.feedback(feedbackId))).statusCode).toBe(204);
  });

  it('reports: once per person and target (409 after), staff list the open ones and resolve them', async () => {
    const id = await seedPost(t, { attendeeProfileId: mia(), authorId: kato.id });
    const file = () =>
      send(brown, 'POST', GALLERY_API.reports, {
        report: { post_id: String(id), reason: 'Not artwork' },
      });
    // At once (also under TEST_DB=postgres, where they truly race): one report, four refusals.
    const answers = await Promise.all([file(), file(), file(), file(), file()]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409, 409, 409, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().errors[0].detail).toBe(
      GALLERY_MESSAGES.alreadyReported,
    );
    const both = await send(brown, 'POST', GALLERY_API.reports, {
      report: { post_id: String(id), comment_id: '1', reason: 'x' },
    });
    expect(fieldMessages(both.json())).toEqual({ post_id: GALLERY_MESSAGES.reportTarget });
    expect((await send(brown, 'GET', GALLERY_API.reports)).statusCode).toBe(403);

    const open = reportListDocumentSchema.parse(
      (await send(c.teacher, 'GET', GALLERY_API.reports)).json(),
    );
    const mine = open.data.find((r) => r.attributes.post_id === String(id));
    expect(mine?.attributes).toMatchObject({ reason: 'Not artwork', resolved: false });
    expect(
      reportListDocumentSchema
        .parse((await send(c.otherTeacher, 'GET', GALLERY_API.reports)).json())
        .data.some((r) => r.attributes.post_id === String(id)),
    ).toBe(false);
    const resolved = await send(c.teacher, 'PATCH', GALLERY_API.report(mine?.id ?? 0), {
      report: { resolved: true },
    });
    expect(resolved.json().data.attributes.resolved).toBe(true);
    const after = reportListDocumentSchema.parse(
      (await send(c.admin, 'GET', GALLERY_API.reports)).json(),
    );
    expect(after.data.some((r) => r.id === mine?.id)).toBe(false);
  });

  it('createPostFromImages (the photo box) makes the post and tells the family in its language', async () => {
    const yamada = await family(t, '山田 太郎', [{ name: '山田 花子' }], { locale: 'ja' });
    await enroll(t, s1.scheduleId, yamada.kids);
    const [image] = await t.database.db.insert(images).values({}).returning({ id: images.id });
    const { postId } = await createPostFromImages(t.app, {
      attendeeProfileIds: [yamada.kids[0] ?? 0],
      klassId: s1.klassId,
      imageIds: [image?.id ?? 0],
      authorId: c.teacher.id,
    });
    const [row] = await t.database.db
      .select()
      .from(posts)
      .where(and(eq(posts.id, postId), eq(posts.scheduleId, s1.scheduleId)));
    expect(row?.authorId).toBe(c.teacher.id);
    const notice = await latestNotice(yamada.id);
    expect(notice).toMatchObject({ recordType: 'posts', recordId: postId, senderId: c.teacher.id });
    expect(notice?.title).toContain('山田');
    expect(notice?.title).toContain('作品');
  });

  // Last: it gives s1's programme a Japanese name (docs/architecture.md#translated-content).
  it("names the class of a new artwork in each family's language", async () => {
    const [row] = await t.database.db
      .select({ groupId: klassGroupSchedules.klassGroupId })
      .from(klassGroupSchedules)
      .where(eq(klassGroupSchedules.id, s1.scheduleId));
    const named = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_groups/${row?.groupId}`,
      headers: auth(c.admin),
      payload: { klass_group: { translations: { ja: { name: '観察デッサン' } } } },
    });
    expect(named.statusCode).toBe(200);
    const suzuki = await family(t, '鈴木 一郎', [{ name: '鈴木 花子' }], { locale: 'ja' });
    const lee = await family(t, 'Lee Family', [{ name: 'Ann Lee' }]);
    await enroll(t, s1.scheduleId, [...suzuki.kids, ...lee.kids]);
    const [image] = await t.database.db.insert(images).values({}).returning({ id: images.id });
    await createPostFromImages(t.app, {
      attendeeProfileIds: [suzuki.kids[0] ?? 0, lee.kids[0] ?? 0],
      klassId: s1.klassId,
      imageIds: [image?.id ?? 0],
      authorId: c.teacher.id,
    });
    expect((await latestNotice(suzuki.id))?.title).toBe('鈴木さんの新しい作品（観察デッサン）');
    expect((await latestNotice(lee.id))?.title).toBe(
      'A new artwork of Ann from class Observational Drawing',
    );
    // The gallery's answers name the class in the reader's language too.
    const [post] = await t.database.db
      .select({ id: posts.id })
      .from(posts)
      .where(eq(posts.klassId, s1.klassId))
      .orderBy(desc(posts.id))
      .limit(1);
    const className = async (who: Person) => {
      const one = postDocumentSchema.parse(
        (await send(who, 'GET', GALLERY_API.post(post?.id ?? 0))).json(),
      );
      const list = postListDocumentSchema.parse(
        (await send(who, 'GET', `${GALLERY_API.posts}?scope=mine`)).json(),
      );
      const listed = list.data.find((p) => p.id === String(post?.id));
      return [
        one.data.attributes.klass?.klass_group_name,
        listed?.attributes.klass?.klass_group_name,
      ];
    };
    expect(await className(suzuki)).toEqual(['観察デッサン', '観察デッサン']);
    expect(await className(lee)).toEqual(['Observational Drawing', 'Observational Drawing']);
  });
});
