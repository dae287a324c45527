import {
  absenceDocumentSchema,
  absenceParamsSchema,
  bookMakeupBodySchema,
  familyAbsenceListDocumentSchema,
  grantMakeupCreditBodySchema,
  idParamsSchema,
  MAKEUPS_API,
  makeupBookingDocumentSchema,
  makeupCreditDocumentSchema,
  makeupCreditListDocumentSchema,
  makeupOptionsDocumentSchema,
  makeupOptionsQuerySchema,
  reportAbsenceBodySchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import { notify } from '../notifications';
import { requireRole, requireUser } from '../users';
import type { MakeupReads } from './makeups.context';
import {
  bookMakeup,
  cancelMakeup,
  familyAbsences,
  familyCredits,
  grantCredit,
  type MakeupPolicy,
  type MakeupsContext,
  makeupOptions,
  reportAbsence,
  sweepMakeupReminders,
  withdrawAbsence,
} from './makeups.service';

const tags = ['makeups'];

/** How often a process looks for credits due their expiry reminder; claims make each go out once. */
const SWEEP_INTERVAL_MS = 15 * 60_000;

export type MakeupsPluginOptions = {
  policy: MakeupPolicy;
  /** Sessions, enrollments and families (read-models/makeup-reads): app.ts hands it over. */
  reads: MakeupReads;
  /** The clock; tests pin it. */
  now?: () => Date;
  sweepIntervalMs?: number;
};

/** Absences and make-ups (docs/product.md#absences-and-make-ups). */
const registerMakeups: FastifyPluginAsyncZod<MakeupsPluginOptions> = async (app, opts) => {
  const ctx: MakeupsContext = {
    db: app.db,
    now: opts.now ?? (() => new Date()),
    policy: opts.policy,
    notify: (input) => notify(app, input),
    mailer: app.mail.mailer,
    log: app.log,
    reads: opts.reads,
  };
  const sweep = setInterval(() => {
    sweepMakeupReminders(ctx).catch((err) =>
      app.log.warn({ err }, 'make-up reminder sweep failed'),
    );
  }, opts.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  const family = { onRequest: requireUser };

  app.post(
    MAKEUPS_API.absences(':id'),
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary:
          'Report your child absent from an upcoming session they are enrolled in; within the policy it gives a make-up credit',
        params: idParamsSchema,
        body: reportAbsenceBodySchema,
        response: { 201: absenceDocumentSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await reportAbsence(ctx, viewerOf(request), request.params.id, request.body)),
  );

  app.delete(
    MAKEUPS_API.absence(':id', ':attendee_profile_id'),
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary:
          'Take an absence report back before the session starts; its unused make-up credit is revoked',
        params: absenceParamsSchema,
        response: { 204: z.null().describe('Taken back'), ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      await withdrawAbsence(
        ctx,
        viewerOf(request),
        request.params.id,
        request.params.attendee_profile_id,
      );
      return reply.code(204).send(null);
    },
  );

  app.get(
    MAKEUPS_API.familyAbsences,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary:
          'Your children’s reported absences from sessions still ahead, soonest first (each can be taken back)',
        response: { 200: familyAbsenceListDocumentSchema, ...errorResponses(401) },
      },
    },
    (request) => familyAbsences(ctx, viewerOf(request)),
  );

  app.get(
    MAKEUPS_API.credits,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary: 'Your children’s make-up credits with their state, newest first',
        response: { 200: makeupCreditListDocumentSchema, ...errorResponses(401) },
      },
    },
    (request) => familyCredits(ctx, viewerOf(request), requestLanguage(request)),
  );

  app.post(
    MAKEUPS_API.adminCredits,
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security: bearer,
        summary: 'Grant a child a make-up credit for a session (admins)',
        body: grantMakeupCreditBodySchema,
        response: { 201: makeupCreditDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request, reply) =>
      reply
        .code(201)
        .send(await grantCredit(ctx, viewerOf(request), request.body, requestLanguage(request))),
  );

  app.get(
    MAKEUPS_API.options,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary:
          'Upcoming sessions with a free seat a credit may book, in person or online, soonest first',
        querystring: makeupOptionsQuerySchema,
        response: { 200: makeupOptionsDocumentSchema, ...errorResponses(401, 409, 422) },
      },
    },
    (request) =>
      makeupOptions(
        ctx,
        viewerOf(request),
        request.query.makeup_credit_id,
        requestLanguage(request),
      ),
  );

  app.post(
    MAKEUPS_API.bookings,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary: 'Spend a make-up credit on a seat in an upcoming session',
        body: bookMakeupBodySchema,
        response: { 201: makeupBookingDocumentSchema, ...errorResponses(401, 409, 422) },
      },
    },
    async (request, reply) =>
      reply.code(201).send(await bookMakeup(ctx, viewerOf(request), request.body)),
  );

  app.delete(
    MAKEUPS_API.booking(':id'),
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary: 'Cancel a make-up before its session starts; the credit comes back unless expired',
        params: idParamsSchema,
        response: { 200: makeupBookingDocumentSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    (request) => cancelMakeup(ctx, viewerOf(request), request.params.id),
  );
};

export const makeupsPlugin = fp(registerMakeups, {
  name: 'makeups',
  dependencies: ['db', 'auth', 'mail'],
  encapsulate: true,
});
