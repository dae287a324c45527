import type { Language } from '@atelier/contract';
import {
  type ArtworkImage,
  GALLERY_MESSAGES,
  ID_MAX,
  POSTS_PAGE_SIZE,
  type PostDocument,
  type PostListDocument,
  type PostScope,
} from '@atelier/contract';
import { forbidden, notFound, ValidationError } from '../../lib/app-error';
import type { Viewer } from '../../lib/http';
import { feedbacksOfPost } from './comments.repository';
import { withTeachers } from './conversation-people';
import type { GalleryContext } from './gallery.context';
import { familyKeepsPost, feedbackResource, postResource } from './gallery.resources';
import { type Notice, tellFamily } from './gallery-notices';
import { type GalleryViewer, isStaff } from './gallery-viewer';
import {
  deletePost,
  imageIdsOfPosts,
  insertPost,
  klassOfStudent,
  type PostCursor,
  type PostRow,
  pageOfPosts,
  setPostStudents,
  studentById,
  studentsByIds,
  studentsOfPosts,
  updatePost,
  visiblePost,
  visibleStudent,
} from './posts.repository';

// Posts (docs/product.md#gallery): lists by scope with keyset paging, one post, and the family's
// (or staff's) writes. Who sees what is decided in privacy.repository.ts only.

/** The opaque cursor: base64url of "created_at|id" (created_at to the microsecond, UTC). */
export function encodeCursor(row: Pick<PostRow, 'createdAtKey' | 'id'>): string {
  return Buffer.from(`${row.createdAtKey}|${row.id}`).toString('base64url');
}

const CURSOR_TEXT = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z)\|([1-9]\d{0,9})$/;

/** A cursor this server did not write is a 422 on `cursor`, never a database error. */
export function decodeCursor(cursor: string): PostCursor {
  const match = CURSOR_TEXT.exec(Buffer.from(cursor, 'base64url').toString('utf8'));
  const id = Number(match?.[2]);
  const createdAt = match?.[1];
  if (!createdAt || !(id <= ID_MAX) || Number.isNaN(Date.parse(createdAt))) {
    throw new ValidationError([{ field: 'cursor', detail: 'Invalid input' }]);
  }
  return { createdAt, id };
}

/**
 * The images of each post, in order: a few queries for any number of posts. Addresses handed to
 * anyone but the family and staff are shared ones, checked whenever fetched
 * (docs/decisions/068-moderation-that-holds.md).
 */
async function imagesOfPosts(
  ctx: GalleryContext,
  viewer: GalleryViewer,
  rows: Pick<PostRow, 'id' | 'isFamily'>[],
): Promise<Map<number, ArtworkImage[]>> {
  const idsByPost = await imageIdsOfPosts(
    ctx.db,
    rows.map((r) => r.id),
  );
  const sharedPost = new Set(rows.filter((r) => !isStaff(viewer) && !r.isFamily).map((r) => r.id));
  const idsOf = (shared: boolean) =>
    [...idsByPost].flatMap(([postId, ids]) => (sharedPost.has(postId) === shared ? ids : []));
  const [own, shared] = await Promise.all([
    ctx.media.imageViews(idsOf(false)),
    ctx.media.imageViews(idsOf(true), { shared: true }),
  ]);
  const views = {
    get: (id: number, postId: number) => (sharedPost.has(postId) ? shared : own).get(id),
  };
  const out = new Map<number, ArtworkImage[]>();
  for (const [postId, ids] of idsByPost) {
    out.set(
      postId,
      ids.flatMap((id) => {
        const view = views.get(id, postId);
        return view ? [view] : [];
      }),
    );
  }
  return out;
}

export async function listPosts(
  ctx: GalleryContext,
  viewer: Viewer,
  query: { scope: PostScope; attendee_profile_id?: number; cursor?: string },
  language: Language,
): Promise<PostListDocument> {
  const cursor = query.cursor ? decodeCursor(query.cursor) : null;
  if (query.scope === 'student') {
    const studentId = query.attendee_profile_id ?? 0;
    if (!(await visibleStudent(ctx.db, viewer, studentId))) throw notFound('Student');
  }
  // One more than a page tells whether another page follows, without a count.
  const rows = await pageOfPosts(
    ctx.db,
    viewer,
    { scope: query.scope, studentId: query.attendee_profile_id },
    cursor,
    POSTS_PAGE_SIZE + 1,
  );
  const page = rows.slice(0, POSTS_PAGE_SIZE);
  const images = page.length > 0 ? await imagesOfPosts(ctx, viewer, page) : new Map();
  const last = page[page.length - 1];
  return {
    data: page.map((row) => postResource(row, viewer, images.get(row.id) ?? [], language)),
    meta: { next_cursor: rows.length > POSTS_PAGE_SIZE && last ? encodeCursor(last) : null },
  };
}

/** The post the viewer sees, or 404 (whether it exists or not: existence does not leak). */
async function seenPost(ctx: GalleryContext, viewer: GalleryViewer, postId: number) {
  const row = await visiblePost(ctx.db, viewer, postId);
  if (!row) throw notFound('Post');
  return row;
}

/** GET /posts/{id}: the post with its teacher feedback; guests may read a public post. */
export async function getPost(
  ctx: GalleryContext,
  viewer: GalleryViewer,
  postId: number,
  language: Language,
): Promise<PostDocument> {
  const row = await seenPost(ctx, viewer, postId);
  const [images, feedbacks] = await Promise.all([
    imagesOfPosts(ctx, viewer, [row]),
    feedbacksOfPost(ctx.db, row.id).then((rows) => withTeachers(ctx, rows)),
  ]);
  const included = feedbacks.map((f) => feedbackResource(f, viewer, ctx.avatarUrl));
  return {
    data: {
      ...postResource(row, viewer, images.get(row.id) ?? [], language),
      relationships: {
        feedbacks: { data: included.map((f) => ({ id: f.id, type: 'feedbacks' as const })) },
      },
    },
    included,
  };
}

export type NewPostFields = { attendee_profile_id: number; caption: string; klass_id?: number };

/** The student a viewer may post for (their own family member; staff: anyone), or a 422. */
async function studentToPostFor(ctx: GalleryContext, viewer: Viewer, attendeeProfileId: number) {
  const student = await studentById(ctx.db, attendeeProfileId);
  if (!student || (!isStaff(viewer) && student.userId !== viewer.id)) {
    throw new ValidationError([
      { field: 'attendee_profile_id', detail: GALLERY_MESSAGES.notYourStudent },
    ]);
  }
  return student;
}

async function klassToPostIn(ctx: GalleryContext, attendeeProfileId: number, klassId: number) {
  const klass = await klassOfStudent(ctx.db, attendeeProfileId, klassId);
  if (!klass) {
    throw new ValidationError([{ field: 'klass_id', detail: GALLERY_MESSAGES.notTheirKlass }]);
  }
  return klass;
}

/**
 * POST /posts: checks the student and session first, then hands each file to media. Nothing is
 * half-written: a refused file removes the images already taken, and no post is made.
 */
export async function createPost(
  ctx: GalleryContext,
  viewer: Viewer,
  fields: NewPostFields,
  files: Buffer[],
  language: Language,
): Promise<PostDocument> {
  const student = await studentToPostFor(ctx, viewer, fields.attendee_profile_id);
  const klass =
    fields.klass_id === undefined ? null : await klassToPostIn(ctx, student.id, fields.klass_id);
  const imageIds: number[] = [];
  let postId: number;
  try {
    for (const file of files) imageIds.push((await ctx.media.acceptUpload(file, 'images')).imageId);
    postId = await insertPost(
      ctx.db,
      {
        attendeeProfileId: student.id,
        authorId: viewer.id,
        klassId: klass?.id ?? null,
        scheduleId: klass?.scheduleId ?? null,
        caption: fields.caption,
      },
      imageIds,
    );
  } catch (error) {
    await ctx.media.deleteImages(imageIds);
    throw error;
  }
  // Staff posting for a child tells the family; a family posting its own work needs no notice.
  await tellFamily(ctx, {
    kind: 'posts',
    familyUserId: student.userId,
    senderId: viewer.id,
    postId,
    studentName: student.name,
    programme: klass && { name: klass.klassGroupName, translations: klass.klassGroupTranslations },
  });
  return getPost(ctx, viewer, postId, language);
}

export type PostFromImages = {
  /** The students it shows, the first becoming the post's own (several: a group photo). */
  attendeeProfileIds: number[];
  klassId: number | null;
  imageIds: number[];
  authorId: number;
  caption?: string;
};

/**
 * Tells each tagged family once, about its own child (siblings share one notice, naming the first
 * of them). Every tagged family sees the post (privacy.repository.ts), so none is asked about.
 * Never throws, like `tellFamily`: what the notice is about is already stored.
 */
async function tellTaggedFamilies(
  ctx: GalleryContext,
  studentIds: number[],
  notice: Omit<Notice, 'familyUserId' | 'studentName'>,
): Promise<void> {
  try {
    const students = new Map((await studentsByIds(ctx.db, studentIds)).map((s) => [s.id, s]));
    const told = new Set<number | null>();
    // In the order the children were tagged: a family with two of them is told of the first.
    for (const id of studentIds) {
      const student = students.get(id);
      if (!student || told.has(student.userId)) continue;
      told.add(student.userId);
      await tellFamily(ctx, { ...notice, familyUserId: student.userId, studentName: student.name });
    }
  } catch (err) {
    ctx.log.warn({ err, postId: notice.postId, kind: notice.kind }, 'tagged families not told');
  }
}

/**
 * Tells the families of a post's children of a comment or of feedback on it: for a group photo,
 * every tagged family, not only the first child's (docs/decisions/073-group-photos.md).
 */
export async function tellFamiliesOfPost(
  ctx: GalleryContext,
  post: Pick<PostRow, 'id' | 'student'>,
  notice: { kind: 'comments' | 'feedbacks'; senderId: number | null; text: string },
): Promise<void> {
  const ids = await studentsOfPosts(ctx.db, [post.id]).then(
    (byPost) => byPost.get(post.id) ?? [post.student.id],
    () => [post.student.id],
  );
  await tellTaggedFamilies(ctx, ids, { ...notice, postId: post.id });
}

/**
 * A post made of images media already holds (the photo box's assignment): the caller has checked
 * the students belong to the session. Several students make one group photo tagged with each
 * (decision 073). Tells each family ("A new artwork of Mia from class …").
 */
export async function createPostFromImages(
  ctx: GalleryContext,
  input: PostFromImages,
): Promise<{ postId: number }> {
  const [first] = input.attendeeProfileIds;
  const student = first === undefined ? undefined : await studentById(ctx.db, first);
  if (!student) throw notFound('Student');
  const klass =
    input.klassId === null
      ? null
      : ((await klassOfStudent(ctx.db, student.id, input.klassId)) ?? null);
  const postId = await insertPost(
    ctx.db,
    {
      attendeeProfileId: student.id,
      authorId: input.authorId,
      klassId: klass?.id ?? null,
      scheduleId: klass?.scheduleId ?? null,
      caption: input.caption ?? '',
    },
    input.imageIds,
    input.attendeeProfileIds,
  );
  await tellTaggedFamilies(ctx, input.attendeeProfileIds, {
    kind: 'posts',
    senderId: input.authorId,
    postId,
    programme: klass && { name: klass.klassGroupName, translations: klass.klassGroupTranslations },
  });
  return { postId };
}

/**
 * Tags the post with exactly these students (the caller checked they take its session); the
 * families newly tagged are told, as at the assignment.
 */
export async function retagPost(
  ctx: GalleryContext,
  input: { postId: number; attendeeProfileIds: number[]; senderId: number },
): Promise<void> {
  const before = (await studentsOfPosts(ctx.db, [input.postId])).get(input.postId);
  if (!before) throw notFound('Post');
  await setPostStudents(ctx.db, input.postId, input.attendeeProfileIds);
  const added = input.attendeeProfileIds.filter((id) => !before.includes(id));
  await tellTaggedFamilies(ctx, added, {
    kind: 'posts',
    senderId: input.senderId,
    postId: input.postId,
  });
}

/** PATCH /posts/{id}: the family or author edit caption and session; staff hide or show it. */
export async function editPost(
  ctx: GalleryContext,
  viewer: Viewer,
  postId: number,
  body: { caption?: string; klass_id?: number | null; hidden?: boolean },
  language: Language,
): Promise<PostDocument> {
  const row = await seenPost(ctx, viewer, postId);
  const editsContent = body.caption !== undefined || body.klass_id !== undefined;
  if (editsContent && !(familyKeepsPost(row) || row.authorId === viewer.id)) {
    throw forbidden(
      row.isGroup
        ? 'A group photo is changed by the school: ask a teacher.'
        : 'Only the family or the post’s author may edit it.',
    );
  }
  if (body.hidden !== undefined && !isStaff(viewer)) {
    throw forbidden('Only teachers and admins may hide a post.');
  }
  const changes: Parameters<typeof updatePost>[2] = {};
  if (body.caption !== undefined) changes.caption = body.caption;
  if (body.klass_id === null) {
    changes.klassId = null;
    changes.scheduleId = null;
  } else if (body.klass_id !== undefined) {
    const klass = await klassToPostIn(ctx, row.student.id, body.klass_id);
    changes.klassId = klass.id;
    changes.scheduleId = klass.scheduleId;
  }
  if (body.hidden !== undefined) {
    changes.hiddenAt = body.hidden ? new Date() : null;
    changes.hiddenById = body.hidden ? viewer.id : null;
  }
  if (Object.keys(changes).length > 0) await updatePost(ctx.db, row.id, changes);
  return getPost(ctx, viewer, row.id, language);
}

/** DELETE /posts/{id}: the family or an admin; its images' files go too. */
export async function removePost(ctx: GalleryContext, viewer: Viewer, postId: number) {
  const row = await seenPost(ctx, viewer, postId);
  if (!familyKeepsPost(row) && viewer.role !== 'admin') {
    throw forbidden(
      row.isGroup
        ? 'A group photo is removed by the school: ask a teacher.'
        : 'Only the family or an admin may delete a post.',
    );
  }
  const imageIds = await deletePost(ctx.db, row.id);
  await ctx.media.deleteImages(imageIds);
}

export { seenPost };
