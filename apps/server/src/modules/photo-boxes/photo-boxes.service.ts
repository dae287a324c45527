import { randomBytes } from 'node:crypto';
import { PHOTO_BOX_MAX_HOURS, PHOTO_BOX_MESSAGES, photoBoxTokenSchema } from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow, type Viewer } from '../../lib/http';
import { rateLimited } from '../../plugins/rate-limit';
import { klassFactsByIds } from '../classes';
import { enrolledAmong } from '../enrollments';
import type { BoxRow, KlassFacts, PhotoBoxesContext } from './photo-boxes.context';
import {
  claimWaitingPhoto,
  insertBox,
  insertPhoto,
  photoOfBox,
  releasePhoto,
  setClosesAt,
  setPhotoImage,
  setPhotoPost,
} from './photo-boxes.repository';
import {
  boxResource,
  heldPhotoResources,
  publicBoxDocument,
  uploadDocument,
} from './photo-boxes.resources';

// Photo boxes (docs/product.md#photo-box, decision 038).

const HOUR_MS = 3_600_000;

/** 24 random bytes are exactly 32 characters of base64url: unguessable, and short in a QR code. */
export const newBoxToken = (): string => randomBytes(24).toString('base64url');

const isOpen = (box: { closesAt: Date }, now: Date) => box.closesAt.getTime() > now.getTime();

/** The session, from the classes module. */
async function klassFacts(db: Db, klassId: number): Promise<KlassFacts | undefined> {
  const klass = (await klassFactsByIds(db, [klassId])).get(klassId);
  return (
    klass && {
      id: klass.id,
      startsAt: klass.startsAt,
      endsAt: klass.endsAt,
      status: klass.status,
      scheduleId: klass.scheduleId,
      teacherId: klass.schedule.teacherId,
      klassGroupName: klass.schedule.klassGroup.name,
    }
  );
}

/** A closing time at most PHOTO_BOX_MAX_HOURS ahead; `allowNow`: anything not ahead means now. */
function closingTime(ctx: PhotoBoxesContext, text: string, allowNow: boolean): Date {
  const now = ctx.now();
  const at = new Date(text);
  if (at.getTime() <= now.getTime()) {
    if (allowNow) return now;
    throw new ValidationError([{ field: 'closes_at', detail: PHOTO_BOX_MESSAGES.closesInPast }]);
  }
  if (at.getTime() > now.getTime() + PHOTO_BOX_MAX_HOURS * HOUR_MS) {
    throw new ValidationError([{ field: 'closes_at', detail: PHOTO_BOX_MESSAGES.closesTooLate }]);
  }
  return at;
}

/** Staff answers: photos with one imageViews call and students with one query, per page. */
async function resources(ctx: PhotoBoxesContext, boxes: BoxRow[]) {
  const boxIds = boxes.map((b) => b.id);
  const scheduleIds = [...new Set(boxes.map((b) => b.klass.scheduleId))];
  const [photos, students] = await Promise.all([
    ctx.reads.photosOfBoxes(ctx.db, boxIds),
    ctx.reads.studentsOfSchedules(ctx.db, scheduleIds),
  ]);
  const groupPostIds = photos.flatMap((p) => (p.taggedIds && p.postId !== null ? [p.postId] : []));
  const [views, heldBack] = await Promise.all([
    ctx.media.imageViews(photos.map((p) => p.imageId)),
    ctx.groupPhotos.heldBackAmong(groupPostIds),
  ]);
  const now = ctx.now();
  return boxes.map((box) =>
    boxResource(box, {
      open: isOpen(box, now),
      photos: photos.filter((p) => p.photoBoxId === box.id),
      students: students.filter((s) => s.scheduleId === box.klass.scheduleId),
      views,
      heldBack,
    }),
  );
}

const mayHandle = (viewer: Viewer, box: BoxRow) =>
  viewer.role === 'admin' || box.openedById === viewer.id || box.klass.teacherId === viewer.id;

/** A box the viewer is staff of; another teacher's box is as unknown as a missing one. */
async function staffBox(ctx: PhotoBoxesContext, viewer: Viewer, boxId: number): Promise<BoxRow> {
  const box = await ctx.reads.boxById(ctx.db, boxId);
  if (!box || !mayHandle(viewer, box)) throw notFound('Photo box');
  return box;
}

async function boxDocument(ctx: PhotoBoxesContext, boxId: number) {
  const box = await ctx.reads.boxById(ctx.db, boxId);
  if (!box) throw notFound('Photo box');
  const [data] = await resources(ctx, [box]);
  return { data: data as NonNullable<typeof data> };
}

/** A box by its link; a token of the wrong shape is as unknown as a missing one (404). */
async function boxOfToken(ctx: PhotoBoxesContext, token: string): Promise<BoxRow> {
  const box = photoBoxTokenSchema.safeParse(token).success
    ? await ctx.reads.boxByToken(ctx.db, token)
    : undefined;
  if (!box) throw notFound('Photo box');
  return box;
}

export async function openPhotoBox(
  ctx: PhotoBoxesContext,
  viewer: Viewer,
  input: { klass_id: number; closes_at: string },
) {
  const klass = await klassFacts(ctx.db, input.klass_id);
  const teaches =
    klass?.status === 'scheduled' && (viewer.role === 'admin' || klass.teacherId === viewer.id);
  if (!klass || !teaches) {
    throw new ValidationError([{ field: 'klass_id', detail: PHOTO_BOX_MESSAGES.notYourKlass }]);
  }
  const closesAt = closingTime(ctx, input.closes_at, false);
  const id = await insertBox(ctx.db, {
    klassId: klass.id,
    openedById: viewer.id,
    token: newBoxToken(),
    closesAt,
  });
  return boxDocument(ctx, id);
}

export async function listPhotoBoxes(ctx: PhotoBoxesContext, viewer: Viewer, page: number) {
  const teacherId = viewer.role === 'admin' ? undefined : viewer.id;
  const [rows, total] = await Promise.all([
    ctx.reads.boxPage(ctx.db, teacherId, pageWindow(page)),
    ctx.reads.boxCount(ctx.db, teacherId),
  ]);
  return { data: await resources(ctx, rows), meta: pageMeta(page, total) };
}

export async function setPhotoBoxClosingTime(
  ctx: PhotoBoxesContext,
  viewer: Viewer,
  boxId: number,
  closesAtText: string,
) {
  const box = await staffBox(ctx, viewer, boxId);
  await setClosesAt(ctx.db, box.id, closingTime(ctx, closesAtText, true));
  return boxDocument(ctx, box.id);
}

/** What the upload page shows: nothing about the students (docs/architecture.md#gallery-privacy). */
export async function publicPhotoBoxView(ctx: PhotoBoxesContext, token: string) {
  const box = await boxOfToken(ctx, token);
  return publicBoxDocument(box, isOpen(box, ctx.now()));
}

/**
 * One photo through a box's link, no sign-in. The checks that need no body come first, so a
 * refused upload costs no reading: the box (an unknown link counts against its sender's
 * address, and answers 429 past that limit), open, the device's limit, the box's limit.
 * Guesses are counted apart from uploads: a school network sending wrong links must not
 * lock its families out of a real box (docs/decisions/050-dev-mailbox-and-upload-limits.md).
 */
export async function receiveBoxPhoto(
  ctx: PhotoBoxesContext,
  token: string,
  uploader: { address: string; device: string | undefined },
  readPhoto: () => Promise<Buffer>,
) {
  const box = await boxOfToken(ctx, token).catch(async (error: unknown) => {
    const guesses = await ctx.limits.unknownLinks.hit(uploader.address);
    if (!guesses.allowed) throw rateLimited(guesses.retryAfterS, 'unknown photo box links');
    throw error;
  });
  if (!isOpen(box, ctx.now())) {
    throw new AppError('gone', PHOTO_BOX_MESSAGES.closed, { reason: 'closed' });
  }
  // Without a device id, the address stands in: one budget for whoever shares it.
  const device = uploader.device ? `device:${uploader.device}` : `address:${uploader.address}`;
  const byDevice = await ctx.limits.perDevice.hit(device);
  if (!byDevice.allowed) throw rateLimited(byDevice.retryAfterS, 'uploads from this device');
  const byBox = await ctx.limits.perBox.hit(String(box.id));
  if (!byBox.allowed) throw rateLimited(byBox.retryAfterS, 'uploads to this photo box');
  const { imageId } = await ctx.media.acceptUpload(await readPhoto(), 'photo');
  return uploadDocument(await insertPhoto(ctx.db, box.id, imageId));
}

/**
 * The students to tag, checked: each actively enrolled in the box's session (the same rule as for
 * one), each once (the contract refuses duplicates in one list). A 422 on `field` otherwise.
 */
async function studentsOfSession(
  ctx: PhotoBoxesContext,
  box: BoxRow,
  ids: number[],
  field: string,
): Promise<number[]> {
  if (ids.length === 0) {
    throw new ValidationError([{ field, detail: PHOTO_BOX_MESSAGES.chooseStudents }]);
  }
  if (new Set(ids).size !== ids.length) {
    throw new ValidationError([{ field, detail: PHOTO_BOX_MESSAGES.duplicateStudent }]);
  }
  const enrolled = await enrolledAmong(ctx.db, box.klass.scheduleId, ids);
  if (ids.some((id) => !enrolled.has(id))) {
    throw new ValidationError([{ field, detail: PHOTO_BOX_MESSAGES.notInKlass }]);
  }
  return ids;
}

/**
 * The photo becomes one post of the students it shows: one student (attendee_profile_id, as
 * before) or several (attendee_profile_ids: a group photo, decision 073). The gallery notifies
 * each family.
 */
export async function assignBoxPhoto(
  ctx: PhotoBoxesContext,
  viewer: Viewer,
  boxId: number,
  photoId: number,
  body: { attendee_profile_id?: number; attendee_profile_ids?: number[] },
) {
  const box = await staffBox(ctx, viewer, boxId);
  const photo = await photoOfBox(ctx.db, box.id, photoId);
  if (!photo) throw notFound('Photo');
  const field = body.attendee_profile_ids ? 'attendee_profile_ids' : 'attendee_profile_id';
  const requested =
    body.attendee_profile_ids ??
    (body.attendee_profile_id === undefined ? [] : [body.attendee_profile_id]);
  const tagged = await studentsOfSession(ctx, box, requested, field);
  // The claim is the only gate (no earlier status check to race past): of any number of
  // assignments and discards of one photo at once, exactly one moves it out of waiting.
  const claimed = await claimWaitingPhoto(ctx.db, box.id, photo.id, 'assigned');
  if (!claimed) throw new AppError('conflict', PHOTO_BOX_MESSAGES.alreadyHandled);
  try {
    const { postId } = await ctx.createPost({
      attendeeProfileIds: tagged,
      klassId: box.klass.id,
      imageIds: [claimed.imageId],
      authorId: viewer.id,
    });
    await setPhotoPost(ctx.db, photo.id, postId);
  } catch (error) {
    await releasePhoto(ctx.db, photo.id);
    throw error;
  }
  return boxDocument(ctx, box.id);
}

/** An assigned photo of a box the viewer is staff of, with its post; 404 or 422 otherwise. */
async function assignedPhoto(
  ctx: PhotoBoxesContext,
  viewer: Viewer,
  boxId: number,
  photoId: number,
) {
  const box = await staffBox(ctx, viewer, boxId);
  const photo = await photoOfBox(ctx.db, box.id, photoId);
  if (!photo) throw notFound('Photo');
  if (photo.status !== 'assigned' || photo.postId === null) {
    throw new AppError('conflict', PHOTO_BOX_MESSAGES.notAssigned);
  }
  return { box, photo: { ...photo, postId: photo.postId } };
}

/** PUT …/tags: the assigned photo shows exactly these students from now on. */
export async function retagBoxPhoto(
  ctx: PhotoBoxesContext,
  viewer: Viewer,
  boxId: number,
  photoId: number,
  ids: number[],
) {
  const { box, photo } = await assignedPhoto(ctx, viewer, boxId, photoId);
  const tagged = await studentsOfSession(ctx, box, ids, 'attendee_profile_ids');
  await ctx.groupPhotos.retag({
    postId: photo.postId,
    attendeeProfileIds: tagged,
    senderId: viewer.id,
  });
  return boxDocument(ctx, box.id);
}

/**
 * POST …/crop: the assigned photo's image is replaced by a crop of it, re-encoded by the media
 * pipeline without metadata; the uncropped image is deleted (a crop that leaves a child out must
 * not keep them anywhere; decision 073).
 */
export async function cropBoxPhoto(
  ctx: PhotoBoxesContext,
  viewer: Viewer,
  boxId: number,
  photoId: number,
  rect: { x: number; y: number; width: number; height: number },
) {
  const { box, photo } = await assignedPhoto(ctx, viewer, boxId, photoId);
  const view = (await ctx.media.imageViews([photo.imageId])).get(photo.imageId);
  if (view?.status !== 'ready' || view.width === null || view.height === null) {
    throw new ValidationError([{ field: 'crop', detail: PHOTO_BOX_MESSAGES.notReady }]);
  }
  if (rect.x + rect.width > view.width || rect.y + rect.height > view.height) {
    throw new ValidationError([{ field: 'crop', detail: PHOTO_BOX_MESSAGES.cropOutside }]);
  }
  const cropped = await ctx.media.cropImage(photo.imageId, rect);
  if (!cropped) throw new ValidationError([{ field: 'crop', detail: PHOTO_BOX_MESSAGES.notReady }]);
  try {
    await ctx.groupPhotos.replaceImage(photo.postId, photo.imageId, cropped.imageId);
    await setPhotoImage(ctx.db, photo.id, cropped.imageId);
  } catch (error) {
    await ctx.media.deleteImages([cropped.imageId]);
    throw error;
  }
  await ctx.media.deleteImages([photo.imageId]);
  return boxDocument(ctx, box.id);
}

/** How many group photos the held-back list looks through: a few classes' worth. */
const HELD_SCAN_LIMIT = 200;

/**
 * GET /photo_boxes/held_photos: the group photos of the viewer's boxes (admins: all) that one
 * child's stricter consent holds back, newest first, with who is tagged and each family's choice.
 */
export async function listHeldPhotos(ctx: PhotoBoxesContext, viewer: Viewer) {
  const teacherId = viewer.role === 'admin' ? undefined : viewer.id;
  const candidates = await ctx.reads.groupPhotos(ctx.db, teacherId, HELD_SCAN_LIMIT);
  const held = await ctx.groupPhotos.heldBackAmong(candidates.map((c) => c.photo.postId));
  const rows = candidates.filter((c) => held.has(c.photo.postId));
  const scheduleIds = [...new Set(rows.map((r) => r.box.klass.scheduleId))];
  const [views, tagged, students] = await Promise.all([
    ctx.media.imageViews(rows.map((r) => r.photo.imageId)),
    ctx.groupPhotos.taggedStudents(rows.map((r) => r.photo.postId)),
    ctx.reads.studentsOfSchedules(ctx.db, scheduleIds),
  ]);
  return { data: heldPhotoResources(rows, { views, tagged, students }) };
}

export async function discardBoxPhoto(
  ctx: PhotoBoxesContext,
  viewer: Viewer,
  boxId: number,
  photoId: number,
) {
  const box = await staffBox(ctx, viewer, boxId);
  const claimed = await claimWaitingPhoto(ctx.db, box.id, photoId, 'discarded');
  if (!claimed) {
    if (!(await photoOfBox(ctx.db, box.id, photoId))) throw notFound('Photo');
    throw new AppError('conflict', PHOTO_BOX_MESSAGES.alreadyHandled);
  }
  // Children's photos nobody chose are not kept (docs/architecture.md#gallery-privacy).
  await ctx.media.deleteImages([claimed.imageId]);
}
