import {
  idParamsSchema,
  LEDGER_API,
  ledgerAdjustmentBodySchema,
  ledgerDocumentSchema,
  ledgerEntryDocumentSchema,
  pageQuerySchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requireRole, requireUser } from '../users';
import type { LedgerContext } from './ledger.context';
import {
  accountLedger,
  addAdjustment,
  customerLedger,
  guestCustomerLedger,
} from './ledger.service';

const tags = ['ledger'];

export type LedgerPluginOptions = { currency: string };

/** A family's ledger and balance (docs/product.md#a-familys-ledger): the family's, and staff's. */
const registerLedgerPlugin: FastifyPluginAsyncZod<LedgerPluginOptions> = async (app, opts) => {
  const ctx: LedgerContext = { db: app.db, currency: opts.currency, now: () => new Date() };
  // Before validation: a guest hears 401 and anyone but an admin 403 whatever they sent.
  const admin = { onRequest: requireRole('admin') };

  app.get(
    LEDGER_API.accountLedger,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: "Your family's ledger, newest first, with its balance",
        querystring: pageQuerySchema,
        response: { 200: ledgerDocumentSchema, ...errorResponses(401, 422) },
      },
    },
    (request) => accountLedger(ctx, viewerOf(request).id, request.query.page),
  );

  app.get(
    LEDGER_API.customerLedger(':id'),
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        summary: "An account holder's ledger, newest first, with its balance (admins)",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: ledgerDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => customerLedger(ctx, request.params.id, request.query.page),
  );

  app.post(
    LEDGER_API.customerLedger(':id'),
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        summary:
          "Adds a credit or a charge, with its reason, to an account holder's ledger (admins)",
        params: idParamsSchema,
        body: ledgerAdjustmentBodySchema,
        response: { 201: ledgerEntryDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    async (request, reply) => {
      const doc = await addAdjustment(ctx, viewerOf(request).id, request.params.id, request.body);
      return reply.code(201).send(doc);
    },
  );

  app.get(
    LEDGER_API.guestCustomerLedger(':id'),
    {
      ...admin,
      schema: {
        tags,
        security: bearer,
        summary: "A walk-in customer's ledger, newest first, with its balance (admins)",
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: ledgerDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => guestCustomerLedger(ctx, request.params.id, request.query.page),
  );
};

export const ledgerPlugin = fp(registerLedgerPlugin, {
  name: 'ledger',
  dependencies: ['db', 'auth'],
  encapsulate: true,
});
