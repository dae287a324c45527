import {
  directRefundBodySchema,
  heldRefundSchema,
  idParamsSchema,
  keepAsCreditBodySchema,
  keepAsCreditQuerySchema,
  orderRefundsDocumentSchema,
  REFUNDS_API,
  refundDecisionBodySchema,
  refundDocumentSchema,
  refundRequestBodySchema,
  refundRequestDocumentSchema,
  refundRequestListDocumentSchema,
  refundRequestListQuerySchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { notify } from '../notifications';
import type { PaymentEventHandler, RefundEventHandler } from '../payments';
import { requireRole, requireUser } from '../users';
import { heldRefund, keepAsCredit, sendDueRefunds } from './held-refunds';
import { returnLatePayment } from './late-payment-refunds';
import { decideRefundRequest, listRefundRequests, requestRefund } from './refund-requests.service';
import type { RefundsContext, RefundsPaymentsPort } from './refunds.context';
import { applyRefundEvent, orderRefunds, refundDirectly } from './refunds.service';

const tags = ['refunds'];

/** What refunds use of `app.payments` (the payments plugin, registered before). */
type PaymentsForRefunds = RefundsPaymentsPort & {
  onRefundEvent?(handler: RefundEventHandler): void;
  onPaymentEvent(handler: PaymentEventHandler): void;
};

/** How often held late-payment refunds are looked for (the payments repair's rhythm). */
const SWEEP_INTERVAL_MS = 60_000;

export type RefundsPluginOptions = {
  /** Minutes a late payment's card refund is held for the family's choice; 0 (default): at once. */
  latePaymentHoldMinutes?: number;
  /** Signs the mailed keep-as-credit links (the server's secret). */
  linkSecret?: string;
  sweepIntervalMs?: number;
};

/**
 * Refunds (docs/architecture.md#refunds): a family's requests, an admin's decisions and direct
 * refunds, the provider's confirmations applied once, and a late payment's held refund.
 */
const registerRefundsPlugin: FastifyPluginAsyncZod<RefundsPluginOptions> = async (app, opts) => {
  if (!app.hasDecorator('payments')) {
    throw new Error('refundsPlugin needs app.payments: register the payments plugin before it');
  }
  const payments = app.getDecorator<PaymentsForRefunds>('payments');
  const ctx: RefundsContext = {
    db: app.db,
    payments,
    mailer: app.mail.mailer,
    notify: (input) => notify(app, input),
    log: app.log,
    // No secret, no link to sign: late payments then go back at once, as before the hold.
    latePaymentHoldMinutes: opts.linkSecret ? (opts.latePaymentHoldMinutes ?? 0) : 0,
    linkSecret: opts.linkSecret ?? '',
  };
  // Held refunds go to the card when due, whichever server process gets there first.
  let sweeping: Promise<unknown> = Promise.resolve();
  const sweep = setInterval(() => {
    sweeping = sendDueRefunds(ctx).catch((err) =>
      app.log.error({ err }, 'sending held refunds failed'),
    );
  }, opts.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => {
    clearInterval(sweep);
    await sweeping;
  });
  // A stand-in of payments (other modules' tests) may not refund; then nothing comes back either.
  payments.onRefundEvent?.((event) => applyRefundEvent(ctx, event));
  // Registered after the orders plugin's handler: by then a late payment has failed its order,
  // and its money goes back (docs/decisions/063-late-payments-are-returned.md).
  payments.onPaymentEvent((event) => returnLatePayment(ctx, event));

  app.post(
    REFUNDS_API.orderRefundRequests(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Asks for a refund of one of your paid orders, whole or for some attendees, with a reason',
        params: idParamsSchema,
        body: refundRequestBodySchema,
        response: { 201: refundRequestDocumentSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request, reply) => {
      const doc = await requestRefund(ctx, viewerOf(request), request.params.id, request.body);
      return reply.code(201).send(doc);
    },
  );

  app.get(
    REFUNDS_API.orderRefunds(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          "An order's refund requests and refunds, with what is refunded and what is left (its owner or an admin)",
        params: idParamsSchema,
        response: { 200: orderRefundsDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => orderRefunds(ctx, viewerOf(request), request.params.id),
  );

  app.get(
    REFUNDS_API.adminRefundRequests,
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security: bearer,
        summary: 'Refund requests, newest first, optionally of one status (admins)',
        querystring: refundRequestListQuerySchema,
        response: { 200: refundRequestListDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    async (request) => listRefundRequests(ctx, request.query.status, request.query.page),
  );

  app.put(
    REFUNDS_API.adminRefundRequest(':id'),
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security: bearer,
        summary:
          "Approves a refund request (an amount, or the attendees' share / what is left) or rejects it (admins)",
        params: idParamsSchema,
        body: refundDecisionBodySchema,
        response: {
          200: refundRequestDocumentSchema,
          ...errorResponses(401, 403, 404, 409, 422, 503),
        },
      },
    },
    async (request) =>
      decideRefundRequest(ctx, viewerOf(request).id, request.params.id, request.body),
  );

  // The mailed link's own: a signed token says which refund, no sign-in needed.
  app.get(
    REFUNDS_API.keepAsCredit,
    {
      schema: {
        tags,
        summary:
          "A late payment's held card refund, as its mailed link shows it: held, gone to the card, or kept as credit",
        querystring: keepAsCreditQuerySchema,
        response: { 200: heldRefundSchema, ...errorResponses(404, 422) },
      },
    },
    async (request) => heldRefund(ctx, request.query.token),
  );

  app.post(
    REFUNDS_API.keepAsCredit,
    {
      schema: {
        tags,
        summary:
          "Keeps a late payment's held card refund as account credit instead (the mailed link); 409 once it went to the card",
        body: keepAsCreditBodySchema,
        response: { 200: heldRefundSchema, ...errorResponses(404, 409, 422) },
      },
    },
    async (request) => keepAsCredit(ctx, request.body.token),
  );

  app.post(
    REFUNDS_API.adminOrderRefunds(':id'),
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security: bearer,
        summary:
          'Refunds an order directly, in full or in part, by card, cash, check or account credit, optionally ending some attendees’ places (admins)',
        params: idParamsSchema,
        body: directRefundBodySchema,
        response: { 201: refundDocumentSchema, ...errorResponses(401, 403, 404, 409, 422, 503) },
      },
    },
    async (request, reply) => {
      const doc = await refundDirectly(ctx, viewerOf(request).id, request.params.id, request.body);
      return reply.code(201).send(doc);
    },
  );
};

export const refundsPlugin = fp(registerRefundsPlugin, {
  name: 'refunds',
  dependencies: ['db', 'mail', 'auth', 'notifications', 'payments', 'orders'],
  encapsulate: true,
});
