import { API, signInBodySchema, signInResponseSchema, userDocumentSchema } from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses } from '../../lib/http';
import { sendSerialized } from '../../lib/send-serialized';
import { requireUser, sessionOf } from './auth.plugin';
import type { Session } from './session';
import { userResource } from './user-resource';

/** Sign-in, the current user and sign-out (docs/architecture.md#sessions). */
const registerSessionRoutes: FastifyPluginAsyncZod = async (app) => {
  // The same thumbnail the accounts module shows: avatars are small everywhere.
  const avatarUrl = (key: string) => app.images.urls(key).thumbUrl;

  // GET /me is the app's hottest call: every page load makes it. Its document depends only on the
  // user row, which the session cache shares between requests until the row changes (or its TTL
  // ends): checking it against the contract and serializing it once per row object, not once per
  // request, saves a tenth of the request's CPU.
  // Keyed by the session: it holds the family the user acts for (decision 071) beside the row.
  const meDocuments = new WeakMap<Session, string>();
  const meDocument = (session: Session): string => {
    let body = meDocuments.get(session);
    if (body === undefined) {
      const { user, familyId } = session;
      body = JSON.stringify(
        userDocumentSchema.encode({
          data: userResource(user, avatarUrl, { own: true, familyId }),
        }),
      );
      meDocuments.set(session, body);
    }
    return body;
  };

  app.post(
    API.signIn,
    {
      schema: {
        tags: ['session'],
        summary: 'Sign in with e-mail and password; data.jwt is the session token',
        body: signInBodySchema,
        response: { 200: signInResponseSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request) => {
      const jwt = await app.sessions.signIn(request.body.auth, request.ip);
      return { data: { jwt } };
    },
  );

  app.get(
    API.me,
    {
      onRequest: requireUser,
      schema: {
        tags: ['session'],
        summary: 'The signed-in user',
        security: bearer,
        response: { 200: userDocumentSchema, ...errorResponses(401) },
      },
    },
    (request, reply) => sendSerialized(reply, meDocument(sessionOf(request))),
  );

  app.delete(
    API.signOut,
    {
      onRequest: requireUser,
      schema: {
        tags: ['session'],
        summary: 'Sign out: the token is revoked',
        security: bearer,
        response: { 204: z.null().describe('Signed out'), ...errorResponses(401) },
      },
    },
    async (request, reply) => {
      await app.sessions.signOut(sessionOf(request));
      // The token is dead now: no fresh one on this response.
      request.session = null;
      return reply.code(204).send(null);
    },
  );
};

export const sessionRoutes = fp(registerSessionRoutes, {
  name: 'sessions',
  dependencies: ['db', 'auth', 'rate-limits'],
  encapsulate: true,
});
