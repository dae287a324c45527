import {
  idParamsSchema,
  joinWaitlistBodySchema,
  reorderWaitlistBodySchema,
  WAITLIST_API,
  waitlistEntryDocumentSchema,
  waitlistEntryListDocumentSchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import { notify } from '../notifications';
import { requireRole, requireUser } from '../users';
import {
  declineOffer,
  deleteEntry,
  joinWaitlist,
  myWaitlist,
  reorderWaitlist,
  scheduleWaitlist,
  sweepWaitlists,
  type WaitlistContext,
} from './waitlist.service';

const tags = ['waitlist'];
const done = z.null().describe('Done');

/** How often a server process expires due offers and offers free seats (any process may). */
const SWEEP_INTERVAL_MS = 30_000;

export type WaitlistPluginOptions = {
  /** The clock; tests pin it. */
  now?: () => Date;
  sweepIntervalMs?: number;
};

/** What the waitlist needs from the app: its database, mailer, notifications and logger. */
export function waitlistContextOf(app: FastifyInstance, now = () => new Date()): WaitlistContext {
  return {
    db: app.db,
    mailer: app.mail.mailer,
    notify: (input) => notify(app, input),
    now,
    log: app.log,
  };
}

/** The waitlist (docs/product.md#waitlist): families join and answer offers; staff order the line. */
const registerWaitlistPlugin: FastifyPluginAsyncZod<WaitlistPluginOptions> = async (app, opts) => {
  const ctx = waitlistContextOf(app, opts.now);
  // The hooks where seats are freed offer them at once; the sweep catches everything else
  // (refunds, offers running out) and is safe on several processes: the schedule lock serialises.
  const sweep = setInterval(() => {
    sweepWaitlists(ctx).catch((err) => app.log.warn({ err }, 'waitlist sweep failed'));
  }, opts.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  const staff = { onRequest: requireRole('teacher', 'admin') };

  app.get(
    WAITLIST_API.mine,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: 'Your waitlist entries (waiting or offered), each with its place and open offer',
        response: { 200: waitlistEntryListDocumentSchema, ...errorResponses(401) },
      },
    },
    (request) => myWaitlist(ctx, viewerOf(request).id, requestLanguage(request)),
  );

  app.post(
    WAITLIST_API.scheduleWaitlist(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Join a full schedule’s waitlist for N seats (409 while enough seats are left, or when already waiting)',
        params: idParamsSchema,
        body: joinWaitlistBodySchema,
        response: { 201: waitlistEntryDocumentSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(
          await joinWaitlist(
            ctx,
            viewerOf(request).id,
            request.params.id,
            request.body.seats,
            requestLanguage(request),
          ),
        ),
  );

  app.get(
    WAITLIST_API.scheduleWaitlist(':id'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary: 'A schedule’s waitlist in line order, with each family (admins, its teacher)',
        params: idParamsSchema,
        response: { 200: waitlistEntryListDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => scheduleWaitlist(ctx, viewerOf(request), request.params.id),
  );

  app.put(
    WAITLIST_API.scheduleWaitlist(':id'),
    {
      ...staff,
      schema: {
        tags,
        security: bearer,
        summary: 'Put a schedule’s waitlist in this order (every active entry once)',
        params: idParamsSchema,
        body: reorderWaitlistBodySchema,
        response: { 200: waitlistEntryListDocumentSchema, ...errorResponses(401, 403, 404, 422) },
      },
    },
    (request) => reorderWaitlist(ctx, viewerOf(request), request.params.id, request.body.entry_ids),
  );

  app.delete(
    WAITLIST_API.entry(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Leave the waitlist (your entry), or remove an entry (staff); an open offer passes on',
        params: idParamsSchema,
        response: { 204: done, ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      await deleteEntry(ctx, viewerOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.post(
    WAITLIST_API.declineOffer(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: 'Decline your open offer: you leave the line and its seats pass on',
        params: idParamsSchema,
        response: { 204: done, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await declineOffer(ctx, viewerOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );
};

export const waitlistPlugin = fp(registerWaitlistPlugin, {
  name: 'waitlist',
  dependencies: ['db', 'mail', 'auth', 'notifications'],
  encapsulate: true,
});
