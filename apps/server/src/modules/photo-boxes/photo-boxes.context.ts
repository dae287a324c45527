import type { ArtworkImage } from '@atelier/contract';
import type { Db } from '../../db/client';
import type { RateLimiter } from '../../plugins/rate-limit';
import type { GroupPhotoPosts } from '../gallery';

/** A class session as a photo box needs it: when, which programme, and who teaches it. */
export type KlassFacts = {
  id: number;
  startsAt: Date;
  endsAt: Date;
  status: 'scheduled' | 'cancelled';
  scheduleId: number;
  teacherId: number;
  klassGroupName: string;
};

/** A box with its session, as every staff answer shows it. */
export type BoxRow = {
  id: number;
  token: string;
  closesAt: Date;
  createdAt: Date;
  openedById: number | null;
  openedByName: string | null;
  klass: KlassFacts;
};

/** A photo of a box as staff see it: the student comes from the post it became. */
export type PhotoRow = {
  id: number;
  photoBoxId: number;
  imageId: number;
  status: 'waiting' | 'assigned' | 'discarded';
  postId: number | null;
  attendeeProfileId: number | null;
  /** A group photo's tagged students (decision 073); null for a post of one student. */
  taggedIds: number[] | null;
  createdAt: Date;
};

/**
 * Boxes with their sessions, programmes and openers (the list filtered by the schedule's teacher
 * and paged), their photos with the students of the posts they became, and the students to choose
 * from: read across the classes, users, enrollments and gallery tables by a read model
 * (read-models/photo-box-lists), handed over by app.ts.
 */
export type PhotoBoxReads = {
  /** A page of the boxes a teacher sees (opened by them or of a schedule they teach; undefined: all), newest first. */
  boxPage(
    db: Db,
    teacherId: number | undefined,
    window: { offset: number; limit: number },
  ): Promise<BoxRow[]>;
  boxCount(db: Db, teacherId: number | undefined): Promise<number>;
  boxById(db: Db, boxId: number): Promise<BoxRow | undefined>;
  boxByToken(db: Db, token: string): Promise<BoxRow | undefined>;
  /** The photos still to show of these boxes (discarded ones are gone), oldest first. */
  photosOfBoxes(db: Db, boxIds: number[]): Promise<PhotoRow[]>;
  /**
   * Assigned photos that became group photos (posts tagged with several students), of the boxes a
   * teacher sees (undefined: all), newest first: the candidates of the held-back list.
   */
  groupPhotos(
    db: Db,
    teacherId: number | undefined,
    limit: number,
  ): Promise<{ box: BoxRow; photo: PhotoRow & { postId: number } }[]>;
  /** Students actively enrolled in these schedules, by name: the choices of an assignment. */
  studentsOfSchedules(
    db: Db,
    scheduleIds: number[],
  ): Promise<{ scheduleId: number; id: number; name: string }[]>;
};

/** What photo boxes need of the media module (`app.media`). */
export type PhotoBoxMedia = {
  acceptUpload(data: Buffer, field: string): Promise<{ imageId: number }>;
  imageViews(ids: number[]): Promise<Map<number, ArtworkImage>>;
  deleteImages(ids: number[]): Promise<unknown>;
  cropImage(
    imageId: number,
    rect: { x: number; y: number; width: number; height: number },
  ): Promise<{ imageId: number } | undefined>;
};

/** What photo boxes need of the gallery: a post of uploaded images, of one student or several. */
export type CreatePostFromImages = (input: {
  attendeeProfileIds: number[];
  klassId: number;
  imageIds: number[];
  authorId: number;
  caption?: string;
}) => Promise<{ postId: number }>;

/** What the photo-boxes services need from the app (docs/architecture.md#photo-boxes). */
export type PhotoBoxesContext = {
  db: Db;
  /** Boxes, photos and students read across other modules' tables (a read model; app.ts). */
  reads: PhotoBoxReads;
  media: PhotoBoxMedia;
  createPost: CreatePostFromImages;
  /** A group photo's post: re-tag, crop, held back, who is tagged (the gallery's index). */
  groupPhotos: GroupPhotoPosts;
  /**
   * Uploads per box (everyone holding its link) and per device (all boxes); links that are no box
   * per client address, apart, so a guesser never uses up a network's real uploads.
   */
  limits: { perBox: RateLimiter; perDevice: RateLimiter; unknownLinks: RateLimiter };
  now: () => Date;
};
