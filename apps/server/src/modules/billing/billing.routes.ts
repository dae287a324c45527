import {
  BILLING_API,
  balanceDocumentSchema,
  balancePaymentDocumentSchema,
  billingRunBodySchema,
  billingRunDocumentSchema,
  idParamsSchema,
  monthlyEnrollmentListDocumentSchema,
  monthlyEnrollmentPatchSchema,
  paymentMethodBodySchema,
  paymentMethodListDocumentSchema,
  paymentMethodPostResultSchema,
} from '@atelier/contract';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { requestLanguage } from '../../lib/request-language';
import { notify } from '../notifications';
import type { Payments } from '../payments';
import { requireRole, requireUser } from '../users';
import { balanceDocument, payBalance } from './balance.service';
import type { BillingContext } from './billing.context';
import { applyBillingPaymentEvent, runBilling, scheduledBillingTick } from './billing-runs.service';
import {
  endMonthlyEnrollment,
  listMonthlyEnrollments,
  setAutopayCard,
} from './monthly-enrollments.service';
import {
  listPaymentMethods,
  removePaymentMethod,
  savePaymentMethod,
} from './payment-methods.service';

const tags = ['billing'];

/** How often each process looks for a month to bill and declined autopay to retry. */
const TICK_INTERVAL_MS = 60 * 60_000;

export type BillingPluginOptions = {
  currency: string;
  /** The school's time zone: billing periods are its months. */
  zone: string;
  noticeDays: number;
  /** The clock; tests pin it. */
  now?: () => Date;
  /** 0 turns the schedule off (tests run it by hand). */
  tickIntervalMs?: number;
};

/** The billing context of the app (its payments, mail and notifications), for tests too. */
export function billingContextOf(
  app: Parameters<FastifyPluginAsyncZod<BillingPluginOptions>>[0],
  opts: BillingPluginOptions,
): BillingContext {
  const payments = app.getDecorator<Payments>('payments');
  return {
    db: app.db,
    now: opts.now ?? (() => new Date()),
    currency: opts.currency,
    zone: opts.zone,
    noticeDays: opts.noticeDays,
    provider: payments.provider,
    payments: payments.billing ?? null,
    notify: (input) => notify(app, input),
    mailer: app.mail.mailer,
    log: app.log,
  };
}

/** Saved cards, monthly enrollments, the balance due and billing runs (decision 075). */
const registerBilling: FastifyPluginAsyncZod<BillingPluginOptions> = async (app, opts) => {
  const ctx = billingContextOf(app, opts);
  ctx.payments?.onBillingPaymentEvent((event) => applyBillingPaymentEvent(ctx, event));

  // The monthly run starts by itself: every process ticks; a month is charged once and an
  // attempt claimed once whichever ticks first (docs/decisions/075-monthly-tuition-and-billing-runs.md).
  const every = opts.tickIntervalMs ?? TICK_INTERVAL_MS;
  if (every > 0) {
    let running: Promise<unknown> = Promise.resolve();
    const tick = setInterval(() => {
      running = scheduledBillingTick(ctx).catch((err) =>
        app.log.warn({ err }, 'the billing run failed; the next tick tries again'),
      );
    }, every);
    tick.unref();
    app.addHook('onClose', async () => {
      clearInterval(tick);
      await running;
    });
  }

  const family = { onRequest: requireUser };

  app.get(
    BILLING_API.paymentMethods,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary: 'Your family’s saved cards, the default first',
        response: { 200: paymentMethodListDocumentSchema, ...errorResponses(401) },
      },
    },
    (request) => listPaymentMethods(ctx, viewerOf(request).id),
  );

  app.post(
    BILLING_API.paymentMethods,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary:
          'Save a card: {} starts a setup to confirm in the card form; {setup_intent_id} stores the card it saved',
        body: paymentMethodBodySchema,
        response: {
          200: paymentMethodPostResultSchema,
          201: paymentMethodPostResultSchema,
          ...errorResponses(401, 404, 422, 503),
        },
      },
    },
    async (request, reply) => {
      const result = await savePaymentMethod(ctx, viewerOf(request).id, request.body);
      return reply.code('data' in result ? 201 : 200).send(result);
    },
  );

  app.delete(
    BILLING_API.paymentMethod(':id'),
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary: 'Remove a saved card; monthly enrollments it paid stop autopay',
        params: idParamsSchema,
        response: { 204: z.null().describe('Removed'), ...errorResponses(401, 404, 422) },
      },
    },
    async (request, reply) => {
      await removePaymentMethod(ctx, viewerOf(request).id, request.params.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    BILLING_API.monthlyEnrollments,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary: 'Your monthly enrollments with their autopay card and next charge',
        response: { 200: monthlyEnrollmentListDocumentSchema, ...errorResponses(401) },
      },
    },
    (request) => listMonthlyEnrollments(ctx, viewerOf(request).id, requestLanguage(request)),
  );

  app.patch(
    BILLING_API.monthlyEnrollment(':id'),
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary: 'Change the autopay card of a monthly enrollment (null: no autopay)',
        params: idParamsSchema,
        body: monthlyEnrollmentPatchSchema,
        response: { 200: monthlyEnrollmentListDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const familyId = viewerOf(request).id;
      await setAutopayCard(ctx, familyId, request.params.id, request.body.payment_method_id);
      return listMonthlyEnrollments(ctx, familyId, requestLanguage(request));
    },
  );

  app.delete(
    BILLING_API.monthlyEnrollment(':id'),
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary:
          'End a monthly enrollment at the end of the month the school’s notice runs out in; later months are not billed',
        params: idParamsSchema,
        response: { 200: monthlyEnrollmentListDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => {
      const familyId = viewerOf(request).id;
      await endMonthlyEnrollment(ctx, familyId, request.params.id);
      return listMonthlyEnrollments(ctx, familyId, requestLanguage(request));
    },
  );

  app.get(
    BILLING_API.balance,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary: 'What your family owes now (autopay under way left out)',
        response: { 200: balanceDocumentSchema, ...errorResponses(401) },
      },
    },
    (request) => balanceDocument(ctx, viewerOf(request).id),
  );

  app.post(
    BILLING_API.balance,
    {
      ...family,
      schema: {
        tags,
        security: bearer,
        summary: 'Pay the balance due by card: how to confirm the payment in the card form',
        response: { 201: balancePaymentDocumentSchema, ...errorResponses(401, 409, 503) },
      },
    },
    async (request, reply) => reply.code(201).send(await payBalance(ctx, viewerOf(request).id)),
  );

  app.post(
    BILLING_API.adminBillingRuns,
    {
      onRequest: requireRole('admin'),
      schema: {
        tags,
        security: bearer,
        summary:
          'Run (or with dry_run preview) a month’s tuition billing: per family what was (or would be) charged; a month is never charged twice',
        body: billingRunBodySchema,
        response: { 200: billingRunDocumentSchema, ...errorResponses(401, 403, 422) },
      },
    },
    (request) =>
      runBilling(ctx, request.body.period, {
        dryRun: request.body.dry_run ?? false,
        actorId: viewerOf(request).userId,
      }),
  );
};

export const billingPlugin = fp(registerBilling, {
  name: 'billing',
  dependencies: ['db', 'auth', 'mail', 'payments'],
  encapsulate: true,
});
