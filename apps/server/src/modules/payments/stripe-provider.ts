import Stripe from 'stripe';
import type { PaymentsConfig } from '../../config';
import { AppError } from '../../lib/app-error';
import {
  cardOfCharge,
  type IntentRequest,
  type PaymentCard,
  type PaymentProvider,
  type ProviderIntent,
  type ProviderRefund,
  type RefundRequest,
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
          metadata: { order_id: String(request.orderId), user_id: String(request.userId ?? '') },
          automatic_payment_methods: { enabled: true },
        },
        { idempotencyKey: request.idempotencyKey },
      ),
    );
    if (!intent.client_secret)
      throw new Error(`Stripe answered intent ${intent.id} without a client secret`);
    return { intentId: intent.id, clientSecret: intent.client_secret };
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
