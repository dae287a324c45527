import { API } from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

// Healthy or not, nothing more: which database or version runs is no business of a prober's.
const healthSchema = z.object({ status: z.enum(['ok', 'unavailable']) });

/** GET /healthz: 200 while the database answers, 503 when it does not. */
const registerHealthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    API.health,
    { schema: { hide: true, response: { 200: healthSchema, 503: healthSchema } } },
    async (request, reply) => {
      try {
        await app.database.ping();
        return { status: 'ok' as const };
      } catch (error) {
        request.log.warn({ err: error }, 'health check: the database did not answer');
        return reply.code(503).send({ status: 'unavailable' as const });
      }
    },
  );
};

export const healthRoutes = fp(registerHealthRoutes, {
  name: 'health',
  dependencies: ['db'],
  encapsulate: true,
});
