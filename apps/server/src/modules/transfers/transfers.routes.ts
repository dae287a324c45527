import {
  familyEnrollmentsDocumentSchema,
  idParamsSchema,
  TRANSFERS_API,
  transferBodySchema,
  transferDocumentSchema,
  transferOptionsDocumentSchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import { notify } from '../notifications';
import { requireRole, requireUser } from '../users';
import type { TransferReads } from './transfers.context';
import {
  familyEnrollmentList,
  type TransfersContext,
  transferEnrollment,
  transferOptions,
} from './transfers.service';

const tags = ['transfers'];

export type TransfersPluginOptions = {
  currency: string;
  /** FAMILY_TRANSFERS (config): families move their own children. */
  familyTransfers: boolean;
  /** Enrollments, schedules, plans and families (read-models/transfer-reads): app.ts hands it over. */
  reads: TransferReads;
  /** The waitlist's seat-freed hook (app.ts wires it). */
  seatsFreed: (scheduleIds: number[]) => Promise<void>;
  /** The clock; tests pin it. */
  now?: () => Date;
};

/** Transfers between schedules (docs/product.md#transfers). */
const registerTransfers: FastifyPluginAsyncZod<TransfersPluginOptions> = async (app, opts) => {
  const ctx: TransfersContext = {
    db: app.db,
    now: opts.now ?? (() => new Date()),
    currency: opts.currency,
    familyTransfers: opts.familyTransfers,
    reads: opts.reads,
    notify: (input) => notify(app, input),
    mailer: app.mail.mailer,
    seatsFreed: opts.seatsFreed,
    log: app.log,
  };

  app.get(
    TRANSFERS_API.familyEnrollments,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Your children’s active enrollments, and whether the school lets you change their class',
        response: { 200: familyEnrollmentsDocumentSchema, ...errorResponses(401) },
      },
    },
    (request) => familyEnrollmentList(ctx, viewerOf(request), requestLanguage(request)),
  );

  app.get(
    TRANSFERS_API.options(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Schedules an enrollment may move to: offering its plan, with sessions ahead and a free seat',
        params: idParamsSchema,
        response: {
          200: transferOptionsDocumentSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    (request) => {
      const viewer = viewerOf(request);
      return transferOptions(
        ctx,
        { viewer, asStaff: viewer.role === 'admin' },
        request.params.id,
        requestLanguage(request),
      );
    },
  );

  app.post(
    TRANSFERS_API.transfer(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Move your child to another schedule with a free seat (when the school allows it); the difference goes on your account. `dry_run` previews it',
        params: idParamsSchema,
        body: transferBodySchema,
        response: {
          200: transferDocumentSchema,
          201: transferDocumentSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const result = await transferEnrollment(
        ctx,
        { viewer: viewerOf(request), asStaff: false },
        request.params.id,
        request.body,
        requestLanguage(request),
      );
      return reply.code(result.created ? 201 : 200).send(result.document);
    },
  );

  app.post(
    TRANSFERS_API.adminTransfer(':id'),
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security: bearer,
        summary:
          'Move any enrollment to another schedule with a free seat (admins); the difference goes on the family’s ledger. `dry_run` previews it',
        params: idParamsSchema,
        body: transferBodySchema,
        response: {
          200: transferDocumentSchema,
          201: transferDocumentSchema,
          ...errorResponses(401, 403, 404, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const result = await transferEnrollment(
        ctx,
        { viewer: viewerOf(request), asStaff: true },
        request.params.id,
        request.body,
        requestLanguage(request),
      );
      return reply.code(result.created ? 201 : 200).send(result.document);
    },
  );
};

export const transfersPlugin = fp(registerTransfers, {
  name: 'transfers',
  dependencies: ['db', 'auth', 'mail'],
  encapsulate: true,
});
