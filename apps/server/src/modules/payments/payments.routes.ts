import {
  BILLING_API,
  fakePaymentConfirmBodySchema,
  fakePaymentConfirmResultSchema,
  fakePaymentIntentParamsSchema,
  ORDERS_API,
  paymentWebhookResultSchema,
} from '@atelier/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { errorResponses } from '../../lib/http';
import type { FakePaymentProvider } from './fake-provider';
import { SIGNATURE_HEADER } from './payment-provider';
import { type PaymentsContext, receiveWebhook } from './payments.service';

const tags = ['payments'];

/** Stripe's events are a few kilobytes; this leaves room and no more. */
export const WEBHOOK_BODY_LIMIT = 256 * 1024;

/**
 * The provider's webhook. Its own plugin scope: the signature is over the exact bytes sent, so
 * this route alone reads JSON as a raw buffer (parsing and re-serialising would change them).
 */
export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: PaymentsContext }> = async (app, opts) => {
  app.removeAllContentTypeParsers();
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'buffer', bodyLimit: WEBHOOK_BODY_LIMIT },
    (_request, body, done) => done(null, body),
  );

  app.post(
    ORDERS_API.paymentsWebhook,
    {
      bodyLimit: WEBHOOK_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Payment provider events, signed (Stripe-Signature): stored by id and applied once',
        response: { 200: paymentWebhookResultSchema, ...errorResponses(400, 413, 415) },
      },
    },
    async (request) => {
      const signature = request.headers[SIGNATURE_HEADER];
      const body = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
      await receiveWebhook(opts.ctx, body, typeof signature === 'string' ? signature : undefined);
      return { received: true as const };
    },
  );
};

/**
 * The fake provider's stand-in for Stripe.js confirming a card (never in production: config
 * refuses the fake there). No session: Stripe.js calls Stripe without our token; the intent's
 * client secret is what proves the caller was given this payment.
 */
export const fakePaymentRoutes: FastifyPluginAsyncZod<{ provider: FakePaymentProvider }> = async (
  app,
  opts,
) => {
  app.post(
    ORDERS_API.fakePaymentConfirm(':intent_id'),
    {
      schema: {
        tags,
        summary: "Confirms a fake intent with a card number, like Stripe's test cards",
        params: fakePaymentIntentParamsSchema,
        body: fakePaymentConfirmBodySchema,
        response: { 200: fakePaymentConfirmResultSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) =>
      opts.provider.confirm(
        request.params.intent_id,
        request.body.client_secret,
        request.body.card_number,
        request.body.exp_month !== undefined && request.body.exp_year !== undefined
          ? { month: request.body.exp_month, year: request.body.exp_year }
          : null,
      ),
  );
};

/** The fake provider's stand-in for Stripe.js confirming a card setup (decision 075). */
export const fakeSetupRoutes: FastifyPluginAsyncZod<{ provider: FakePaymentProvider }> = async (
  app,
  opts,
) => {
  app.post(
    BILLING_API.fakeSetupConfirm(':intent_id'),
    {
      schema: {
        tags,
        summary: "Saves a card on a fake setup intent, like Stripe's test cards",
        params: fakePaymentIntentParamsSchema,
        body: fakePaymentConfirmBodySchema,
        response: { 200: fakePaymentConfirmResultSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) =>
      opts.provider.confirmSetup(
        request.params.intent_id,
        request.body.client_secret,
        request.body.card_number,
        request.body.exp_month !== undefined && request.body.exp_year !== undefined
          ? { month: request.body.exp_month, year: request.body.exp_year }
          : null,
      ),
  );
};
