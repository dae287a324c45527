import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { DEFAULT_CONTENT_SECURITY_POLICY } from './content-security-policy';

/**
 * Headers every response carries. The app's page replaces the policy with its own
 * (plugins/spa.ts); a few other pages (API docs, the dev mail viewer) set theirs.
 */
export const securityHeadersPlugin = fp(
  async (app: FastifyInstance) => {
    // A callback hook: a promise per request is measurable on cheap routes (decision 016).
    app.addHook('onRequest', (_request, reply, done) => {
      reply.header('content-security-policy', DEFAULT_CONTENT_SECURITY_POLICY);
      reply.header('x-content-type-options', 'nosniff');
      reply.header('referrer-policy', 'strict-origin-when-cross-origin');
      done();
    });
  },
  { name: 'security-headers' },
);
