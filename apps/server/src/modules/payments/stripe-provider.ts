import Stripe from 'stripe';
import type { PaymentsConfig } from '../../config';
import { AppError } from '../../lib/app-error';
import {
  cardOfCharge,
  type IntentRequest,
  type OffSessionChargeRequest,
  type OffSessionChargeResult,
  type PaymentCard,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
  type ProviderSetupIntent,
  type RefundRequest,
  type SavedCard,
  type SetupIntentRequest,
  type VerifiedEvent,
  verifyStripeSignature,
} from './payment-provider';

type StripeConfig = Extract<PaymentsConfig, { provider: 'stripe' }>;

/** Stripe through its official SDK; the browser confirms the card with Stripe.js. */
export class StripePaymentProvider implements PaymentProvider {
  readonly name = 'stripe' as const;
  readonly publishableKey: string;
  private readonly stripe: Stripe;

  constructor(private readonly config: StripeConfig) {
    this.publishableKey = config.publishableKey;
    this.stripe = new Stripe(config.secretKey, {
      ...(config.api ?? {}),
      // The SDK retries network failures and 409s with the same idempotency key, so a retry
      // never makes a second intent or refund.
      maxNetworkRetries: 2,
      timeout: 20_000,
      telemetry: false,
    });
  }

  async createIntent(request: IntentRequest): Promise<ProviderIntent> {
    const intent = await this.call(() =>
      this.stripe.paymentIntents.create(
        {
          amount: request.amount,
          currency: request.currency.toLowerCase(),
          // The webhook finds the order by this (docs/architecture.md#orders-and-payments).
          metadata: {
            ...(request.orderId === null ? {} : { order_id: String(request.orderId) }),
            user_id: String(request.userId ?? ''),
            ...(request.metadata ?? {}),
          },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    if (!intent.client_secret)
      throw new Error(`Stripe answered intent ${intent.id} without a client secret`);
    return { intentId: intent.id, clientSecret: intent.client_secret };
  }

  async cancelIntent(intentId: string): Promise<boolean> {
    try {
      await this.call(() => this.stripe.paymentIntents.cancel(intentId));
      return true;
    } catch (error) {
      // Stripe refuses to cancel an intent that succeeded, is processing or was cancelled.
      if (
        error instanceof Stripe.errors.StripeInvalidRequestError &&
        error.code === 'payment_intent_unexpected_state'
      ) {
        return false;
      }
      throw error;
    }
  }

  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const refund = await this.call(() =>
      this.stripe.refunds.create(
        {
          payment_intent: request.intentId,
          amount: request.amount,
          // Its refund.* events name our refund by this (docs/architecture.md#refunds).
          ...(request.metadata ? { metadata: request.metadata } : {}),
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    return { refundId: refund.id, status: refund.status ?? 'pending' };
  }

  /**
   * A setup intent for off-session use (docs/decisions/075-monthly-tuition-and-billing-runs.md),
   * for the family's Stripe customer, made on its first card: the key makes a retried first card
   * one customer.
   */
  async createSetupIntent(request: SetupIntentRequest): Promise<ProviderSetupIntent> {
    const customerId =
      request.customerId ??
      (
        await this.call(() =>
          this.stripe.customers.create(
            { metadata: { family_id: String(request.familyId) } },
            { idempotencyKey: `family-${request.familyId}-customer` },
          ),
        )
      ).id;
    const intent = await this.call(() =>
      this.stripe.setupIntents.create({
        customer: customerId,
        usage: 'off_session',
        allowed_payment_method_types: ['card'],
        metadata: { family_id: String(request.familyId) },
      }),
    );
    if (!intent.client_secret)
      throw new Error(`Stripe answered setup intent ${intent.id} without a client secret`);
    return { customerId, setupIntentId: intent.id, clientSecret: intent.client_secret };
  }

  async setupIntentCard(setupIntentId: string): Promise<SavedCard | null> {
    const intent = await this.call(() =>
      this.stripe.setupIntents.retrieve(setupIntentId, { expand: ['payment_method'] }),
    );
    if (intent.status !== 'succeeded' || !intent.payment_method) return null;
    const method =
      typeof intent.payment_method === 'string'
        ? await this.call(() =>
            this.stripe.paymentMethods.retrieve(intent.payment_method as string),
          )
        : intent.payment_method;
    const customer = typeof intent.customer === 'string' ? intent.customer : intent.customer?.id;
    if (!method.card || !customer) return null;
    return {
      paymentMethodId: method.id,
      customerId: customer,
      brand: method.card.brand,
      last4: method.card.last4,
      expMonth: method.card.exp_month,
      expYear: method.card.exp_year,
    };
  }

  /**
   * An off-session charge, confirmed at once. A decline is an answer, not an error: Stripe also
   * sends its payment_intent.payment_failed event, which is what the app acts on.
   */
  async chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionChargeResult> {
    try {
      const intent = await this.call(() =>
        this.stripe.paymentIntents.create(
          {
            amount: request.amount,
            currency: request.currency.toLowerCase(),
            customer: request.customerId,
            payment_method: request.paymentMethodId,
            off_session: true,
            confirm: true,
            metadata: request.metadata,
          },
          { idempotencyKey: request.idempotencyKey },
        ),
      );
      return {
        intentId: intent.id,
        status: intent.status === 'succeeded' ? 'succeeded' : 'processing',
        message: null,
      };
    } catch (error) {
      if (error instanceof Stripe.errors.StripeCardError) {
        const intent = (error.raw as { payment_intent?: { id?: string } } | undefined)
          ?.payment_intent;
        return { intentId: intent?.id ?? null, status: 'failed', message: error.message };
      }
      throw error;
    }
  }

  async detachPaymentMethod(paymentMethodId: string): Promise<void> {
    await this.call(() => this.stripe.paymentMethods.detach(paymentMethodId));
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): VerifiedEvent {
    return verifyStripeSignature(rawBody, signature, this.config.webhookSecret);
  }

  /**
   * The intent's latest charge names the card: inline when the event expanded it, else asked of
   * Stripe. A failure is logged by the caller as a missing card, never as a failed payment.
   */
  async paymentCard(event: VerifiedEvent): Promise<PaymentCard | null> {
    const intent = event.data?.object as Partial<Stripe.PaymentIntent> | undefined;
    const charge = intent?.latest_charge;
    if (!charge) return null;
    if (typeof charge !== 'string') return cardOfCharge(charge);
    try {
      return cardOfCharge(await this.stripe.charges.retrieve(charge));
    } catch {
      return null;
    }
  }

  /**
   * Stripe's refusals of a request (invalid or conflicting parameters) are ours to fix: a 500
   * that is logged. Not reaching Stripe, or Stripe failing, is a 503 the buyer may retry.
   */
  private async call<T>(request: () => Promise<T>): Promise<T> {
    try {
      return await request();
    } catch (error) {
      if (
        error instanceof Stripe.errors.StripeConnectionError ||
        error instanceof Stripe.errors.StripeAPIError ||
        error instanceof Stripe.errors.StripeRateLimitError
      ) {
        throw new AppError(
          'unavailable',
          'The payment service is not answering; please try again shortly',
        );
      }
      throw error;
    }
  }
}
