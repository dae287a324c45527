import { couponResource } from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { viewerOf } from '../../lib/http';
import { resourceRoutes } from '../../lib/resource-routes';
import { requireRole } from '../users';
import {
  type CouponsContext,
  type CouponsReads,
  createCoupon,
  deleteCoupon,
  getCoupon,
  listCoupons,
  updateCoupon,
} from './coupons.service';

export type CouponsRouteOptions = {
  /** The clock held uses are counted at; tests pin it. */
  now?: () => Date;
  reads: CouponsReads;
};

/** Coupons: teachers and admins (docs/product.md#coupons-and-user-groups). */
const registerCouponsRoutes: FastifyPluginAsyncZod<CouponsRouteOptions> = async (app, opts) => {
  const ctx: CouponsContext = {
    db: app.db,
    now: opts.now ?? (() => new Date()),
    reads: opts.reads,
  };
  resourceRoutes(app, couponResource, {
    guard: requireRole('teacher', 'admin'),
    tags: ['coupons (staff)'],
    summaries: {
      list: 'A page of coupons by code, each with its redeemed and held uses',
      create:
        'Create a coupon: percent (1–100) or fixed (cents) off, in a window, up to limits, ' +
        'optionally for one user group and/or one programme; the code is unique whatever its case',
      get: 'One coupon',
      update: 'Replace every field of a coupon (a field left out becomes null)',
      delete: 'Delete a coupon and its uses (orders keep the code they were priced with)',
    },
    handlers: {
      list: (query) => listCoupons(ctx, query),
      create: (fields, request) => createCoupon(ctx, fields, viewerOf(request).id),
      get: (id) => getCoupon(ctx, id),
      update: (id, fields) => updateCoupon(ctx, id, fields),
      delete: (id) => deleteCoupon(ctx, id),
    },
  });
};

export const couponsRoutes = fp(registerCouponsRoutes, {
  name: 'coupons',
  dependencies: ['db', 'auth'],
  encapsulate: true,
});
