import { API } from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';

const healthSchema = z.object({
  status: z.literal('ok'),
  database: z.enum(['pglite', 'postgres']),
});

/** GET /healthz: answers only when the database answers. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(API.health, { schema: { hide: true, response: { 200: healthSchema } } }, async () => {
    await app.database.ping();
    return { status: 'ok' as const, database: app.database.kind };
  });
};
