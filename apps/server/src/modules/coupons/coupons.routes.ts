import {
  COUPONS_API,
  couponBodySchema,
  couponDocumentSchema,
  couponListDocumentSchema,
  couponListQuerySchema,
  idParamsSchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requireRole } from '../users';
import {
  type CouponsContext,
  createCoupon,
  deleteCoupon,
  getCoupon,
  listCoupons,
  updateCoupon,
} from './coupons.service';

const tags = ['coupons (staff)'];

export type CouponsRouteOptions = {
  /** The clock held uses are counted at; tests pin it. */
  now?: () => Date;
};

/** Coupons: teachers and admins (docs/product.md#coupons-and-user-groups). */
const registerCouponsRoutes: FastifyPluginAsyncZod<CouponsRouteOptions> = async (app, opts) => {
  const ctx: CouponsContext = { db: app.db, now: opts.now ?? (() => new Date()) };
  // Before validation: a guest hears 401 and a student 403 whatever they sent.
  const staff = { onRequest: requireRole('teacher', 'admin') };

  app.get(
    COUPONS_API.coupons,
    {
      ...staff,
      schema: {
        tags,
        summary: 'A page of coupons by code, each with its redeemed and held uses',
        security: bearer,
        querystring: couponListQuerySchema,
        response: { 200: couponListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => listCoupons(ctx, request.query),
  );

  app.post(
    COUPONS_API.coupons,
    {
      ...staff,
      schema: {
        tags,
        summary:
          'Create a coupon: percent (1–100) or fixed (cents) off, in a window, up to limits, ' +
          'optionally for one user group and/or one programme; the code is unique whatever its case',
        security: bearer,
        body: couponBodySchema,
        response: { 201: couponDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await createCoupon(ctx, request.body.coupon, viewerOf(request).id)),
  );

  app.get(
    COUPONS_API.coupon(':id'),
    {
      ...staff,
      schema: {
        tags,
        summary: 'One coupon',
        security: bearer,
        params: idParamsSchema,
        response: { 200: couponDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getCoupon(ctx, request.params.id),
  );

  app.put(
    COUPONS_API.coupon(':id'),
    {
      ...staff,
      schema: {
        tags,
        summary: 'Replace every field of a coupon (a field left out becomes null)',
        security: bearer,
        params: idParamsSchema,
        body: couponBodySchema,
        response: { 200: couponDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => updateCoupon(ctx, request.params.id, request.body.coupon),
  );

  app.delete(
    COUPONS_API.coupon(':id'),
    {
      ...staff,
      schema: {
        tags,
        summary: 'Delete a coupon and its uses (orders keep the code they were priced with)',
        security: bearer,
        params: idParamsSchema,
        response: { 204: z.null().describe('Deleted'), ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      await deleteCoupon(ctx, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export const couponsRoutes = fp(registerCouponsRoutes, {
  name: 'coupons',
  dependencies: ['db', 'auth'],
  encapsulate: true,
});
