import {
  acceptGuardianBodySchema,
  acceptGuardianResponseSchema,
  GUARDIANS_API,
  guardianDocumentSchema,
  guardianListDocumentSchema,
  guardianParamsSchema,
  inviteGuardianBodySchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { createRateLimiter } from '../../plugins/rate-limit';
import { requireUser, sessionOf } from '../users';
import { GUARDIAN_INVITES_PER_HOUR, type GuardiansContext } from './guardians.context';
import {
  acceptGuardianInvitation,
  inviteGuardian,
  listGuardians,
  removeGuardian,
} from './guardians.service';

const tags = ['family'];

/** A family's second guardians (docs/product.md#second-guardians, decision 071). */
const registerGuardiansRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook('onRequest', requireUser);
  const ctx: GuardiansContext = {
    db: app.db,
    mailer: app.mail.mailer,
    now: () => new Date(),
    forgetUser: (userId) => app.sessions.forgetUser(userId),
    invites: createRateLimiter(
      { limit: GUARDIAN_INVITES_PER_HOUR, windowMs: 3_600_000, name: 'family:guardian-invites' },
      app.rateLimits,
    ),
  };

  app.get(
    GUARDIANS_API.guardians,
    {
      schema: {
        tags,
        security: bearer,
        summary: 'The family account (meta) and its guardians and invitations',
        response: { 200: guardianListDocumentSchema, ...errorResponses(401, 403) },
      },
    },
    (request) => listGuardians(ctx, viewerOf(request)),
  );

  app.post(
    GUARDIANS_API.guardians,
    {
      schema: {
        tags,
        security: bearer,
        summary: 'Invites a second guardian: mails the address a link to accept (the family only)',
        body: inviteGuardianBodySchema,
        response: { 201: guardianDocumentSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await inviteGuardian(ctx, viewerOf(request), request.body.email)),
  );

  app.post(
    GUARDIANS_API.accept,
    {
      schema: {
        tags,
        security: bearer,
        summary:
          'Accepts a mailed invitation with the invited address’s own account (once; 410 when used or expired)',
        body: acceptGuardianBodySchema,
        response: {
          200: acceptGuardianResponseSchema,
          ...errorResponses(401, 403, 404, 409, 410, 422),
        },
      },
    },
    (request) => acceptGuardianInvitation(ctx, sessionOf(request).user, request.body.token),
  );

  app.delete(
    GUARDIANS_API.guardian(':id'),
    {
      schema: {
        tags,
        security: bearer,
        summary:
          'Removes a guardian’s access, cancels an invitation, or leaves the family (never deletes family data)',
        params: guardianParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      await removeGuardian(ctx, viewerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export const guardiansRoutes = fp(registerGuardiansRoutes, {
  name: 'guardians-routes',
  dependencies: ['db', 'auth', 'mail'],
  encapsulate: true,
});
