import Stripe from 'stripe';
import { AppError } from '../../lib/app-error';

// docs/architecture.md#orders-and-payments: checkout talks to a PaymentProvider, Stripe in
// production, the in-process fake elsewhere. Both speak Stripe's shapes: intents with a client
// secret, events signed with a webhook secret and checked by the Stripe SDK.

export type ProviderName = 'stripe' | 'fake';

export type IntentRequest = {
  /** Null for a payment that is no order's: a family paying its balance (decision 075). */
  orderId: number | null;
  /** Null for a walk-in's order (no account; docs/product.md#customers). */
  userId: number | null;
  /** Integer cents. */
  amount: number;
  /** ISO 4217, as the order stores it. */
  currency: string;
  /** Derived from the order id: asking twice for one order gets one intent. */
  idempotencyKey: string;
  /** More metadata the intent's events carry back (`billing_payment_id`: decision 075). */
  metadata?: Record<string, string>;
};

export type ProviderIntent = { intentId: string; clientSecret: string };

export type RefundRequest = {
  intentId: string;
  amount: number;
  idempotencyKey: string;
  /** Stored with the refund and sent back in its events (`order_id`, `refund_id`: docs/architecture.md#refunds). */
  metadata?: Record<string, string>;
};

export type ProviderRefund = { refundId: string; status: string };

/** The card a payment was taken from, as the provider reports it (for receipts). */
export type PaymentCard = { brand: string; last4: string };

/**
 * Saving a card for later (docs/decisions/075-monthly-tuition-and-billing-runs.md): a setup
 * intent at the provider, for the family's customer there (made on the first card).
 */
export type SetupIntentRequest = {
  familyId: number;
  /** The family's customer at the provider, or null to make one. */
  customerId: string | null;
};
export type ProviderSetupIntent = {
  customerId: string;
  setupIntentId: string;
  clientSecret: string;
};

/** A card saved by a setup intent that succeeded. */
export type SavedCard = {
  paymentMethodId: string;
  customerId: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
};

/** A charge to a saved card with nobody at the keyboard (autopay). */
export type OffSessionChargeRequest = {
  customerId: string;
  paymentMethodId: string;
  amount: number;
  currency: string;
  /** Carried back by the intent's events: `billing_payment_id` names what it pays. */
  metadata: Record<string, string>;
  /** One attempt, one intent, however often asked. */
  idempotencyKey: string;
};

/**
 * What the provider answered at once. Money moves in the app only when the intent's signed event
 * arrives through the webhook; this answer is for logs and the run's report.
 */
export type OffSessionChargeResult = {
  intentId: string | null;
  status: 'succeeded' | 'processing' | 'failed';
  message: string | null;
};

/** A webhook event whose signature checked out: Stripe's event object. */
export type VerifiedEvent = Stripe.Event;

/**
 * What checkout needs of a card provider. Confirming the card is not here: with Stripe the browser
 * confirms it with Stripe.js (card numbers never reach this server); the fake's confirm route
 * stands in for that call. Either way the outcome arrives as a signed webhook event.
 */
export interface PaymentProvider {
  readonly name: ProviderName;
  /** What the browser's card form is initialised with; null for the fake. */
  readonly publishableKey: string | null;
  createIntent(request: IntentRequest): Promise<ProviderIntent>;
  /**
   * Cancels an intent nobody has paid, so its card form can no longer take money: true when it
   * was cancelled, false when it could not be any more (paid, being paid, or cancelled already).
   */
  cancelIntent(intentId: string): Promise<boolean>;
  refund(request: RefundRequest): Promise<ProviderRefund>;
  /**
   * The card a succeeded intent's event was paid with, or null when the provider does not say
   * (receipts then say "card" alone). Never throws: a receipt detail must not hold up a payment.
   */
  paymentCard(event: VerifiedEvent): Promise<PaymentCard | null>;
  /** The event the raw body carries, if `signature` proves it came from the provider; else 400. */
  verifyWebhook(rawBody: Buffer, signature: string | undefined): VerifiedEvent;
  /** Starts saving a card: the browser confirms the setup intent in the card form. */
  createSetupIntent(request: SetupIntentRequest): Promise<ProviderSetupIntent>;
  /** The card a setup intent saved, or null while it has not succeeded (or is not this customer's). */
  setupIntentCard(setupIntentId: string): Promise<SavedCard | null>;
  /** Charges a saved card off-session; the outcome also arrives as a signed event. */
  chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionChargeResult>;
  /** Forgets a saved card at the provider (removed by the family). */
  detachPaymentMethod(paymentMethodId: string): Promise<void>;
  /**
   * The intents of payments the provider took but whose success this app never stored (a crash
   * between the two), and how to send one's success again. Stripe needs neither: it retries a
   * delivery that was not answered 200, for days.
   */
  unannouncedIntents?(): Promise<string[]>;
  announceAgain?(intentId: string): Promise<void>;
}

/** The signature header Stripe (and the fake, the same way) puts on a webhook request. */
export const SIGNATURE_HEADER = 'stripe-signature';

/**
 * Checks a Stripe-style signature with the SDK (HMAC of timestamp and body, and a timestamp within
 * the SDK's five-minute tolerance, so an old captured request cannot be replayed later).
 */
export function verifyStripeSignature(
  rawBody: Buffer,
  signature: string | undefined,
  secret: string,
): VerifiedEvent {
  if (!signature) throw new AppError('bad_request', 'Missing webhook signature');
  try {
    return Stripe.webhooks.constructEvent(rawBody, signature, secret);
  } catch {
    // The SDK's message names what failed to match; the caller only needs to know it did not.
    throw new AppError('bad_request', 'Invalid webhook signature');
  }
}

/** What an applied event means for its order. */
export type PaymentOutcome = {
  type: 'succeeded' | 'failed';
  orderId: number;
  intentId: string;
  /** Why the card failed, as the provider says it (shown to the buyer). */
  message: string | null;
};

/**
 * The outcome an event carries, or null for events this app does not act on (anything but an
 * intent that succeeded or failed, or an intent that names no order of ours).
 */
export function outcomeOf(event: VerifiedEvent): PaymentOutcome | null {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
    return null;
  }
  // Signed does not mean well-formed: an event missing its intent is ignored, not a 500.
  const intent = event.data?.object as Partial<Stripe.PaymentIntent> | undefined;
  if (typeof intent?.id !== 'string') return null;
  const orderId = Number(intent.metadata?.order_id);
  if (!Number.isSafeInteger(orderId) || orderId <= 0) return null;
  return {
    type: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
    orderId,
    intentId: intent.id,
    message:
      event.type === 'payment_intent.payment_failed'
        ? (intent.last_payment_error?.message ?? null)
        : null,
  };
}

/** What an applied event means for a payment that is no order's (decision 075). */
export type BillingPaymentOutcome = {
  type: 'succeeded' | 'failed';
  billingPaymentId: number;
  intentId: string;
  message: string | null;
};

/** The outcome of an intent event naming a billing payment (`metadata.billing_payment_id`), or null. */
export function billingOutcomeOf(event: VerifiedEvent): BillingPaymentOutcome | null {
  if (event.type !== 'payment_intent.succeeded' && event.type !== 'payment_intent.payment_failed') {
    return null;
  }
  const intent = event.data?.object as Partial<Stripe.PaymentIntent> | undefined;
  if (typeof intent?.id !== 'string') return null;
  const billingPaymentId = Number(intent.metadata?.billing_payment_id);
  if (!Number.isSafeInteger(billingPaymentId) || billingPaymentId <= 0) return null;
  return {
    type: event.type === 'payment_intent.succeeded' ? 'succeeded' : 'failed',
    billingPaymentId,
    intentId: intent.id,
    message:
      event.type === 'payment_intent.payment_failed'
        ? (intent.last_payment_error?.message ?? 'Your card was declined.')
        : null,
  };
}

/**
 * The card of a charge as Stripe shapes it (`payment_method_details.card`), or null when the
 * charge is not an object or names no card.
 */
export function cardOfCharge(charge: unknown): PaymentCard | null {
  if (typeof charge !== 'object' || charge === null) return null;
  const details = (charge as Partial<Stripe.Charge>).payment_method_details;
  const card = details?.card;
  if (!card || typeof card.last4 !== 'string' || !/^\d{4}$/.test(card.last4)) return null;
  return { brand: typeof card.brand === 'string' ? card.brand : 'card', last4: card.last4 };
}
