import {
  CLASSES_API,
  createKlassGroupBodySchema,
  idParamsSchema,
  klassGroupDocumentSchema,
  klassGroupListDocumentSchema,
  klassGroupListQuerySchema,
  updateKlassGroupBodySchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from '../../lib/http';
import { acceptUploads } from '../../storage/storage.plugin';
import { readUploadedFile } from '../../storage/uploads';
import { requireRole } from '../users';
import type { ClassesRouteOptions } from './classes.context';
import {
  createKlassGroup,
  deleteKlassGroup,
  getKlassGroup,
  listKlassGroups,
  removeKlassGroupImage,
  setKlassGroupImage,
  updateKlassGroup,
} from './klass-groups.service';

const tags = ['programmes (admin)'];

/** Admin CRUD of programmes (klass groups) and their image. */
export const klassGroupsRoutes: FastifyPluginAsyncZod<ClassesRouteOptions> = async (app, opts) => {
  const { ctx } = opts;
  const admin = { onRequest: requireRole('admin') };
  await acceptUploads(app);

  app.get(
    CLASSES_API.klassGroups,
    {
      ...admin,
      schema: {
        tags,
        summary: 'A page of programmes, with their schedules, teachers, plans and add-ons',
        security: bearer,
        querystring: klassGroupListQuerySchema,
        response: { 200: klassGroupListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => listKlassGroups(ctx, request.query),
  );

  app.post(
    CLASSES_API.klassGroups,
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create a programme (the slug is made from the name when left out)',
        security: bearer,
        body: createKlassGroupBodySchema,
        response: { 201: klassGroupDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createKlassGroup(ctx, request.body.klass_group)),
  );

  app.get(
    CLASSES_API.klassGroup(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'One programme with its schedules, teachers, plans and add-ons',
        security: bearer,
        params: idParamsSchema,
        response: { 200: klassGroupDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getKlassGroup(ctx, request.params.id),
  );

  app.patch(
    CLASSES_API.klassGroup(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'Change a programme; `published: false` archives it',
        security: bearer,
        params: idParamsSchema,
        body: updateKlassGroupBodySchema,
        response: { 200: klassGroupDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updateKlassGroup(ctx, request.params.id, request.body.klass_group),
  );

  app.delete(
    CLASSES_API.klassGroup(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Delete a programme with its schedules and sessions; 409 while it has enrollments (unpublish it instead)',
        security: bearer,
        params: idParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      await deleteKlassGroup(ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.put(
    CLASSES_API.klassGroupImage(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Upload the programme image: multipart/form-data, file field `image` (JPEG, PNG or WebP, at most 5 MB); it is re-encoded and its metadata stripped',
        consumes: ['multipart/form-data'],
        security: bearer,
        params: idParamsSchema,
        response: { 200: klassGroupDocumentSchema, ...errorResponses(400, 401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { data } = await readUploadedFile(request, 'image');
      return setKlassGroupImage(ctx, request.params.id, data);
    },
  );

  app.delete(
    CLASSES_API.klassGroupImage(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'Remove the programme image',
        security: bearer,
        params: idParamsSchema,
        response: { 200: klassGroupDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => removeKlassGroupImage(ctx, request.params.id),
  );
};
