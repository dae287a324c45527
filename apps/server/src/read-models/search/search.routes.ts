import { SEARCH_API, searchDocumentSchema, searchQuerySchema } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses, optionalBearer, type Viewer, viewerOf } from '../../lib/http';
import type { SearchContext } from './search.context';
import { search } from './search.service';

/**
 * The viewer of a route open to visitors: a visitor is null; a token that was sent but refused
 * is still a 401 (the web then signs in again rather than showing less).
 */
function viewerOrVisitor(request: FastifyRequest): Viewer | null {
  if (request.session) return viewerOf(request);
  if (request.sessionError) throw request.sessionError;
  return null;
}

/** GET /api/v1/search: the search dialog's grouped results (docs/product.md#search). */
const registerSearchRoutes: FastifyPluginAsyncZod<{ ctx: SearchContext }> = async (app, opts) => {
  const { ctx } = opts;
  app.get(
    SEARCH_API.search,
    {
      schema: {
        tags: ['search'],
        security: optionalBearer,
        summary:
          'Up to 5 results per group whose name (or e-mail, or order number) holds q, ignoring case and Latin accents: published programmes for everyone (admins: all); students for teachers (those they teach) and admins; families, teachers and orders for admins',
        querystring: searchQuerySchema,
        response: { 200: searchDocumentSchema, ...errorResponses(401, 422) },
      },
    },
    (request) => search(ctx, viewerOrVisitor(request), request.query.q),
  );
};

export const searchRoutes = fp(registerSearchRoutes, {
  name: 'search',
  dependencies: ['db', 'auth'],
  encapsulate: true,
});
