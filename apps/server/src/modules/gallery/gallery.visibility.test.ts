import { GALLERY_API, postDocumentSchema, postListDocumentSchema } from '@atelier/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { publishAgreement, publishVersion, sign, withdraw } from '../agreements/agreements-testing';
import { type Cast, type Person, person } from '../classes/classes-testing';
import { images } from '../media/media.tables';
import { publicArtwork } from '.';
import { postImages, posts } from './gallery.tables';
import { auth, enroll, family, scheduleTaughtBy, seedPost } from './gallery-testing';
import { fileStillShared } from './posts.repository';

// THE VISIBILITY MATRIX (docs/architecture.md#gallery-privacy, decision 037): every post, for every
// kind of viewer, through GET by id and through every list. What a viewer may not see is 404.

const HOOK_TIMEOUT_MS = 120_000;

type PostKey = 'familyOnly' | 'classmates' | 'public' | 'publicHidden' | 'otherClass';
type ViewerKey =
  | 'family'
  | 'classmate'
  | 'otherStudent'
  | 'refundedClassmate'
  | 'teacher'
  | 'otherTeacher'
  | 'admin'
  | 'guest';

// Who sees which post. The otherStudent's family owns `otherClass` (visibility family), taught by
// otherTeacher. A refunded (cancelled) enrollment does not make a classmate. Staff see hidden posts
// of students they see; a teacher sees any public post (as anyone signed in does).
const SEES: Record<ViewerKey, PostKey[]> = {
  family: ['familyOnly', 'classmates', 'public', 'publicHidden'],
  classmate: ['classmates', 'public'],
  otherStudent: ['public', 'otherClass'],
  refundedClassmate: ['public'],
  teacher: ['familyOnly', 'classmates', 'public', 'publicHidden'],
  otherTeacher: ['public', 'publicHidden', 'otherClass'],
  admin: ['familyOnly', 'classmates', 'public', 'publicHidden', 'otherClass'],
  guest: ['public'],
};

// The feed: the classes one is part of (and a family's own posts).
const FEED: Record<Exclude<ViewerKey, 'guest'>, PostKey[]> = {
  family: ['familyOnly', 'classmates', 'public', 'publicHidden'],
  classmate: ['classmates', 'public'],
  otherStudent: ['otherClass'],
  refundedClassmate: [],
  teacher: ['familyOnly', 'classmates', 'public', 'publicHidden'],
  otherTeacher: ['otherClass'],
  admin: ['familyOnly', 'classmates', 'public', 'publicHidden', 'otherClass'],
};

// Who sees the full name and the family's choice: the post's family and staff.
const STAFF: ViewerKey[] = ['teacher', 'otherTeacher', 'admin'];
const FAMILY_OF: Record<PostKey, ViewerKey> = {
  familyOnly: 'family',
  classmates: 'family',
  public: 'family',
  publicHidden: 'family',
  otherClass: 'otherStudent',
};

describe('gallery visibility matrix', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  const viewers = {} as Record<ViewerKey, Person | null>;
  const postIds = {} as Record<PostKey, number>;
  const ownerOf = {} as Record<PostKey, number>;
  const fullName = {} as Record<PostKey, string>;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const s1 = await scheduleTaughtBy(t, c, c.teacher);
    const s2 = await scheduleTaughtBy(t, c, c.otherTeacher);
    const kato = await family(t, 'Kenji Kato', [
      { name: 'Fumi Kato', visibility: 'family' },
      { name: 'Mia  Kato', visibility: 'classmates' },
      { name: 'Pia Kato', visibility: 'public' },
    ]);
    const brown = await family(t, 'Bob Brown', [{ name: 'Bea Brown' }]);
    const chen = await family(t, 'Cho Chen', [{ name: 'Cal Chen' }]);
    const evans = await family(t, 'Ed Evans', [{ name: 'Eve Evans' }]);
    await enroll(t, s1.scheduleId, [...kato.kids, brown.kids[0] ?? 0]);
    await enroll(t, s1.scheduleId, [evans.kids[0] ?? 0], 'cancelled');
    await enroll(t, s2.scheduleId, [chen.kids[0] ?? 0]);

    const [fumi, mia, pia] = kato.kids as [number, number, number];
    const inS1 = { klassId: s1.klassId, scheduleId: s1.scheduleId };
    postIds.familyOnly = await seedPost(t, { attendeeProfileId: fumi, authorId: kato.id, ...inS1 });
    postIds.classmates = await seedPost(t, { attendeeProfileId: mia, authorId: kato.id, ...inS1 });
    postIds.public = await seedPost(t, { attendeeProfileId: pia, authorId: kato.id });
    postIds.publicHidden = await seedPost(t, { attendeeProfileId: pia, authorId: kato.id });
    await t.database.db
      .update(posts)
      .set({ hiddenAt: new Date(), hiddenById: c.admin.id })
      .where(eq(posts.id, postIds.publicHidden));
    postIds.otherClass = await seedPost(t, {
      attendeeProfileId: chen.kids[0] ?? 0,
      authorId: chen.id,
      klassId: s2.klassId,
      scheduleId: s2.scheduleId,
    });
    Object.assign(ownerOf, {
      familyOnly: fumi,
      classmates: mia,
      public: pia,
      publicHidden: pia,
      otherClass: chen.kids[0],
    });
    Object.assign(fullName, {
      familyOnly: 'Fumi Kato',
      classmates: 'Mia  Kato',
      public: 'Pia Kato',
      publicHidden: 'Pia Kato',
      otherClass: 'Cal Chen',
    });
    Object.assign(viewers, {
      family: kato,
      classmate: brown,
      otherStudent: chen,
      refundedClassmate: evans,
      teacher: c.teacher,
      otherTeacher: c.otherTeacher,
      admin: c.admin,
      guest: null,
    });
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const get = (viewer: Person | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: viewer ? auth(viewer) : {} });
  const keyOf = (id: string) =>
    (Object.keys(postIds) as PostKey[]).find((k) => String(postIds[k]) === id);

  it('GET /posts/{id}: each viewer sees exactly their posts, and a 404 for every other', async () => {
    for (const [viewerKey, viewer] of Object.entries(viewers) as [ViewerKey, Person | null][]) {
      for (const postKey of Object.keys(postIds) as PostKey[]) {
        const res = await get(viewer, GALLERY_API.post(postIds[postKey]));
        const expected = SEES[viewerKey].includes(postKey);
        expect(res.statusCode, `${viewerKey} → ${postKey}`).toBe(expected ? 200 : 404);
        if (!expected) continue;
        // Birthdays never leave the gallery, to anyone.
        expect(res.body).not.toContain('2016-04-02');
        const student = postDocumentSchema.parse(res.json()).data.attributes.student;
        const insider = STAFF.includes(viewerKey) || FAMILY_OF[postKey] === viewerKey;
        const name = fullName[postKey];
        expect(student.name, `${viewerKey} → ${postKey}`).toBe(
          insider ? name : `${name.split(' ')[0]} ${name.trim().split(/\s+/).at(-1)?.[0]}.`,
        );
        expect(student.visibility === null, `${viewerKey} → ${postKey}`).toBe(!insider);
      }
    }
  });

  it('the student scope lists exactly the visible posts of each student, or 404 when none may be seen', async () => {
    const students = [...new Set(Object.values(ownerOf))];
    for (const [viewerKey, viewer] of Object.entries(viewers) as [ViewerKey, Person | null][]) {
      if (!viewer) continue;
      for (const student of students) {
        const res = await get(
          viewer,
          `${GALLERY_API.posts}?scope=student&attendee_profile_id=${student}`,
        );
        const expected = SEES[viewerKey].filter((k) => ownerOf[k] === student);
        if (expected.length === 0) {
          expect(res.statusCode, `${viewerKey} → student ${student}`).toBe(404);
          continue;
        }
        expect(res.statusCode, `${viewerKey} → student ${student}`).toBe(200);
        const listed = postListDocumentSchema.parse(res.json()).data.map((p) => keyOf(p.id));
        expect(listed.sort(), `${viewerKey} → student ${student}`).toEqual([...expected].sort());
      }
    }
  });

  it('the feed shows the classes one is part of, and never a post the viewer may not open', async () => {
    for (const [viewerKey, viewer] of Object.entries(viewers) as [ViewerKey, Person | null][]) {
      if (!viewer) continue;
      const feedKey = viewerKey as Exclude<ViewerKey, 'guest'>;
      const res = await get(viewer, `${GALLERY_API.posts}?scope=feed`);
      expect(res.statusCode).toBe(200);
      const listed = postListDocumentSchema.parse(res.json()).data.map((p) => keyOf(p.id));
      expect(listed.sort(), viewerKey).toEqual([...FEED[feedKey]].sort());
      for (const scope of ['mine', 'feedback']) {
        const other = postListDocumentSchema.parse(
          (await get(viewer, `${GALLERY_API.posts}?scope=${scope}`)).json(),
        );
        for (const post of other.data) {
          expect(SEES[viewerKey], `${viewerKey} ${scope}`).toContain(keyOf(post.id));
        }
      }
    }
  });

  it('lists need a sign-in; a guest opens only a public, visible post', async () => {
    expect((await get(null, `${GALLERY_API.posts}?scope=feed`)).statusCode).toBe(401);
    expect((await get(null, GALLERY_API.post(postIds.public))).statusCode).toBe(200);
    expect((await get(null, GALLERY_API.post(postIds.publicHidden))).statusCode).toBe(404);
    // A refused token is a 401, not a guest's view.
    const stale = await t.app.inject({
      method: 'GET',
      url: GALLERY_API.post(postIds.public),
      headers: { authorization: 'Bearer not-a-token' },
    });
    expect(stale.statusCode).toBe(401);
  });

  it('comments and feedback follow the post: 404 where the post is not visible', async () => {
    const classmate = viewers.classmate as Person;
    for (const url of [
      GALLERY_API.postComments(postIds.familyOnly),
      GALLERY_API.postComments(postIds.publicHidden),
    ]) {
      expect((await get(classmate, url)).statusCode).toBe(404);
      const posted = await t.app.inject({
        method: 'POST',
        url,
        headers: auth(classmate),
        payload: { comment: { body: 'Hello' } },
      });
      expect(posted.statusCode).toBe(404);
    }
    const report = await t.app.inject({
      method: 'POST',
      url: GALLERY_API.reports,
      headers: auth(classmate),
      payload: { report: { post_id: String(postIds.familyOnly), reason: 'spam' } },
    });
    expect(report.statusCode).toBe(404);
    const stranger = await person(t, 'teacher', 'Stranger Teacher');
    const feedback = await t.app.inject({
      method: 'POST',
      url: GALLERY_API.postFeedbacks(postIds.familyOnly),
      headers: auth(stranger),
      payload: { feedback: { body: 'Nice' } },
    });
    expect(feedback.statusCode).toBe(404);
  });
});

// GROUP PHOTOS (decision 073): a post tagged with several children is seen by each tagged family,
// and beyond the families only as far as EVERY tagged child's consent allows.
type GroupKey = 'familyAndPublic' | 'publicAndPublic' | 'classmatesAndPublic';
type GroupViewer =
  | 'annFamily'
  | 'benFamily'
  | 'catFamily'
  | 'classmate'
  | 'stranger'
  | 'teacher'
  | 'otherTeacher'
  | 'admin'
  | 'guest';

const GROUP_SEES: Record<GroupViewer, GroupKey[]> = {
  annFamily: ['familyAndPublic', 'publicAndPublic', 'classmatesAndPublic'],
  benFamily: ['familyAndPublic', 'publicAndPublic', 'classmatesAndPublic'],
  catFamily: ['publicAndPublic', 'classmatesAndPublic'],
  classmate: ['publicAndPublic', 'classmatesAndPublic'],
  stranger: ['publicAndPublic'],
  teacher: ['familyAndPublic', 'publicAndPublic', 'classmatesAndPublic'],
  otherTeacher: ['publicAndPublic'],
  admin: ['familyAndPublic', 'publicAndPublic', 'classmatesAndPublic'],
  guest: ['publicAndPublic'],
};
const HELD: Record<GroupKey, boolean> = {
  familyAndPublic: true,
  publicAndPublic: false,
  classmatesAndPublic: true,
};

describe('group photos: the strictest consent wins', { timeout: 120_000 }, () => {
  let t: TestApp;
  const viewers = {} as Record<GroupViewer, Person | null>;
  const postIds = {} as Record<GroupKey, number>;
  const kids = {} as Record<'ann' | 'ben' | 'cat' | 'dan', number>;

  beforeAll(async () => {
    t = await createTestApp();
    const c = await cast(t);
    const s1 = await scheduleTaughtBy(t, c, c.teacher);
    // Ann's family keeps her work in the family; Ben and Dan (one family) show theirs to all.
    const ann = await family(t, 'Amy Abe', [{ name: 'Ann Abe', visibility: 'family' }]);
    const ben = await family(t, 'Bo Baker', [
      { name: 'Ben Baker', visibility: 'public' },
      { name: 'Dan Baker', visibility: 'public' },
    ]);
    const cat = await family(t, 'Cy Cole', [{ name: 'Cat Cole', visibility: 'classmates' }]);
    const classmate = await family(t, 'Ed Eto', [{ name: 'Eli Eto' }]);
    const stranger = await family(t, 'Fe Fox', [{ name: 'Fay Fox' }]);
    kids.ann = ann.kids[0] ?? 0;
    kids.ben = ben.kids[0] ?? 0;
    kids.dan = ben.kids[1] ?? 0;
    kids.cat = cat.kids[0] ?? 0;
    await enroll(t, s1.scheduleId, [kids.ann, kids.ben, kids.dan, kids.cat, ...classmate.kids]);
    const inS1 = { klassId: s1.klassId, scheduleId: s1.scheduleId, authorId: c.teacher.id };
    const group = (tagged: number[]) =>
      seedPost(t, { attendeeProfileId: tagged[0] ?? 0, tagged, ...inS1 }, 1);
    // The least strict child first (the post's own student): only the tags can hold it back.
    postIds.familyAndPublic = await group([kids.ben, kids.ann]);
    postIds.publicAndPublic = await group([kids.ben, kids.dan]);
    postIds.classmatesAndPublic = await group([kids.ben, kids.cat]);
    // Each post's picture processed, at a key of its own (the public gallery and shared files).
    const rows = await t.database.db
      .select({ postId: postImages.postId, imageId: postImages.imageId })
      .from(postImages)
      .where(inArray(postImages.postId, Object.values(postIds)));
    for (const row of rows) {
      await t.database.db
        .update(images)
        .set({ status: 'ready', key: `artworks/group-${row.postId}`, width: 10, height: 10 })
        .where(eq(images.id, row.imageId));
    }
    Object.assign(viewers, {
      annFamily: ann,
      benFamily: ben,
      catFamily: cat,
      classmate,
      stranger,
      teacher: c.teacher,
      otherTeacher: c.otherTeacher,
      admin: c.admin,
      guest: null,
    });
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const get = (viewer: Person | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: viewer ? auth(viewer) : {} });

  it('GET /posts/{id}: each tagged family sees it; others only where every child allows; staff see held_back', async () => {
    for (const [viewerKey, viewer] of Object.entries(viewers) as [GroupViewer, Person | null][]) {
      for (const postKey of Object.keys(postIds) as GroupKey[]) {
        const res = await get(viewer, GALLERY_API.post(postIds[postKey]));
        const expected = GROUP_SEES[viewerKey].includes(postKey);
        expect(res.statusCode, `${viewerKey} → ${postKey}`).toBe(expected ? 200 : 404);
        if (!expected) continue;
        const held = postDocumentSchema.parse(res.json()).data.attributes.held_back;
        const staff = ['teacher', 'otherTeacher', 'admin'].includes(viewerKey);
        expect(held, `${viewerKey} → ${postKey}`).toBe(staff ? HELD[postKey] : undefined);
      }
    }
  });

  it('each tagged child’s gallery (student scope) and feed lists the photo for that family', async () => {
    const ids = (res: { json(): unknown }) =>
      postListDocumentSchema.parse(res.json()).data.map((p) => Number(p.id));
    const ann = viewers.annFamily as Person;
    const ben = viewers.benFamily as Person;
    const annGallery = await get(
      ann,
      `${GALLERY_API.posts}?scope=student&attendee_profile_id=${kids.ann}`,
    );
    expect(ids(annGallery)).toEqual([postIds.familyAndPublic]);
    const benGallery = await get(
      ben,
      `${GALLERY_API.posts}?scope=student&attendee_profile_id=${kids.ben}`,
    );
    expect(ids(benGallery).sort()).toEqual(Object.values(postIds).sort());
    const mine = await get(ben, `${GALLERY_API.posts}?scope=mine`);
    expect(ids(mine)).toContain(postIds.familyAndPublic);
    // A classmate's family asking for Ben's gallery sees his public work, not the family-only photo.
    const classmate = viewers.classmate as Person;
    const theirs = await get(
      classmate,
      `${GALLERY_API.posts}?scope=student&attendee_profile_id=${kids.ben}`,
    );
    expect(ids(theirs).sort()).toEqual(
      [postIds.publicAndPublic, postIds.classmatesAndPublic].sort(),
    );
  });

  it('no tagged family changes or deletes what the others see; the school does', async () => {
    const post = GALLERY_API.post(postIds.familyAndPublic);
    for (const who of [viewers.annFamily, viewers.benFamily] as Person[]) {
      const shown = postDocumentSchema.parse((await get(who, post)).json()).data.attributes;
      expect(shown.permissions).toMatchObject({ edit: false, delete: false });
      const edited = await t.app.inject({
        method: 'PATCH',
        url: post,
        headers: auth(who),
        payload: { post: { caption: `Ours ${who.id}` } },
      });
      expect(edited.statusCode).toBe(403);
      const deleted = await t.app.inject({ method: 'DELETE', url: post, headers: auth(who) });
      expect(deleted.statusCode).toBe(403);
    }
    // The teacher who assigned it captions it, for every tagged family at once.
    const teacher = viewers.teacher as Person;
    const res = await t.app.inject({
      method: 'PATCH',
      url: post,
      headers: auth(teacher),
      payload: { post: { caption: 'Our class mural' } },
    });
    expect(res.statusCode).toBe(200);
    const seen = await get(viewers.annFamily, post);
    expect(postDocumentSchema.parse(seen.json()).data.attributes.caption).toBe('Our class mural');
  });

  it('the public gallery and shared image addresses follow the strictest child', async () => {
    const { posts: shown } = await publicArtwork(t.app, { offset: 0, limit: 50 });
    expect(shown.map((p) => p.id)).toEqual([postIds.publicAndPublic]);
    const shared = async (key: GroupKey) =>
      fileStillShared(t.database.db, `artworks/group-${postIds[key]}.webp`);
    expect(await shared('familyAndPublic')).toBe(false);
    expect(await shared('publicAndPublic')).toBe(true);
    expect(await shared('classmatesAndPublic')).toBe(true);
  });
});

// THE MEDIA RELEASE (docs/decisions/070-agreements.md): once the school has published a media
// release, `classmates` and `public` count only for a child with a live signature of it; without
// one (never signed, or withdrawn) the child's work is seen as if the family chose `family`. A new
// version is due but does not take back consent already given.
describe('gallery visibility with a media release', { timeout: 120_000 }, () => {
  type ReleaseViewer = 'family' | 'classmate' | 'teacher' | 'admin' | 'guest' | 'stranger';
  type ReleasePost = 'mia' | 'pia';
  let t: TestApp;
  let c: Cast;
  let kato: Person & { kids: number[] };
  const viewers = {} as Record<ReleaseViewer, Person | null>;
  const postIds = {} as Record<ReleasePost, number>;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const s1 = await scheduleTaughtBy(t, c, c.teacher);
    kato = await family(t, 'Kenji Kato', [
      { name: 'Mia Kato', visibility: 'classmates' },
      { name: 'Pia Kato', visibility: 'public' },
    ]);
    const brown = await family(t, 'Bob Brown', [{ name: 'Bea Brown' }]);
    const chen = await family(t, 'Cho Chen', [{ name: 'Cal Chen' }]);
    await enroll(t, s1.scheduleId, [...kato.kids, brown.kids[0] ?? 0]);
    const [mia, pia] = kato.kids as [number, number];
    const inS1 = { klassId: s1.klassId, scheduleId: s1.scheduleId };
    postIds.mia = await seedPost(t, { attendeeProfileId: mia, authorId: kato.id, ...inS1 });
    postIds.pia = await seedPost(t, { attendeeProfileId: pia, authorId: kato.id });
    Object.assign(viewers, {
      family: kato,
      classmate: brown,
      teacher: c.teacher,
      admin: c.admin,
      guest: null,
      stranger: chen,
    });
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const ALL: ReleasePost[] = ['mia', 'pia'];
  // Who sees which post while both children's releases allow their families' choices …
  const SHARED: Record<ReleaseViewer, ReleasePost[]> = {
    family: ALL,
    classmate: ALL,
    teacher: ALL,
    admin: ALL,
    guest: ['pia'],
    stranger: ['pia'],
  };
  // … and while neither does: the family and staff only (both children are in the teacher's class).
  const WITHHELD: Record<ReleaseViewer, ReleasePost[]> = {
    family: ALL,
    classmate: [],
    teacher: ALL,
    admin: ALL,
    guest: [],
    stranger: [],
  };

  async function expectMatrix(expected: Record<ReleaseViewer, ReleasePost[]>, when: string) {
    for (const [key, viewer] of Object.entries(viewers) as [ReleaseViewer, Person | null][]) {
      for (const post of ALL) {
        const res = await t.app.inject({
          method: 'GET',
          url: GALLERY_API.post(postIds[post]),
          headers: viewer ? auth(viewer) : {},
        });
        const sees = expected[key].includes(post);
        expect(res.statusCode, `${when}: ${key} → ${post}`).toBe(sees ? 200 : 404);
      }
    }
  }
  const familyChoice = async (post: ReleasePost) =>
    postDocumentSchema.parse(
      (
        await t.app.inject({
          method: 'GET',
          url: GALLERY_API.post(postIds[post]),
          headers: auth(kato),
        })
      ).json(),
    ).data.attributes.student.visibility;

  it('follows the family’s choice while no release is published, the family only until signed, and again once signed', async () => {
    await expectMatrix(SHARED, 'no release');
    const release = await publishAgreement(t, c.admin, {
      title: 'Media release',
      kind: 'media_release',
      per_child: true,
    });
    await expectMatrix(WITHHELD, 'published, unsigned');
    // The family sees the effective choice.
    expect(await familyChoice('pia')).toBe('family');
    const [mia, pia] = kato.kids as [number, number];
    expect((await sign(t, kato, release.versionId, mia)).statusCode).toBe(201);
    const piaSignature = (await sign(t, kato, release.versionId, pia)).json().data.id as string;
    await expectMatrix(SHARED, 'signed');
    expect(await familyChoice('pia')).toBe('public');

    // A new version is due, but consent given stays until withdrawn.
    await publishVersion(t, c.admin, release.agreementId, 'Media release, second edition.');
    await expectMatrix(SHARED, 'new version');

    expect((await withdraw(t, kato, piaSignature)).statusCode).toBe(200);
    await expectMatrix(
      { ...SHARED, guest: [], stranger: [], classmate: ['mia'] },
      'Pia’s release withdrawn',
    );
    expect(await familyChoice('pia')).toBe('family');
    expect(await familyChoice('mia')).toBe('classmates');
  });
});

// A GROUP PHOTO UNDER THE MEDIA RELEASE: the strictest child is decided by each child's effective
// choice (the family's, as the release allows it), so one tagged child whose release is missing or
// withdrawn holds the whole photo back, everywhere, and marks it for staff.
describe('a group photo under the media release', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let lee: Person & { kids: number[] };
  let ono: Person & { kids: number[] };
  let postId = 0;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const s1 = await scheduleTaughtBy(t, c, c.teacher);
    lee = await family(t, 'Lin Lee', [{ name: 'Liv Lee', visibility: 'public' }]);
    ono = await family(t, 'Oto Ono', [{ name: 'Ora Ono', visibility: 'public' }]);
    const tagged = [lee.kids[0] ?? 0, ono.kids[0] ?? 0];
    await enroll(t, s1.scheduleId, tagged);
    postId = await seedPost(
      t,
      {
        attendeeProfileId: tagged[0] ?? 0,
        tagged,
        klassId: s1.klassId,
        scheduleId: s1.scheduleId,
        authorId: c.teacher.id,
      },
      1,
    );
    const [row] = await t.database.db
      .select({ imageId: postImages.imageId })
      .from(postImages)
      .where(eq(postImages.postId, postId));
    await t.database.db
      .update(images)
      .set({ status: 'ready', key: `artworks/release-group-${postId}`, width: 10, height: 10 })
      .where(eq(images.id, row?.imageId ?? 0));
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  async function state() {
    const guest = await t.app.inject({ method: 'GET', url: GALLERY_API.post(postId) });
    const staff = await t.app.inject({
      method: 'GET',
      url: GALLERY_API.post(postId),
      headers: auth(c.admin),
    });
    const { posts: shown } = await publicArtwork(t.app, { offset: 0, limit: 50 });
    return {
      guest: guest.statusCode,
      heldBack: postDocumentSchema.parse(staff.json()).data.attributes.held_back,
      publicGallery: shown.some((p) => p.id === postId),
      shared: await fileStillShared(t.database.db, `artworks/release-group-${postId}.webp`),
    };
  }
  const everywhere = { guest: 200, heldBack: false, publicGallery: true, shared: true };
  const heldBack = { guest: 404, heldBack: true, publicGallery: false, shared: false };

  it('is public only while every tagged child’s release is signed, and goes back at a withdrawal', async () => {
    expect(await state()).toEqual(everywhere);
    const release = await publishAgreement(t, c.admin, {
      title: 'Media release',
      kind: 'media_release',
      per_child: true,
    });
    // Neither child has signed: both count as family-only, alike, so nothing is held back.
    expect(await state()).toEqual({ ...heldBack, heldBack: false });
    expect((await sign(t, lee, release.versionId, lee.kids[0])).statusCode).toBe(201);
    expect(await state()).toEqual(heldBack);
    const onoSignature = (await sign(t, ono, release.versionId, ono.kids[0])).json().data
      .id as string;
    expect(await state()).toEqual(everywhere);
    expect((await withdraw(t, ono, onoSignature)).statusCode).toBe(200);
    expect(await state()).toEqual(heldBack);
  });
});
