import {
  assignPhotoBodySchema,
  createPhotoBoxBodySchema,
  cropPhotoBodySchema,
  heldPhotoListDocumentSchema,
  idSchema,
  PHOTO_BOX_DEVICE_HEADER,
  PHOTO_BOX_DEVICE_ID_PATTERN,
  PHOTO_BOX_DEVICE_UPLOAD_LIMIT,
  PHOTO_BOX_UNKNOWN_LINK_LIMIT,
  PHOTO_BOX_UPLOAD_LIMIT,
  PHOTO_BOX_UPLOAD_WINDOW_SECONDS,
  PHOTO_BOXES_API,
  photoBoxDocumentSchema,
  photoBoxListDocumentSchema,
  photoBoxListQuerySchema,
  photoBoxPublicDocumentSchema,
  photoBoxUploadDocumentSchema,
  retagPhotoBodySchema,
  updatePhotoBoxRequestSchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { createRateLimiter } from '../../plugins/rate-limit';
import { createPostFromImages, groupPhotoPosts } from '../gallery';
import { requireRole } from '../users';
import { acceptArtworkUploads, readArtwork } from './photo-box-uploads';
import type { PhotoBoxesContext, PhotoBoxReads } from './photo-boxes.context';
import {
  assignBoxPhoto,
  cropBoxPhoto,
  discardBoxPhoto,
  listHeldPhotos,
  listPhotoBoxes,
  openPhotoBox,
  publicPhotoBoxView,
  receiveBoxPhoto,
  retagBoxPhoto,
  setPhotoBoxClosingTime,
} from './photo-boxes.service';

const tags = ['photo boxes'];
const done = z.null().describe('Done');

// One parameter name at one position for every route under /photo_boxes/: the router
// (find-my-way) keeps one node per position, so staff routes read it as an id and the link's
// routes as a token (decision 038).
const boxIdParams = z.object({ box: idSchema });
const photoParams = z.object({ box: idSchema, photo: idSchema });
const tokenParams = z.object({
  box: z.string().describe('The box’s token (32 characters of base64url); unknown shapes are 404'),
});
// Loose: the parsed object replaces request.headers, and the multipart reader needs the rest.
const uploadHeaders = z.looseObject({
  [PHOTO_BOX_DEVICE_HEADER]: z
    .string()
    .optional()
    .describe('The uploading device’s id (8–64 of A–Z a–z 0–9 _ -), counted by its own limit'),
});

export type PhotoBoxesPluginOptions = {
  /** The clock; tests move it past a closing time. */
  now?: () => Date;
  /** Boxes, photos and students (read-models/photo-box-lists): app.ts hands them over. */
  reads: PhotoBoxReads;
};

/** Photo boxes (docs/product.md#photo-box): staff open and handle them; a link uploads. */
const registerPhotoBoxesPlugin: FastifyPluginAsyncZod<PhotoBoxesPluginOptions> = async (
  app,
  opts,
) => {
  const windowMs = PHOTO_BOX_UPLOAD_WINDOW_SECONDS * 1000;
  const ctx: PhotoBoxesContext = {
    db: app.db,
    reads: opts.reads,
    media: app.media,
    createPost: (input) => createPostFromImages(app, input),
    groupPhotos: groupPhotoPosts(app),
    // In the app's store: shared by every server process through Redis (decision 020).
    limits: {
      perBox: createRateLimiter(
        { limit: PHOTO_BOX_UPLOAD_LIMIT, windowMs, name: 'photo-boxes:box' },
        app.rateLimits,
      ),
      perDevice: createRateLimiter(
        { limit: PHOTO_BOX_DEVICE_UPLOAD_LIMIT, windowMs, name: 'photo-boxes:device' },
        app.rateLimits,
      ),
      unknownLinks: createRateLimiter(
        { limit: PHOTO_BOX_UNKNOWN_LINK_LIMIT, windowMs, name: 'photo-boxes:unknown-link' },
        app.rateLimits,
      ),
    },
    now: opts.now ?? (() => new Date()),
  };
  const staff = { onRequest: requireRole('teacher', 'admin') };

  app.post(
    PHOTO_BOXES_API.boxes,
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'Open a photo box for a session you teach (admins: any), closing within PHOTO_BOX_MAX_HOURS',
        body: createPhotoBoxBodySchema,
        response: { 201: photoBoxDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await openPhotoBox(ctx, viewerOf(request), request.body.photo_box)),
  );

  app.get(
    PHOTO_BOXES_API.boxes,
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'Photo boxes you opened or of schedules you teach (admins: all), newest first, with photos and students',
        querystring: photoBoxListQuerySchema,
        response: { 200: photoBoxListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => listPhotoBoxes(ctx, viewerOf(request), request.query.page),
  );

  app.patch(
    PHOTO_BOXES_API.box(':box'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Close a photo box (a closing time not ahead closes it now) or extend it',
        params: boxIdParams,
        body: updatePhotoBoxRequestSchema,
        response: { 200: photoBoxDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) =>
      setPhotoBoxClosingTime(
        ctx,
        viewerOf(request),
        request.params.box,
        request.body.photo_box.closes_at,
      ),
  );

  app.get(
    PHOTO_BOXES_API.box(':box'),
    {
      schema: {
        tags,
        summary: 'What the upload page shows for a box’s link (no sign-in; nothing about students)',
        params: tokenParams,
        response: { 200: photoBoxPublicDocumentSchema, ...errorResponses(404) },
      },
    },
    (request) => publicPhotoBoxView(ctx, request.params.box),
  );

  app.post(
    PHOTO_BOXES_API.assign(':box', ':photo'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'Assign a waiting photo to students of the session (attendee_profile_ids; or one attendee_profile_id): it becomes one post tagged with each, and each family is told (409 once handled)',
        params: photoParams,
        body: assignPhotoBodySchema,
        response: { 200: photoBoxDocumentSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    (request) =>
      assignBoxPhoto(
        ctx,
        viewerOf(request),
        request.params.box,
        request.params.photo,
        request.body,
      ),
  );

  // A static segment: the router tries it before the box parameter at the same position.
  app.get(
    PHOTO_BOXES_API.heldPhotos,
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'Group photos of your boxes (admins: all) held back by one child’s stricter consent, newest first, to crop or re-tag',
        response: { 200: heldPhotoListDocumentSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => listHeldPhotos(ctx, viewerOf(request)),
  );

  app.put(
    PHOTO_BOXES_API.tags(':box', ':photo'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'Re-tag an assigned photo with students of the session (the first becomes the post’s own); newly tagged families are told (409 while waiting)',
        params: photoParams,
        body: retagPhotoBodySchema,
        response: { 200: photoBoxDocumentSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    (request) =>
      retagBoxPhoto(
        ctx,
        viewerOf(request),
        request.params.box,
        request.params.photo,
        request.body.attendee_profile_ids,
      ),
  );

  app.post(
    PHOTO_BOXES_API.crop(':box', ':photo'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'Crop an assigned photo (a rectangle in pixels of the stored photo): a new image, re-encoded without metadata, replaces it (409 while waiting)',
        params: photoParams,
        body: cropPhotoBodySchema,
        response: { 200: photoBoxDocumentSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    (request) =>
      cropBoxPhoto(
        ctx,
        viewerOf(request),
        request.params.box,
        request.params.photo,
        request.body.crop,
      ),
  );

  app.delete(
    PHOTO_BOXES_API.photo(':box', ':photo'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Discard a waiting photo: its image files are deleted (409 once handled)',
        params: photoParams,
        response: { 204: done, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await discardBoxPhoto(ctx, viewerOf(request), request.params.box, request.params.photo);
      return reply.code(204).send(null);
    },
  );

  // The only multipart route, in a scope of its own: the parser's hooks cost the others nothing.
  await app.register(async (uploads) => {
    await acceptArtworkUploads(uploads);
    uploads.withTypeProvider<ZodTypeProvider>().post(
      PHOTO_BOXES_API.upload(':box'),
      {
        schema: {
          tags,
          summary:
            'Upload one photo through a box’s link (no sign-in): multipart field `photo`, an image of at most 10 MB; 410 once the box is closed, 429 past its limits',
          consumes: ['multipart/form-data'],
          params: tokenParams,
          headers: uploadHeaders,
          response: {
            201: photoBoxUploadDocumentSchema,
            ...errorResponses(400, 404, 410, 422, 429),
          },
        },
      },
      async (request, reply) => {
        const device = request.headers[PHOTO_BOX_DEVICE_HEADER];
        const uploader = {
          address: request.ip,
          device: device && PHOTO_BOX_DEVICE_ID_PATTERN.test(device) ? device : undefined,
        };
        return reply
          .code(201)
          .send(
            await receiveBoxPhoto(ctx, request.params.box, uploader, () => readArtwork(request)),
          );
      },
    );
  });
};

export const photoBoxesPlugin = fp(registerPhotoBoxesPlugin, {
  name: 'photo-boxes',
  dependencies: ['db', 'media', 'rate-limits', 'auth'],
  encapsulate: true,
});
