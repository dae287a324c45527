import {
  assignPhotoBodySchema,
  createPhotoBoxBodySchema,
  idSchema,
  PHOTO_BOX_UPLOAD_LIMIT,
  PHOTO_BOX_UPLOAD_WINDOW_SECONDS,
  PHOTO_BOXES_API,
  photoBoxDocumentSchema,
  photoBoxListDocumentSchema,
  photoBoxListQuerySchema,
  photoBoxPublicDocumentSchema,
  photoBoxUploadDocumentSchema,
  updatePhotoBoxRequestSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { createRateLimiter } from '../../plugins/rate-limit';
import { createPostFromImages } from '../gallery';
import { requireRole } from '../users';
import { acceptArtworkUploads, readArtwork } from './photo-box-uploads';
import { photoBoxesService } from './photo-boxes.service';

const tags = ['photo boxes'];
const done = z.null().describe('Done');

/**
 * One uploader address may fill two boxes' worth per window: a classroom's phones often share one
 * address (school Wi-Fi), so it must not be refused before the box is; the limit only stops one
 * address from filling box after box (decision 038).
 */
const ADDRESS_LIMIT_FACTOR = 2;

// One parameter name at one position for every route under /photo_boxes/: the router
// (find-my-way) keeps one node per position, so staff routes read it as an id and the link's
// routes as a token (decision 038).
const boxIdParams = z.object({ box: idSchema });
const photoParams = z.object({ box: idSchema, photo: idSchema });
const tokenParams = z.object({
  box: z.string().describe('The box’s token (32 characters of base64url); unknown shapes are 404'),
});

export type PhotoBoxesPluginOptions = {
  /** The clock; tests move it past a closing time. */
  now?: () => Date;
};

/** Photo boxes (docs/product.md#photo-box): staff open and handle them; a link uploads. */
export const photoBoxesPlugin: FastifyPluginAsyncZod<PhotoBoxesPluginOptions> = async (
  app,
  opts,
) => {
  const windowMs = PHOTO_BOX_UPLOAD_WINDOW_SECONDS * 1000;
  const service = photoBoxesService({
    db: app.db,
    media: app.media,
    createPost: (input) => createPostFromImages(app, input),
    // In the app's store: shared by every server process through Redis (decision 020).
    limits: {
      perBox: createRateLimiter(
        { limit: PHOTO_BOX_UPLOAD_LIMIT, windowMs, name: 'photo-boxes:box' },
        app.rateLimits,
      ),
      perAddress: createRateLimiter(
        {
          limit: PHOTO_BOX_UPLOAD_LIMIT * ADDRESS_LIMIT_FACTOR,
          windowMs,
          name: 'photo-boxes:address',
        },
        app.rateLimits,
      ),
    },
    now: opts.now ?? (() => new Date()),
  });
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
      reply.code(201).send(await service.open(viewerOf(request), request.body.photo_box)),
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
    (request) => service.list(viewerOf(request), request.query.page),
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
      service.setClosingTime(
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
    (request) => service.publicView(request.params.box),
  );

  app.post(
    PHOTO_BOXES_API.assign(':box', ':photo'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary:
          'Assign a waiting photo to a student of the session: it becomes their post (409 once handled)',
        params: photoParams,
        body: assignPhotoBodySchema,
        response: { 200: photoBoxDocumentSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    (request) =>
      service.assign(
        viewerOf(request),
        request.params.box,
        request.params.photo,
        request.body.attendee_profile_id,
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
      await service.discard(viewerOf(request), request.params.box, request.params.photo);
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
          response: {
            201: photoBoxUploadDocumentSchema,
            ...errorResponses(400, 404, 410, 422, 429),
          },
        },
      },
      async (request, reply) =>
        reply
          .code(201)
          .send(
            await service.receivePhoto(request.params.box, request.ip, () => readArtwork(request)),
          ),
    );
  });
};
