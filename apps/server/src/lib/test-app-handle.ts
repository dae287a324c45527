import type { FastifyInstance } from 'fastify';

/**
 * What a module's `*-testing.ts` helpers use of the test app: the app and its database. A
 * structural type, so those helpers need not import testing/test-app.ts, which imports app.ts and
 * would put every module below the composition root (docs/decisions/054-module-boundaries.md).
 */
export type TestAppHandle = { app: FastifyInstance; database: { db: FastifyInstance['db'] } };
