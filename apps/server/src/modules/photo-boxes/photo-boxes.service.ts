import { randomBytes } from 'node:crypto';
import {
  type ArtworkImage,
  PHOTO_BOX_MAX_HOURS,
  PHOTO_BOX_MESSAGES,
  photoBoxTokenSchema,
} from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, notFound, ValidationError } from '../../lib/app-error';
import { pageMeta, pageWindow, type Viewer } from '../../lib/http';
import { type RateLimiter, rateLimited } from '../../plugins/rate-limit';
import { klassFactsByIds } from '../classes';
import { enrolledAmong } from '../enrollments';
import type { BoxRow, KlassFacts, PhotoBoxReads } from './photo-boxes.context';
import {
  claimWaitingPhoto,
  insertBox,
  insertPhoto,
  photoOfBox,
  releasePhoto,
  setClosesAt,
  setPhotoPost,
} from './photo-boxes.repository';
import { boxResource, publicBoxDocument, uploadDocument } from './photo-boxes.resources';

// Photo boxes (docs/product.md#photo-box, decision 038).

/** What photo boxes need of the media module (`app.media`). */
export type PhotoBoxMedia = {
  acceptUpload(data: Buffer, field: string): Promise<{ imageId: number }>;
  imageViews(ids: number[]): Promise<Map<number, ArtworkImage>>;
  deleteImages(ids: number[]): Promise<unknown>;
};

/** What photo boxes need of the gallery: a student's post made of uploaded images. */
export type CreatePostFromImages = (input: {
  attendeeProfileId: number;
  klassId: number;
  imageIds: number[];
  authorId: number;
  caption?: string;
}) => Promise<{ postId: number }>;

export type PhotoBoxesDeps = {
  db: Db;
  /** Boxes, photos and students read across other modules' tables (a read model; app.ts). */
  reads: PhotoBoxReads;
  media: PhotoBoxMedia;
  createPost: CreatePostFromImages;
  /**
   * Uploads per box (everyone holding its link) and per device (all boxes); links that are no box
   * per client address, apart, so a guesser never uses up a network's real uploads.
   */
  limits: { perBox: RateLimiter; perDevice: RateLimiter; unknownLinks: RateLimiter };
  now: () => Date;
};

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

export function photoBoxesService(deps: PhotoBoxesDeps) {
  const { db, media } = deps;
  const { boxById, boxByToken, boxCount, boxPage, photosOfBoxes, studentsOfSchedules } = deps.reads;

  /** A closing time at most PHOTO_BOX_MAX_HOURS ahead; `allowNow`: anything not ahead means now. */
  function closingTime(text: string, allowNow: boolean): Date {
    const now = deps.now();
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
  async function resources(boxes: BoxRow[]) {
    const boxIds = boxes.map((b) => b.id);
    const scheduleIds = [...new Set(boxes.map((b) => b.klass.scheduleId))];
    const [photos, students] = await Promise.all([
      photosOfBoxes(db, boxIds),
      studentsOfSchedules(db, scheduleIds),
    ]);
    const views = await media.imageViews(photos.map((p) => p.imageId));
    const now = deps.now();
    return boxes.map((box) =>
      boxResource(box, {
        open: isOpen(box, now),
        photos: photos.filter((p) => p.photoBoxId === box.id),
        students: students.filter((s) => s.scheduleId === box.klass.scheduleId),
        views,
      }),
    );
  }

  const mayHandle = (viewer: Viewer, box: BoxRow) =>
    viewer.role === 'admin' || box.openedById === viewer.id || box.klass.teacherId === viewer.id;

  /** A box the viewer is staff of; another teacher's box is as unknown as a missing one. */
  async function staffBox(viewer: Viewer, boxId: number): Promise<BoxRow> {
    const box = await boxById(db, boxId);
    if (!box || !mayHandle(viewer, box)) throw notFound('Photo box');
    return box;
  }

  async function boxDocument(boxId: number) {
    const box = await boxById(db, boxId);
    if (!box) throw notFound('Photo box');
    const [data] = await resources([box]);
    return { data: data as NonNullable<typeof data> };
  }

  /** A box by its link; a token of the wrong shape is as unknown as a missing one (404). */
  async function boxOfToken(token: string): Promise<BoxRow> {
    const box = photoBoxTokenSchema.safeParse(token).success
      ? await boxByToken(db, token)
      : undefined;
    if (!box) throw notFound('Photo box');
    return box;
  }

  return {
    async open(viewer: Viewer, input: { klass_id: number; closes_at: string }) {
      const klass = await klassFacts(db, input.klass_id);
      const teaches =
        klass?.status === 'scheduled' && (viewer.role === 'admin' || klass.teacherId === viewer.id);
      if (!klass || !teaches) {
        throw new ValidationError([{ field: 'klass_id', detail: PHOTO_BOX_MESSAGES.notYourKlass }]);
      }
      const closesAt = closingTime(input.closes_at, false);
      const id = await insertBox(db, {
        klassId: klass.id,
        openedById: viewer.id,
        token: newBoxToken(),
        closesAt,
      });
      return boxDocument(id);
    },

    async list(viewer: Viewer, page: number) {
      const teacherId = viewer.role === 'admin' ? undefined : viewer.id;
      const [rows, total] = await Promise.all([
        boxPage(db, teacherId, pageWindow(page)),
        boxCount(db, teacherId),
      ]);
      return { data: await resources(rows), meta: pageMeta(page, total) };
    },

    async setClosingTime(viewer: Viewer, boxId: number, closesAtText: string) {
      const box = await staffBox(viewer, boxId);
      await setClosesAt(db, box.id, closingTime(closesAtText, true));
      return boxDocument(box.id);
    },

    /** What the upload page shows: nothing about the students (docs/architecture.md#gallery-privacy). */
    async publicView(token: string) {
      const box = await boxOfToken(token);
      return publicBoxDocument(box, isOpen(box, deps.now()));
    },

    /**
     * One photo through a box's link, no sign-in. The checks that need no body come first, so a
     * refused upload costs no reading: the box (an unknown link counts against its sender's
     * address, and answers 429 past that limit), open, the device's limit, the box's limit.
     * Guesses are counted apart from uploads: a school network sending wrong links must not
     * lock its families out of a real box (docs/decisions/050-dev-mailbox-and-upload-limits.md).
     */
    async receivePhoto(
      token: string,
      uploader: { address: string; device: string | undefined },
      readPhoto: () => Promise<Buffer>,
    ) {
      const box = await boxOfToken(token).catch(async (error: unknown) => {
        const guesses = await deps.limits.unknownLinks.hit(uploader.address);
        if (!guesses.allowed) throw rateLimited(guesses.retryAfterS, 'unknown photo box links');
        throw error;
      });
      if (!isOpen(box, deps.now())) {
        throw new AppError('gone', PHOTO_BOX_MESSAGES.closed, { reason: 'closed' });
      }
      // Without a device id, the address stands in: one budget for whoever shares it.
      const device = uploader.device ? `device:${uploader.device}` : `address:${uploader.address}`;
      const byDevice = await deps.limits.perDevice.hit(device);
      if (!byDevice.allowed) throw rateLimited(byDevice.retryAfterS, 'uploads from this device');
      const byBox = await deps.limits.perBox.hit(String(box.id));
      if (!byBox.allowed) throw rateLimited(byBox.retryAfterS, 'uploads to this photo box');
      const { imageId } = await media.acceptUpload(await readPhoto(), 'photo');
      return uploadDocument(await insertPhoto(db, box.id, imageId));
    },

    /** The photo becomes the student's post (the gallery notifies the family). */
    async assign(viewer: Viewer, boxId: number, photoId: number, attendeeProfileId: number) {
      const box = await staffBox(viewer, boxId);
      const photo = await photoOfBox(db, box.id, photoId);
      if (!photo) throw notFound('Photo');
      const enrolled = await enrolledAmong(db, box.klass.scheduleId, [attendeeProfileId]);
      if (!enrolled.has(attendeeProfileId)) {
        throw new ValidationError([
          { field: 'attendee_profile_id', detail: PHOTO_BOX_MESSAGES.notInKlass },
        ]);
      }
      // The claim is the only gate (no earlier status check to race past): of any number of
      // assignments and discards of one photo at once, exactly one moves it out of waiting.
      const claimed = await claimWaitingPhoto(db, box.id, photo.id, 'assigned');
      if (!claimed) throw new AppError('conflict', PHOTO_BOX_MESSAGES.alreadyHandled);
      try {
        const { postId } = await deps.createPost({
          attendeeProfileId,
          klassId: box.klass.id,
          imageIds: [claimed.imageId],
          authorId: viewer.id,
        });
        await setPhotoPost(db, photo.id, postId);
      } catch (error) {
        await releasePhoto(db, photo.id);
        throw error;
      }
      return boxDocument(box.id);
    },

    async discard(viewer: Viewer, boxId: number, photoId: number) {
      const box = await staffBox(viewer, boxId);
      const claimed = await claimWaitingPhoto(db, box.id, photoId, 'discarded');
      if (!claimed) {
        if (!(await photoOfBox(db, box.id, photoId))) throw notFound('Photo');
        throw new AppError('conflict', PHOTO_BOX_MESSAGES.alreadyHandled);
      }
      // Children's photos nobody chose are not kept (docs/architecture.md#gallery-privacy).
      await media.deleteImages([claimed.imageId]);
    },
  };
}

export type PhotoBoxesService = ReturnType<typeof photoBoxesService>;
