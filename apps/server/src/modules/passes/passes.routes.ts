import {
  bookDropInBodySchema,
  dropInDocumentSchema,
  dropInIdParamsSchema,
  dropInOptionsDocumentSchema,
  dropInOptionsQuerySchema,
  PASSES_API,
  passPurchaseListDocumentSchema,
  passResource,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import { resourcePlugin } from '../../lib/resource-routes';
import { requireUser } from '../users';
import { bookDropIn, cancelDropIn, dropInOptions } from './drop-ins.service';
import type { DropInReads, PassesContext } from './passes.context';
import { familyPurchases, passHandlers } from './passes.service';

const tags = ['passes'];

export type PassesPluginOptions = {
  /** Classes, enrollments and families (read-models/drop-in-reads): app.ts hands it over. */
  reads: DropInReads;
  /** The clock; tests pin it. */
  now?: () => Date;
};

/** The context of the passes module over the app's database (the orders module's too). */
export function passesContextOf(
  app: { db: PassesContext['db'] },
  opts: PassesPluginOptions,
): PassesContext {
  return { db: app.db, now: opts.now ?? (() => new Date()), reads: opts.reads };
}

/** Class passes and drop-ins (docs/product.md#class-passes-and-drop-ins). */
const registerPasses: FastifyPluginAsyncZod<PassesPluginOptions> = async (app, opts) => {
  const ctx = passesContextOf(app, opts);
  const family = { onRequest: requireUser };

  await app.register(
    resourcePlugin(passResource, {
      guard: requireUser,
      tags: ['passes'],
      summaries: {
        list: 'A page of the class passes on sale, by name (any signed-in user; named in their language, admins read them as written)',
        get: 'One class pass',
        create:
          'Create a class pass: name, visits, price in cents, validity in days, programmes (admins)',
        update: 'Replace a class pass (admins); what families bought keeps its copy',
        delete: 'Delete a class pass (admins); 409 once a family bought it',
      },
      handlers: passHandlers(ctx, viewerOf as never, requestLanguage as never),
      moreErrors: { create: [403], update: [403], delete: [403] },
    }),
  );

  app.get(
    PASSES_API.purchases,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary:
          'Your family’s class passes with their visits left, expiry and drop-ins, newest first',
        response: { 200: passPurchaseListDocumentSchema, ...errorResponses(401) },
      },
    },
    (request) => familyPurchases(ctx, viewerOf(request), requestLanguage(request)),
  );

  app.get(
    PASSES_API.dropInOptions,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary: 'Upcoming classes with a free seat that one of your passes may book',
        querystring: dropInOptionsQuerySchema,
        response: { 200: dropInOptionsDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    (request) => dropInOptions(ctx, viewerOf(request), request.query, requestLanguage(request)),
  );

  app.post(
    PASSES_API.dropIns,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary:
          'Book a visit with a pass: a seat in one upcoming class of a programme the pass accepts',
        body: bookDropInBodySchema,
        response: { 201: dropInDocumentSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await bookDropIn(ctx, viewerOf(request), request.body, requestLanguage(request))),
  );

  app.delete(
    PASSES_API.dropIn(':id'),
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary: 'Cancel a visit before its class starts: the visit comes back, the seat frees',
        params: dropInIdParamsSchema,
        response: { 200: dropInDocumentSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    (request) => cancelDropIn(ctx, viewerOf(request), request.params.id, requestLanguage(request)),
  );
};

export const passesPlugin = fp(registerPasses, { name: 'passes' });
