import {
  addonDocumentSchema,
  CLASSES_API,
  createAddonBodySchema,
  createKlassBodySchema,
  createScheduleBodySchema,
  idParamsSchema,
  klassDocumentSchema,
  previewScheduleBodySchema,
  scheduleDocumentSchema,
  scheduleListDocumentSchema,
  scheduleListQuerySchema,
  schedulePreviewDocumentSchema,
  updateAddonBodySchema,
  updateKlassBodySchema,
  updateScheduleBodySchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requireRole } from '../users';
import type { ClassesRouteOptions } from './classes.context';
import {
  addAddon,
  addKlass,
  createSchedule,
  deleteAddon,
  deleteSchedule,
  getSchedule,
  listSchedules,
  previewSchedule,
  updateAddon,
  updateKlass,
  updateSchedule,
} from './schedules.service';

const tags = ['schedules (admin; teachers read their own)'];
const deleted = z.null().describe('Deleted');

/** Schedules, their sessions and add-ons: admins manage them; teachers read the ones they teach. */
export const schedulesRoutes: FastifyPluginAsyncZod<ClassesRouteOptions> = async (app, opts) => {
  const { ctx } = opts;
  const admin = { onRequest: requireRole('admin') };
  const staff = { onRequest: requireRole('admin', 'teacher') };

  app.get(
    CLASSES_API.schedules,
    {
      ...staff,
      schema: {
        tags,
        summary:
          'A page of schedules (admins: all; teachers: those they teach), with programmes, teachers, plans and add-ons',
        security: bearer,
        querystring: scheduleListQuerySchema,
        response: { 200: scheduleListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => listSchedules(ctx, viewerOf(request), request.query),
  );

  app.post(
    CLASSES_API.schedulePreview,
    {
      ...admin,
      schema: {
        tags,
        summary: 'The sessions a weekly pattern would make, without saving anything',
        security: bearer,
        body: previewScheduleBodySchema,
        response: { 200: schedulePreviewDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => previewSchedule(request.body.klass_group_schedule),
  );

  app.post(
    CLASSES_API.klassGroupSchedules(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create a schedule of the programme; its sessions are made from the pattern',
        security: bearer,
        params: idParamsSchema,
        body: createScheduleBodySchema,
        response: { 201: scheduleDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await createSchedule(
            ctx,
            request.params.id,
            request.body.klass_group_schedule,
            viewerOf(request),
          ),
        ),
  );

  app.get(
    CLASSES_API.schedule(':id'),
    {
      ...staff,
      schema: {
        tags,
        summary:
          'One schedule with its programme, teacher, plans, add-ons, every session and its roster (admins, or its teacher)',
        security: bearer,
        params: idParamsSchema,
        response: { 200: scheduleDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getSchedule(ctx, viewerOf(request), request.params.id),
  );

  app.patch(
    CLASSES_API.schedule(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Change a schedule; a changed pattern re-makes the future sessions nobody edited by hand',
        security: bearer,
        params: idParamsSchema,
        body: updateScheduleBodySchema,
        response: { 200: scheduleDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request) => {
      const { klass_group_schedule: patch } = request.body;
      const document = await updateSchedule(ctx, request.params.id, patch, viewerOf(request));
      // A raised capacity frees seats for the waitlist (docs/product.md#waitlist).
      if (patch.capacity !== undefined) {
        await ctx.seatsFreed?.([request.params.id]);
      }
      return document;
    },
  );

  app.delete(
    CLASSES_API.schedule(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a schedule and its sessions; 409 while it has enrollments',
        security: bearer,
        params: idParamsSchema,
        response: { 204: deleted, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await deleteSchedule(ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    CLASSES_API.scheduleKlasses(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'Add an extra session to a schedule',
        security: bearer,
        params: idParamsSchema,
        body: createKlassBodySchema,
        response: { 201: klassDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addKlass(ctx, request.params.id, request.body.klass)),
  );

  app.patch(
    CLASSES_API.klass(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'Move a session (new times) and/or cancel or restore it (status)',
        security: bearer,
        params: idParamsSchema,
        body: updateKlassBodySchema,
        response: { 200: klassDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updateKlass(ctx, request.params.id, request.body.klass, viewerOf(request).id),
  );

  app.post(
    CLASSES_API.scheduleAddons(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'Add an add-on (name, price in cents) to a schedule',
        security: bearer,
        params: idParamsSchema,
        body: createAddonBodySchema,
        response: { 201: addonDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await addAddon(ctx, request.params.id, request.body.addon)),
  );

  app.patch(
    CLASSES_API.addon(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'Change an add-on',
        security: bearer,
        params: idParamsSchema,
        body: updateAddonBodySchema,
        response: { 200: addonDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updateAddon(ctx, request.params.id, request.body.addon),
  );

  app.delete(
    CLASSES_API.addon(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete an add-on',
        security: bearer,
        params: idParamsSchema,
        response: { 204: deleted, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await deleteAddon(ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
