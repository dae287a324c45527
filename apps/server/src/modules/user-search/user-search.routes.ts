import { ACCOUNTS_API, userListDocumentSchema, userSearchQuerySchema } from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses } from '../../lib/http';
import { requireRole } from '../users';
import { findUsers } from './user-search.service';

/** GET /api/v1/users/search: teachers and admins pick users (user groups, coupons, messages). */
const registerUserSearchRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    ACCOUNTS_API.usersSearch,
    {
      onRequest: requireRole('teacher', 'admin'),
      schema: {
        tags: ['users'],
        security: bearer,
        summary:
          'Users whose name or e-mail contains keyword (case-insensitive), without the ids in exceptions (comma-separated or repeated), optionally of one role; paged, by name',
        querystring: userSearchQuerySchema,
        response: { 200: userListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => findUsers(app.db, request.query, (key) => app.images.urls(key).thumbUrl),
  );
};

export const userSearchRoutes = fp(registerUserSearchRoutes, {
  name: 'user-search',
  dependencies: ['db', 'storage', 'auth'],
  encapsulate: true,
});
