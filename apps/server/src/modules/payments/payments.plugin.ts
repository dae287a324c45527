import { ORDERS_API } from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { PaymentsConfig } from '../../config';
import { FakePaymentProvider } from './fake-provider';
import {
  type OffSessionChargeRequest,
  type OffSessionChargeResult,
  type PaymentProvider,
  type ProviderName,
  type ProviderSetupIntent,
  type SavedCard,
  type SetupIntentRequest,
  SIGNATURE_HEADER,
} from './payment-provider';
import { fakePaymentRoutes, fakeSetupRoutes, webhookRoutes } from './payments.routes';
import {
  type BillingPaymentEventHandler,
  type CreateIntentInput,
  createIntent,
  type OrderPaymentIntent,
  type PaymentEventHandler,
  type PaymentsContext,
  paymentRepairsDue,
  type RefundInput,
  refund,
  repairPayments,
} from './payments.service';
import type { RefundEventHandler } from './refund-events';
import { StripePaymentProvider } from './stripe-provider';

/**
 * What other modules use of payments (docs/architecture.md#orders-and-payments), decorated as
 * `app.payments`; they read it with `app.getDecorator<…>('payments')`, typed by what they use.
 */
export type Payments = {
  provider: ProviderName;
  /** The order's intent, made once per order (stored; asking again returns it). */
  createIntent(input: CreateIntentInput): Promise<OrderPaymentIntent>;
  /** Registers what applies a verified event to its order; every handler runs once per event. */
  onPaymentEvent(handler: PaymentEventHandler): void;
  refund(input: RefundInput): Promise<{ refundId: string; status: string }>;
  /**
   * Registers what applies a refund's outcome (the refunds module); every handler runs once per
   * event. Optional: stand-ins of payments in other modules' tests need not refund.
   */
  onRefundEvent?(handler: RefundEventHandler): void;
  /** Saved cards and payments that are no order's (decision 075); stand-ins may leave it out. */
  billing?: BillingPayments;
};

/** What the billing module uses of the provider: saved cards, autopay, the balance paid by card. */
export type BillingPayments = {
  publishableKey: string | null;
  createSetupIntent(request: SetupIntentRequest): Promise<ProviderSetupIntent>;
  setupIntentCard(setupIntentId: string): Promise<SavedCard | null>;
  chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionChargeResult>;
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /** An intent the family confirms in the card form, naming the billing payment it pays. */
  createBillingIntent(input: {
    billingPaymentId: number;
    userId: number;
    amount: number;
    currency: string;
  }): Promise<{ intentId: string; clientSecret: string }>;
  /** Cancels the intent of a balance payment replaced by another (see PaymentProvider). */
  cancelIntent(intentId: string): Promise<boolean>;
  onBillingPaymentEvent(handler: BillingPaymentEventHandler): void;
};

/**
 * Payments: `app.payments` for checkout, the webhook route, and with the fake provider its card
 * confirmation route. Register before the modules that use `app.payments`.
 */
/** How often the repair looks again, and how old an unapplied event must be to count as cut short. */
const REPAIR_INTERVAL_MS = 60_000;

export const paymentsPlugin = fp(
  async (app: FastifyInstance, opts: { config: PaymentsConfig; repairIntervalMs?: number }) => {
    const handlers: PaymentEventHandler[] = [];
    const refundHandlers: RefundEventHandler[] = [];
    const config = opts.config;
    const fake =
      config.provider === 'fake'
        ? new FakePaymentProvider(app.db, config.webhookSecret, async (payload, signature) => {
            // Through the app's own HTTP stack: the same route, parser and verification that
            // Stripe's deliveries take (docs/decisions/027-payment-providers.md).
            const res = await app.inject({
              method: 'POST',
              url: ORDERS_API.paymentsWebhook,
              headers: { 'content-type': 'application/json', [SIGNATURE_HEADER]: signature },
              payload,
            });
            if (res.statusCode !== 200) {
              throw new Error(`the webhook refused the fake provider's event: ${res.statusCode}`);
            }
          })
        : null;
    const provider: PaymentProvider =
      fake ?? new StripePaymentProvider(config as Extract<PaymentsConfig, { provider: 'stripe' }>);
    const billingHandlers: BillingPaymentEventHandler[] = [];
    const ctx: PaymentsContext = {
      db: app.db,
      provider,
      handlers,
      refundHandlers,
      billingHandlers,
      log: app.log,
    };

    app.decorate('payments', {
      provider: provider.name,
      createIntent: (input) => createIntent(ctx, input),
      onPaymentEvent: (handler) => void handlers.push(handler),
      refund: (input) => refund(ctx, input),
      onRefundEvent: (handler) => void refundHandlers.push(handler),
      billing: {
        publishableKey: provider.publishableKey,
        createSetupIntent: (request) => provider.createSetupIntent(request),
        setupIntentCard: (id) => provider.setupIntentCard(id),
        chargeOffSession: (request) => provider.chargeOffSession(request),
        detachPaymentMethod: (id) => provider.detachPaymentMethod(id),
        createBillingIntent: (input) =>
          provider.createIntent({
            orderId: null,
            userId: input.userId,
            amount: input.amount,
            currency: input.currency,
            idempotencyKey: `billing-payment-${input.billingPaymentId}-intent`,
            metadata: { billing_payment_id: String(input.billingPaymentId) },
          }),
        cancelIntent: (intentId) => provider.cancelIntent(intentId),
        onBillingPaymentEvent: (handler) => void billingHandlers.push(handler),
      },
    } satisfies Payments);

    // A crash between a payment and its application is repaired when the app is ready (every
    // module has registered its handlers by then), and by a sweep after that. What is due is read
    // in the hook; the repair itself runs after it, because the fake provider delivers through
    // app.inject, which waits for ready.
    let running: Promise<unknown> = Promise.resolve();
    const repair = async (receivedBefore: Date) => {
      const due = await paymentRepairsDue(ctx, receivedBefore);
      if (due.intents.length === 0 && due.events.length === 0) return;
      running = repairPayments(ctx, due).catch((err) =>
        app.log.error({ err }, 'repairing payments failed'),
      );
    };
    const every = opts.repairIntervalMs ?? REPAIR_INTERVAL_MS;
    app.addHook('onReady', async () => {
      await repair(new Date()).catch((err) => app.log.error({ err }, 'reading repairs failed'));
    });
    const sweep = setInterval(() => {
      repair(new Date(Date.now() - every)).catch((err) =>
        app.log.error({ err }, 'reading repairs failed'),
      );
    }, every);
    sweep.unref();
    app.addHook('onClose', async () => {
      clearInterval(sweep);
      await running;
    });

    await app.register(webhookRoutes, { ctx });
    if (fake) {
      await app.register(fakePaymentRoutes, { provider: fake });
      await app.register(fakeSetupRoutes, { provider: fake });
    }
  },
  { name: 'payments', dependencies: ['db'] },
);

/**
 * A stand-in for the payments plugin under the same name (tests of orders play provider events
 * through it): the plugins that need payments find it registered.
 */
export const paymentsStandInPlugin = fp(
  async (app: FastifyInstance, opts: { payments: Payments }) => {
    app.decorate('payments', opts.payments);
  },
  { name: 'payments', dependencies: ['db'] },
);
