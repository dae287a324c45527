import { planResource } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { resourceRoutes } from '../../lib/resource-routes';
import { requireRole } from '../users';
import type { ClassesRouteOptions } from './classes.context';
import { createPlan, deletePlan, getPlan, listPlans, updatePlan } from './plans.service';

/** Admin CRUD of plans. */
export const plansRoutes: FastifyPluginAsyncZod<ClassesRouteOptions> = async (app, opts) => {
  const { ctx } = opts;
  resourceRoutes(app, planResource, {
    guard: requireRole('admin'),
    tags: ['plans (admin)'],
    summaries: {
      list: 'A page of plans, each with how many schedules offer it',
      create: 'Create a plan (prices in cents)',
      get: 'One plan',
      update: 'Change a plan',
      delete: 'Delete a plan; 409 while a schedule offers it',
    },
    handlers: {
      list: (query) => listPlans(ctx, query),
      // A plan made without translations has none (the kit's body leaves them out).
      create: (fields) => createPlan(ctx, { ...fields, translations: fields.translations ?? {} }),
      get: (id) => getPlan(ctx, id),
      update: (id, fields) => updatePlan(ctx, id, fields),
      delete: (id) => deletePlan(ctx, id),
    },
    moreErrors: { delete: [409] },
  });
};
