import {
  bookTrialBodySchema,
  idParamsSchema,
  TRIALS_API,
  trialBookingDocumentSchema,
  trialBookingListDocumentSchema,
  trialCartedDocumentSchema,
  trialOptionsDocumentSchema,
  trialOptionsQuerySchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { LANGUAGE_VARY, requestLanguage } from '../../lib/request-language';
import { notify } from '../notifications';
import { requireUser } from '../users';
import type { AddTrialToCart, TrialReads, TrialsContext } from './trials.context';
import { bookTrial, cancelTrial, familyTrials, trialOptions } from './trials.service';

const tags = ['trials'];

export type TrialsPluginOptions = {
  /** Days after the trial class during which enrolling credits its price (TRIAL_CREDIT_DAYS). */
  creditDays: number;
  currency: string;
  /** Classes, enrollments and families (read-models/trial-reads): app.ts hands it over. */
  reads: TrialReads;
  /** Puts a paid trial into the family's cart (the cart module's, handed over by app.ts). */
  addToCart: AddTrialToCart;
  /** The clock; tests pin it. */
  now?: () => Date;
};

/** Trial classes (docs/product.md#trial-classes). */
const registerTrials: FastifyPluginAsyncZod<TrialsPluginOptions> = async (app, opts) => {
  const ctx: TrialsContext = {
    db: app.db,
    now: opts.now ?? (() => new Date()),
    creditDays: opts.creditDays,
    currency: opts.currency,
    notify: (input) => notify(app, input),
    mailer: app.mail.mailer,
    log: app.log,
    reads: opts.reads,
    addToCart: opts.addToCart,
  };
  const family = { onRequest: requireUser };

  app.get(
    TRIALS_API.options,
    {
      schema: {
        tags,
        summary:
          'A programme’s upcoming classes with a free seat to try, soonest first, and the trial’s price',
        querystring: trialOptionsQuerySchema,
        response: { 200: trialOptionsDocumentSchema, ...errorResponses(404, 422) },
      },
    },
    async (request, reply) => {
      // Public, and named in the reader's language (docs/architecture.md#translated-content).
      const language = requestLanguage(request);
      reply.header('vary', LANGUAGE_VARY).header('content-language', language);
      return trialOptions(ctx, request.query.klass_group_id, language);
    },
  );

  app.get(
    TRIALS_API.bookings,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary: 'Your children’s trial classes, newest first',
        response: { 200: trialBookingListDocumentSchema, ...errorResponses(401) },
      },
    },
    (request) => familyTrials(ctx, viewerOf(request), requestLanguage(request)),
  );

  app.post(
    TRIALS_API.bookings,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary:
          'Book your child’s one trial class of a programme (free trials at once; paid ones through the cart)',
        body: bookTrialBodySchema,
        response: {
          201: trialBookingDocumentSchema,
          202: trialCartedDocumentSchema,
          ...errorResponses(401, 409, 422),
        },
      },
    },
    async (request, reply) => {
      const document = await bookTrial(
        ctx,
        viewerOf(request),
        request.body,
        requestLanguage(request),
      );
      // 202: a paid trial waits in the cart for its payment; 201: a free one is booked.
      return reply.code(document.data === null ? 202 : 201).send(document);
    },
  );

  app.delete(
    TRIALS_API.booking(':id'),
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary:
          'Cancel a trial before its class starts; a paid trial’s price becomes account credit',
        params: idParamsSchema,
        response: { 200: trialBookingDocumentSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    (request) => cancelTrial(ctx, viewerOf(request), request.params.id, requestLanguage(request)),
  );
};

export const trialsPlugin = fp(registerTrials, {
  name: 'trials',
  dependencies: ['db', 'auth', 'mail'],
  encapsulate: true,
});
