import {
  CUSTOMERS_API,
  customerBodySchema,
  customerDocumentSchema,
  customerListDocumentSchema,
  customerListQuerySchema,
  guestCustomerResource,
  idParamsSchema,
  walkInOrderBodySchema,
  walkInOrderDocumentSchema,
  walkInPriceDocumentSchema,
  walkInPriceQuerySchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import { resourceRoutes } from '../../lib/resource-routes';
import { requireRole } from '../users';
import {
  bookForGuestCustomer,
  type CustomersContext,
  createGuestCustomer,
  editCustomer,
  editGuestCustomer,
  getCustomer,
  getGuestCustomer,
  listCustomers,
  listGuestCustomers,
  priceForGuestCustomer,
} from './customers.service';

const tags = ['customers (admin)'];

export type CustomersRouteOptions = Omit<CustomersContext, 'db'>;

/**
 * Customers and walk-ins (docs/product.md#customers). A walk-in's order and everyone's order
 * history come from the orders module, through the functions app.ts passes.
 */
const registerCustomersRoutes: FastifyPluginAsyncZod<CustomersRouteOptions> = async (app, opts) => {
  const ctx: CustomersContext = { db: app.db, ...opts };
  // Before validation: a guest hears 401 and anyone but an admin 403 whatever they sent.
  const admin = { onRequest: requireRole('admin') };

  app.get(
    CUSTOMERS_API.customers,
    {
      ...admin,
      schema: {
        tags,
        summary: 'A page of account holders by name, searched by name or e-mail',
        security: bearer,
        querystring: customerListQuerySchema,
        response: { 200: customerListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) => listCustomers(ctx, request.query),
  );

  app.get(
    CUSTOMERS_API.customer(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: 'One account holder: family, orders, enrollments and lifetime value',
        security: bearer,
        params: idParamsSchema,
        response: { 200: customerDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => getCustomer(ctx, request.params.id),
  );

  app.put(
    CUSTOMERS_API.customer(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary: "An account holder's name and time zone (the e-mail is theirs to change)",
        security: bearer,
        params: idParamsSchema,
        body: customerBodySchema,
        response: { 200: customerDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => editCustomer(ctx, request.params.id, request.body.customer),
  );

  // Walk-ins are never deleted: their orders are the school's records.
  resourceRoutes(app, guestCustomerResource, {
    guard: admin.onRequest,
    tags,
    summaries: {
      list: 'A page of walk-in customers by name, searched by name, e-mail or phone',
      create: 'A new walk-in customer: a name, and an e-mail and/or phone if given',
      get: 'One walk-in customer with their attendees and orders',
      update: "A walk-in customer's name, e-mail, phone and notes",
    },
    handlers: {
      list: (query) => listGuestCustomers(ctx, query),
      create: (fields, request) => createGuestCustomer(ctx, fields, viewerOf(request).id),
      get: (id) => getGuestCustomer(ctx, id),
      update: (id, fields) => editGuestCustomer(ctx, id, fields),
    },
  });

  app.get(
    CUSTOMERS_API.guestCustomerPrice(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary:
          'What a walk-in would pay for a booking now, priced as the walk-in (their coupon uses, ' +
          'no user group); 422 on coupon_code saying why a code does not apply',
        security: bearer,
        params: idParamsSchema,
        querystring: walkInPriceQuerySchema,
        response: {
          200: walkInPriceDocumentSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request) => priceForGuestCustomer(ctx, request.params.id, request.query),
  );

  app.post(
    CUSTOMERS_API.guestCustomerOrders(':id'),
    {
      ...admin,
      schema: {
        tags,
        summary:
          'Book a class for a walk-in: cash or check is paid at once (enrolled); card leaves ' +
          'the order pending with a payment to take. 409 sold_out when the class is full',
        security: bearer,
        params: idParamsSchema,
        body: walkInOrderBodySchema,
        response: {
          201: walkInOrderDocumentSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) =>
      reply.code(201).send(
        await bookForGuestCustomer(ctx, request.params.id, request.body.order, {
          placedById: viewerOf(request).id,
          ip: request.ip,
          language: requestLanguage(request),
        }),
      ),
  );
};

export const customersRoutes = fp(registerCustomersRoutes, {
  name: 'customers',
  dependencies: ['db', 'auth'],
  encapsulate: true,
});
