import { SALES_API, salesOverviewDocumentSchema, salesQuerySchema } from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from '../../lib/http';
import { requireRole } from '../../modules/users';
import { type SalesContext, salesCsv, salesOverview, salesOverviewDocument } from './sales.service';

const tags = ['sales (admins)'];

export type SalesRouteOptions = { currency: string };

/** Whether the client asked for CSV rather than JSON (a plain Accept check: CSV only if named). */
const wantsCsv = (accept: string | undefined) => /\btext\/csv\b/i.test(accept ?? '');

/** The sales overview: admins only (docs/product.md#sales-overview). */
const registerSalesRoutes: FastifyPluginAsyncZod<SalesRouteOptions> = async (app, opts) => {
  const ctx: SalesContext = { db: app.db, currency: opts.currency };

  app.get(
    SALES_API.overview,
    {
      // Before validation: a guest hears 401 and a teacher or student 403 whatever they sent.
      onRequest: requireRole('admin'),
      schema: {
        tags,
        summary:
          'Gross, refunds and net by local day, ISO week or month in the school zone, by ' +
          'programme and plan, and seats sold per schedule; `Accept: text/csv` for the same as CSV',
        security: bearer,
        querystring: salesQuerySchema,
        response: {
          200: {
            description: 'The overview, as JSON or, when asked for, as CSV',
            content: {
              'application/json': { schema: salesOverviewDocumentSchema },
              'text/csv': { schema: z.string().describe('One row per period, programme and plan') },
            },
          },
          ...errorResponses(401, 403, 422),
        },
      },
    },
    async (request, reply) => {
      const overview = await salesOverview(ctx, request.query);
      reply.header('cache-control', 'private, no-store').header('vary', 'accept');
      if (!wantsCsv(request.headers.accept)) return salesOverviewDocument(overview);
      const name = `sales-${overview.from}-${overview.to}-${overview.interval}.csv`;
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name}"`)
        .send(salesCsv(overview));
    },
  );
};

export const salesRoutes = fp(registerSalesRoutes, {
  name: 'sales',
  dependencies: ['db', 'auth'],
  encapsulate: true,
});
