import {
  CLASSES_API,
  createPlanBodySchema,
  idParamsSchema,
  planDocumentSchema,
  planListDocumentSchema,
  planListQuerySchema,
  updatePlanBodySchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from '../../lib/http';
import { requireRole } from '../users';
import type { ClassesRouteOptions } from './classes.context';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from './plans.service';

const tags = ['plans (admin)'];

/** Admin CRUD of plans. */
export const plansRoutes: FastifyPluginAsyncZod<ClassesRouteOptions> = async (app, opts) => {
  const { ctx } = opts;
  const admin = { onRequest: requireRole('admin') };

  app.get(
    CLASSES_API.plans,
    {
      ...admin,
      schema: {
        tags,
        summary: 'A page of plans, each with how many schedules offer it',
        security: bearer,
        querystring: planListQuerySchema,
        response: { 200: planListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => listPlans(ctx, request.query),
  );

  app.post(
    CLASSES_API.plans,
    {
      ...admin,
      schema: {
        tags,
        summary: 'Create a plan (prices in cents)',
        security: bearer,
        body: createPlanBodySchema,
        response: { 201: planDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) => reply.code(201).send(await createPlan(ctx, request.body.plan)),
  );

  app.get(
    CLASSES_API.plan(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'One plan',
        security: bearer,
        params: idParamsSchema,
        response: { 200: planDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getPlan(ctx, request.params.id),
  );

  app.patch(
    CLASSES_API.plan(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'Change a plan',
        security: bearer,
        params: idParamsSchema,
        body: updatePlanBodySchema,
        response: { 200: planDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updatePlan(ctx, request.params.id, request.body.plan),
  );

  app.delete(
    CLASSES_API.plan(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'Delete a plan; 409 while a schedule offers it',
        security: bearer,
        params: idParamsSchema,
        response: {
          204: z.null().describe('Deleted'),
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      await deletePlan(ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};
