import type { Readable } from 'node:stream';
import {
  ACCOUNT_DATA_API,
  accountDataEmptyResponseSchema,
  accountDataTokenParamsSchema,
  accountExportAcceptedSchema,
  deleteAccountBodySchema,
} from '@atelier/contract';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { createRateLimiter } from '../../plugins/rate-limit';
import { requireUser, sessionOf } from '../users';
import type { AccountDataContext } from './account-data.context';
import {
  confirmDeletion,
  downloadExport,
  exportAccount,
  requestDeletion,
  runExportSweep,
} from './account-data.service';

const tags = ['account data'];
const ZIP = 'application/zip';
// As the order expiry and held-refund sweeps: a queued export also starts at once after its request.
const SWEEP_INTERVAL_MS = 60_000;

export type AccountDataPluginOptions = {
  /** Above this many images an export is built in the background (config, tests force it). */
  directMaxImages: number;
  appUrl: string;
  now?: () => Date;
  sweepIntervalMs?: number;
};

const zipResponse = (description: string) => ({
  description,
  content: { [ZIP]: { schema: z.string().describe('A ZIP of JSON files and images') } },
});

/** A ZIP to be saved, never cached on the way: it holds everything about a family. */
function sendZip(reply: FastifyReply, fileName: string, body: Buffer | Readable) {
  return reply
    .type(ZIP)
    .header('content-disposition', `attachment; filename="${fileName}"`)
    .header('cache-control', 'private, no-store')
    .send(body);
}

/**
 * A family's data is theirs (docs/product.md#your-data): a copy of everything the school holds
 * about them, and deleting the account by a mailed link.
 */
const registerAccountDataPlugin: FastifyPluginAsyncZod<AccountDataPluginOptions> = async (
  app,
  opts,
) => {
  const ctx: AccountDataContext = {
    db: app.db,
    mailer: app.mail.mailer,
    storage: app.storage,
    images: app.images,
    sessions: app.sessions,
    appUrl: opts.appUrl,
    directMaxImages: opts.directMaxImages,
    passwordChecks: createRateLimiter(
      { limit: 10, windowMs: 15 * 60_000, name: 'account-data:password' },
      app.rateLimits,
    ),
    now: opts.now ?? (() => new Date()),
  };

  // Exports are built whichever server process gets to them first (SKIP LOCKED claims).
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweepNow = () => {
    sweeping = sweeping
      .then(() => runExportSweep(ctx, app.log))
      .catch((err) => app.log.error({ err }, 'account export sweep failed'));
    return sweeping;
  };
  const sweep = setInterval(sweepNow, opts.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
  sweep.unref();
  app.decorate('accountExports', { sweep: sweepNow });
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await sweeping;
  });

  app.get(
    ACCOUNT_DATA_API.export,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Everything the school holds about your family as a ZIP of JSON files and images (200); for a large family 202, and a download link is mailed when it is ready',
        response: {
          200: zipResponse('Your data'),
          202: accountExportAcceptedSchema,
          ...errorResponses(401),
        },
      },
    },
    async (request, reply) => {
      // A guardian exports the family they act for (decision 071); the job and its mail are theirs.
      const answer = await exportAccount(ctx, {
        familyId: viewerOf(request).id,
        userId: sessionOf(request).user.id,
      });
      if (answer.kind === 'queued') {
        // Start now rather than at the next tick; the record makes it durable either way.
        void sweepNow();
        return reply.code(202).send({
          data: {
            id: String(answer.job.id),
            type: 'account_exports' as const,
            attributes: { status: answer.job.status },
          },
        });
      }
      return sendZip(reply, answer.fileName, answer.stream);
    },
  );

  app.get(
    ACCOUNT_DATA_API.exportDownload(':token'),
    {
      schema: {
        tags,
        summary:
          'A prepared export by its mailed link (no session): 404 meta.reason invalid; 410 meta.reason expired',
        params: accountDataTokenParamsSchema,
        response: { 200: zipResponse('Your data'), ...errorResponses(404, 410, 422) },
      },
    },
    async (request, reply) => {
      const { fileName, data } = await downloadExport(ctx, request.params.token);
      return sendZip(reply, fileName, data);
    },
  );

  app.delete(
    ACCOUNT_DATA_API.account,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Asks to delete your account: checks the password (422 on password) and mails a confirmation link; nothing is deleted until it is opened',
        body: deleteAccountBodySchema,
        response: { 202: accountDataEmptyResponseSchema, ...errorResponses(401, 403, 422, 429) },
      },
    },
    async (request, reply) => {
      // The person's own account, never the family a guardian acts for: only the account holder
      // deletes a family (docs/decisions/072-a-familys-data-is-theirs.md).
      await requestDeletion(ctx, sessionOf(request).user.id, request.body.password);
      return reply.code(202).send({ data: null });
    },
  );

  app.put(
    ACCOUNT_DATA_API.deletion(':token'),
    {
      schema: {
        tags,
        summary:
          'Deletes the account from the mailed link (no session needed): children, artwork, messages and sign-in go; orders and ledger entries stay under "Deleted family #id". 404 meta.reason invalid; 410 meta.reason used or expired',
        params: accountDataTokenParamsSchema,
        response: { 200: accountDataEmptyResponseSchema, ...errorResponses(404, 410, 422) },
      },
    },
    async (request) => {
      await confirmDeletion(ctx, request.params.token);
      // Whoever opened the link is signed out with everyone else: no refreshed token goes back.
      request.session = null;
      return { data: null };
    },
  );
};

declare module 'fastify' {
  interface FastifyInstance {
    /** Runs the export sweep now (tests; the interval runs it anyway). */
    accountExports: { sweep(): Promise<unknown> };
  }
}

export const accountDataPlugin = fp(registerAccountDataPlugin, {
  name: 'account-data',
  dependencies: ['db', 'storage', 'mail', 'rate-limits', 'auth'],
});
