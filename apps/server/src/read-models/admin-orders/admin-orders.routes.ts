import {
  ADMIN_ORDERS_API,
  adminOrderDocumentSchema,
  adminOrderListDocumentSchema,
  adminOrderListQuerySchema,
  idParamsSchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requireRole } from '../../modules/users';
import {
  type AdminOrdersContext,
  cancelAdminOrder,
  exportAdminOrders,
  getAdminOrder,
  listAdminOrders,
} from './admin-orders.service';

const tags = ['orders (admin)'];

export type AdminOrdersRouteOptions = {
  /** The clock; tests pin it. */
  now?: () => Date;
};

/** Order management: admins only (docs/product.md#order-management, decision 032). */
const registerAdminOrdersRoutes: FastifyPluginAsyncZod<AdminOrdersRouteOptions> = async (
  app,
  opts,
) => {
  const ctx: AdminOrdersContext = { db: app.db, now: opts.now ?? (() => new Date()) };
  // Before validation: a guest hears 401 and a teacher or student 403 whatever they sent.
  const admin = { onRequest: requireRole('admin') };

  app.get(
    ADMIN_ORDERS_API.orders,
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        summary:
          'Every order, newest first, filtered by status, days placed (school time zone), ' +
          'programme, and the customer (name, e-mail; walk-ins too) or order number. ' +
          'With format=csv: every matching order as text/csv (at most ADMIN_ORDER_CSV_MAX_ROWS)',
        querystring: adminOrderListQuerySchema,
        response: {
          200: z.union([adminOrderListDocumentSchema, z.string()]),
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      if (request.query.format !== 'csv') return listAdminOrders(ctx, request.query);
      const csv = await exportAdminOrders(ctx, request.query);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="orders-${day}.csv"`)
        .send(csv);
    },
  );

  app.get(
    ADMIN_ORDERS_API.order(':id'),
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        summary:
          'One order: items and attendees, payments, refund requests and refunds, its history',
        params: idParamsSchema,
        response: { 200: adminOrderDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getAdminOrder(ctx, request.params.id),
  );

  app.post(
    ADMIN_ORDERS_API.cancel(':id'),
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        summary: 'Cancels a pending order: its seats and coupon use go back (409 unless pending)',
        params: idParamsSchema,
        response: { 200: adminOrderDocumentSchema, ...errorResponses(401, 403, 404, 409, 422) },
      },
    },
    (request) => cancelAdminOrder(ctx, request.params.id, viewerOf(request).id),
  );
};

export const adminOrdersRoutes = fp(registerAdminOrdersRoutes, {
  name: 'admin-orders',
  dependencies: ['db', 'auth'],
  encapsulate: true,
});
