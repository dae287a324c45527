import {
  checkoutBodySchema,
  IDEMPOTENCY_KEY_HEADER,
  idempotencyKeySchema,
  ORDERS_API,
  orderDocumentSchema,
  orderIdParamsSchema,
  orderListDocumentSchema,
  orderListQuerySchema,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { bearer, errorResponses, viewerOf } from '../../lib/http';
import { type CouponLookup, noCouponsExist } from '../cart';
import { notify } from '../notifications';
import type { TrialCartDeps } from '../trials';
import { requireUser } from '../users';
import { createOrder } from './checkout.service';
import { expireDue } from './order-expiry.service';
import { applyPaymentEvent } from './order-payment-outcome.service';
import type { OrdersContext } from './orders.context';
import type { PaymentsPort } from './orders.payments';
import { cancelOrder, getOrder, listOrders } from './orders.service';

const tags = ['orders'];

/** How often a server process expires pending orders past their hold (any process may). */
const SWEEP_INTERVAL_MS = 60_000;

export type OrdersPluginOptions = {
  currency: string;
  /** The school's zone: billing periods of monthly payment are its months (decision 075). */
  billingZone?: string;
  /** The clock; tests pin it. */
  now?: () => Date;
  /** Coupon resolution, the same the cart prices with. */
  coupons?: CouponLookup;
  /** Paid trials' facts, the same the cart prices with (docs/decisions/077-trial-classes.md). */
  trials?: TrialCartDeps;
  sweepIntervalMs?: number;
};

/** The orders context from the app; the payments plugin must be registered (`app.payments`). */
export function ordersContextOf(
  app: FastifyInstance,
  opts: Pick<OrdersPluginOptions, 'currency' | 'now' | 'coupons' | 'billingZone' | 'trials'>,
): OrdersContext {
  const now = opts.now ?? (() => new Date());
  return {
    db: app.db,
    cart: {
      db: app.db,
      urls: (key) => app.images.urls(key),
      now,
      coupons: opts.coupons ?? noCouponsExist,
      ...(opts.trials ? { trials: opts.trials } : {}),
    },
    payments: app.getDecorator<PaymentsPort>('payments'),
    mailer: app.mail.mailer,
    notify: (input) => notify(app, input),
    currency: opts.currency,
    ...(opts.billingZone ? { billingZone: opts.billingZone } : {}),
    now,
    log: app.log,
  };
}

/**
 * Checkout and orders (docs/architecture.md#orders-and-payments). Needs `app.payments` (the
 * payments plugin, registered before): it creates intents there and applies its events here.
 */
const registerOrdersPlugin: FastifyPluginAsyncZod<OrdersPluginOptions> = async (app, opts) => {
  const payments = app.getDecorator<PaymentsPort>('payments');
  const ctx = ordersContextOf(app, opts);

  payments.onPaymentEvent((event) => applyPaymentEvent(ctx, event));

  // Reads expire due orders of their reader anyway; the sweep frees everyone else's seats too.
  const sweep = setInterval(() => {
    expireDue(ctx).catch((err) => app.log.warn({ err }, 'expiring pending orders failed'));
  }, opts.sweepIntervalMs ?? SWEEP_INTERVAL_MS);
  sweep.unref();
  app.addHook('onClose', async () => clearInterval(sweep));

  app.get(
    ORDERS_API.orders,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: 'Your orders, newest first: pending, or purchased (paid or refunded), or all',
        querystring: orderListQuerySchema,
        response: { 200: orderListDocumentSchema, ...errorResponses(401, 422) },
      },
    },
    async (request) =>
      listOrders(ctx, viewerOf(request).id, request.query.status, request.query.page),
  );

  app.post(
    ORDERS_API.orders,
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary:
          'Checkout: your cart becomes a pending order holding its seats; the same Idempotency-Key answers the same order',
        headers: z.object({ [IDEMPOTENCY_KEY_HEADER]: idempotencyKeySchema }),
        // Month plans paid monthly, with or without autopay (decision 075); none: all in full.
        body: checkoutBodySchema,
        response: { 201: orderDocumentSchema, ...errorResponses(401, 409, 422) },
      },
    },
    async (request, reply) => {
      const key = request.headers[IDEMPOTENCY_KEY_HEADER];
      const document = await createOrder(
        ctx,
        viewerOf(request).id,
        key,
        request.body?.monthly ?? [],
      );
      return reply.code(201).send(document);
    },
  );

  app.get(
    ORDERS_API.order(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: 'One of your orders (while pending, with how to pay it)',
        params: orderIdParamsSchema,
        response: { 200: orderDocumentSchema, ...errorResponses(401, 404, 422) },
      },
    },
    async (request) => getOrder(ctx, viewerOf(request).id, request.params.id),
  );

  app.delete(
    ORDERS_API.order(':id'),
    {
      onRequest: requireUser,
      schema: {
        tags,
        security: bearer,
        summary: 'Cancels one of your pending orders: its seats go back',
        params: orderIdParamsSchema,
        response: { 200: orderDocumentSchema, ...errorResponses(401, 404, 409, 422) },
      },
    },
    async (request) => cancelOrder(ctx, viewerOf(request).id, request.params.id),
  );
};

export const ordersPlugin = fp(registerOrdersPlugin, {
  name: 'orders',
  dependencies: ['db', 'storage', 'mail', 'auth', 'notifications', 'payments'],
  encapsulate: true,
});
