import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  type CardExpiry,
  cardExpired,
  EXPIRED_CARD,
  type FakePaymentConfirmResult,
} from '@atelier/contract';
import Stripe from 'stripe';
import type { Db } from '../../db/client';
import { AppError, notFound } from '../../lib/app-error';
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
import {
  type FakeIntentRow,
  fakeIntentById,
  fakeSetupIntentById,
  fakeSetupIntentOfMethod,
  insertFakeIntent,
  insertFakeSetupIntent,
  markFakeSetupSucceeded,
  settleFakeIntent,
  unannouncedFakeIntents,
} from './payments.repository';

/** A card error as Stripe states it: its code and the message shown to the buyer. */
type CardError = { code: string; message: string };

const DECLINED: CardError = { code: 'card_declined', message: 'Your card was declined.' };
const INSUFFICIENT_FUNDS: CardError = {
  code: 'insufficient_funds',
  message: 'Your card has insufficient funds.',
};

/** Stripe's test cards this fake knows; any other well-formed number is declined. */
const TEST_CARDS: ReadonlyMap<string, CardError | null> = new Map([
  ['4242424242424242', null],
  ['4000000000000002', DECLINED],
  ['4000000000009995', INSUFFICIENT_FUNDS],
]);

/**
 * Stripe's test card that is saved but whose every charge is declined (4000 0000 0000 0341):
 * the card autopay retries are tried with (docs/decisions/075-monthly-tuition-and-billing-runs.md).
 */
const SAVES_THEN_DECLINES = '4000000000000341';

/** The brand a test card number names, as Stripe reports it. */
function brandOf(cardNumber: string): string {
  if (cardNumber.startsWith('4')) return 'visa';
  if (/^5[1-5]/.test(cardNumber)) return 'mastercard';
  if (/^3[47]/.test(cardNumber)) return 'amex';
  return 'card';
}

/**
 * The year and month it still is somewhere on Earth (UTC−12, the last zone to leave a month). The
 * route does not know the buyer's zone, and the card form already refused a past month in theirs:
 * the server refuses only a month that has ended everywhere, so it never refuses what the form let
 * through.
 */
function monthStillSomewhere(now: Date): { year: number; month: number } {
  const behind = new Date(now.getTime() - 12 * 60 * 60 * 1000);
  return { year: behind.getUTCFullYear(), month: behind.getUTCMonth() + 1 };
}

/**
 * What happens to a payment with this card (digits only) and, when sent, this expiry: null when
 * it goes through. A past expiry is refused whatever the number, as Stripe's test cards are.
 */
export function fakeCardOutcome(
  cardNumber: string,
  expiry: CardExpiry | null = null,
  now: Date = new Date(),
): CardError | null {
  if (expiry && cardExpired(expiry, monthStillSomewhere(now))) return { ...EXPIRED_CARD };
  const known = TEST_CARDS.get(cardNumber);
  return known === undefined ? DECLINED : known;
}

/** Hands a signed event to the webhook route, as Stripe would POST it. */
export type WebhookDelivery = (payload: string, signature: string) => Promise<void>;

const token = () => randomBytes(12).toString('hex');

function sameSecret(given: string, stored: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(stored);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Stripe in-process (development, tests, the benches; never production): intents in
 * fake_payment_intents so every server process sees them, Stripe's test-card behaviour, and
 * outcomes sent as Stripe-shaped events signed with the webhook secret to the same webhook route
 * Stripe calls (docs/decisions/027-payment-providers.md).
 */
export class FakePaymentProvider implements PaymentProvider {
  readonly name = 'fake' as const;
  readonly publishableKey = null;

  constructor(
    private readonly db: Db,
    private readonly webhookSecret: string,
    private readonly deliver: WebhookDelivery,
  ) {}

  async createIntent(request: IntentRequest): Promise<ProviderIntent> {
    const id = `pi_fake_${token()}`;
    const row = await insertFakeIntent(this.db, {
      id,
      idempotencyKey: request.idempotencyKey,
      amount: request.amount,
      currency: request.currency.toLowerCase(),
      clientSecret: `${id}_secret_${token()}`,
      metadata: {
        ...(request.orderId === null ? {} : { order_id: String(request.orderId) }),
        user_id: String(request.userId ?? ''),
        ...(request.metadata ?? {}),
      },
    });
    return { intentId: row.id, clientSecret: row.clientSecret };
  }

  async cancelIntent(intentId: string): Promise<boolean> {
    return settleFakeIntent(this.db, intentId, 'canceled');
  }

  async createSetupIntent(request: SetupIntentRequest): Promise<ProviderSetupIntent> {
    const id = `seti_fake_${token()}`;
    const customerId = request.customerId ?? `cus_fake_${request.familyId}_${token()}`;
    const row = await insertFakeSetupIntent(this.db, {
      id,
      customerId,
      clientSecret: `${id}_secret_${token()}`,
    });
    return { customerId, setupIntentId: row.id, clientSecret: row.clientSecret };
  }

  async setupIntentCard(setupIntentId: string): Promise<SavedCard | null> {
    const row = await fakeSetupIntentById(this.db, setupIntentId);
    if (
      row?.status !== 'succeeded' ||
      !row.paymentMethodId ||
      !row.last4 ||
      row.expMonth === null ||
      row.expYear === null
    ) {
      return null;
    }
    return {
      paymentMethodId: row.paymentMethodId,
      customerId: row.customerId,
      brand: row.brand ?? 'card',
      last4: row.last4,
      expMonth: row.expMonth,
      expYear: row.expYear,
    };
  }

  /**
   * What Stripe.js's confirmCardSetup does against Stripe: a card that would be declined is not
   * saved; any other test card is (4000 0000 0000 0341 too, whose charges then fail).
   */
  async confirmSetup(
    setupIntentId: string,
    clientSecret: string,
    cardNumber: string,
    expiry: CardExpiry | null = null,
    now: Date = new Date(),
  ): Promise<FakePaymentConfirmResult> {
    const row = await fakeSetupIntentById(this.db, setupIntentId);
    if (!row || !sameSecret(clientSecret, row.clientSecret)) throw notFound('Setup intent');
    if (row.status === 'succeeded') return { status: 'succeeded', error: null };
    const error = cardNumber === SAVES_THEN_DECLINES ? null : fakeCardOutcome(cardNumber, expiry);
    if (error) return { status: 'failed', error };
    const year = now.getUTCFullYear();
    await markFakeSetupSucceeded(this.db, row.id, {
      paymentMethodId: `pm_fake_${token()}`,
      cardNumber,
      brand: brandOf(cardNumber),
      last4: cardNumber.slice(-4),
      expMonth: expiry?.month ?? 12,
      expYear: expiry?.year ?? year + 3,
    });
    return { status: 'succeeded', error: null };
  }

  /**
   * Charges a saved card as Stripe would off-session: the attempt's key is one intent, its
   * outcome sent through the webhook like a confirmation's.
   */
  async chargeOffSession(request: OffSessionChargeRequest): Promise<OffSessionChargeResult> {
    const card = await fakeSetupIntentOfMethod(this.db, request.paymentMethodId);
    if (!card?.cardNumber || card.customerId !== request.customerId) {
      return { intentId: null, status: 'failed', message: 'No such payment method.' };
    }
    const id = `pi_fake_${token()}`;
    const intent = await insertFakeIntent(this.db, {
      id,
      idempotencyKey: request.idempotencyKey,
      amount: request.amount,
      currency: request.currency.toLowerCase(),
      clientSecret: `${id}_secret_${token()}`,
      metadata: request.metadata,
    });
    if (intent.status === 'succeeded') {
      await this.send(intent, 'payment_intent.succeeded', null);
      return { intentId: intent.id, status: 'succeeded', message: null };
    }
    const error =
      card.cardNumber === SAVES_THEN_DECLINES ? DECLINED : fakeCardOutcome(card.cardNumber);
    if (error) {
      await this.send(intent, 'payment_intent.payment_failed', error);
      return { intentId: intent.id, status: 'failed', message: error.message };
    }
    if (await settleFakeIntent(this.db, intent.id, 'succeeded')) {
      await this.send(intent, 'payment_intent.succeeded', null);
    }
    return { intentId: intent.id, status: 'succeeded', message: null };
  }

  async detachPaymentMethod(_paymentMethodId: string): Promise<void> {
    // The fake keeps the card's row: an attempt already made still reads it; nothing charges it
    // again once the family's saved card is gone.
  }

  /** Like Stripe: a paid intent refunds up to its amount; one key is one refund. */
  async refund(request: RefundRequest): Promise<ProviderRefund> {
    const intent = await fakeIntentById(this.db, request.intentId);
    if (!intent) throw notFound('Payment intent');
    if (intent.status !== 'succeeded') {
      throw new AppError('conflict', 'This payment has not been made, so it cannot be refunded');
    }
    if (
      !Number.isSafeInteger(request.amount) ||
      request.amount <= 0 ||
      request.amount > intent.amount
    ) {
      throw new AppError('conflict', 'A refund must be more than 0 and at most the amount paid');
    }
    // Derived from the key, so retrying a refund names the same refund, as Stripe's would.
    const digest = createHash('sha256')
      .update(`${request.intentId}\n${request.idempotencyKey}`)
      .digest('hex');
    const refundId = `re_fake_${digest.slice(0, 24)}`;
    // Refunds at once, and says so the way Stripe does: a signed refund.updated event through the
    // webhook (docs/architecture.md#refunds). Its id follows the refund's, so a retried refund
    // sends the same event again, which the webhook applies once.
    const payload = JSON.stringify(
      fakeRefundEvent(
        { id: refundId, amount: request.amount, intentId: intent.id, currency: intent.currency },
        request.metadata ?? {},
        `evt_fake_${refundId}`,
      ),
    );
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.webhookSecret,
    });
    await this.deliver(payload, signature);
    return { refundId, status: 'succeeded' };
  }

  verifyWebhook(rawBody: Buffer, signature: string | undefined): VerifiedEvent {
    return verifyStripeSignature(rawBody, signature, this.webhookSecret);
  }

  /** Its events carry the charge inline, as an expanded Stripe intent would. */
  async paymentCard(event: VerifiedEvent): Promise<PaymentCard | null> {
    const intent = event.data?.object as { latest_charge?: unknown } | undefined;
    return cardOfCharge(intent?.latest_charge);
  }

  /**
   * What Stripe.js's confirmCardPayment does against Stripe: decide by the card, then tell the
   * server by webhook. 404 for an unknown intent or a client secret that is not this intent's.
   */
  async confirm(
    intentId: string,
    clientSecret: string,
    cardNumber: string,
    expiry: CardExpiry | null = null,
  ): Promise<FakePaymentConfirmResult> {
    const intent = await fakeIntentById(this.db, intentId);
    if (!intent || !sameSecret(clientSecret, intent.clientSecret)) throw notFound('Payment intent');
    if (intent.status === 'succeeded') {
      // Confirming again tells the server again: if the first telling was cut short (a crash after
      // the card was charged), this one applies it; otherwise the webhook finds it applied.
      await this.send(intent, 'payment_intent.succeeded', null);
      return { status: 'succeeded', error: null };
    }
    if (intent.status === 'canceled') {
      return {
        status: 'failed',
        error: {
          code: 'payment_intent_unexpected_state',
          message: 'This payment was canceled.',
        },
      };
    }
    const error = fakeCardOutcome(cardNumber, expiry);
    if (error) {
      await this.send(intent, 'payment_intent.payment_failed', error);
      return { status: 'failed', error };
    }
    // Only the confirmation that moves the intent sends the event: a concurrent second one just
    // hears that it is paid.
    if (await settleFakeIntent(this.db, intent.id, 'succeeded')) {
      await this.send(intent, 'payment_intent.succeeded', null);
    }
    return { status: 'succeeded', error: null };
  }

  async unannouncedIntents(): Promise<string[]> {
    return (await unannouncedFakeIntents(this.db)).map((intent) => intent.id);
  }

  async announceAgain(intentId: string): Promise<void> {
    const intent = await fakeIntentById(this.db, intentId);
    if (intent?.status === 'succeeded') await this.send(intent, 'payment_intent.succeeded', null);
  }

  private async send(
    intent: FakeIntentRow,
    type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
    error: CardError | null,
  ): Promise<void> {
    // An intent succeeds once, so its success is one event, whoever sends it and how often: the
    // webhook stores it under this id and applies it once.
    const eventId =
      type === 'payment_intent.succeeded' ? `evt_fake_${intent.id}_succeeded` : undefined;
    const payload = JSON.stringify(fakeIntentEvent(intent, type, error, eventId));
    const signature = Stripe.webhooks.generateTestHeaderString({
      payload,
      secret: this.webhookSecret,
    });
    await this.deliver(payload, signature);
  }
}

/** An event as Stripe would send it for this intent (the fields this app or Stripe's types read). */
export function fakeIntentEvent(
  intent: Pick<FakeIntentRow, 'id' | 'amount' | 'currency' | 'metadata'>,
  type: 'payment_intent.succeeded' | 'payment_intent.payment_failed',
  error: CardError | null,
  eventId = `evt_fake_${token()}`,
) {
  const succeeded = type === 'payment_intent.succeeded';
  return {
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type,
    data: {
      object: {
        id: intent.id,
        object: 'payment_intent',
        amount: intent.amount,
        amount_received: succeeded ? intent.amount : 0,
        currency: intent.currency,
        metadata: intent.metadata,
        status: succeeded ? 'succeeded' : 'requires_payment_method',
        // The one test card that goes through is Stripe's Visa 4242, so a paid intent's charge
        // names it (receipts show the card's brand and last four digits).
        latest_charge: succeeded
          ? {
              id: `ch_fake_${intent.id}`,
              object: 'charge',
              payment_method_details: { type: 'card', card: { brand: 'visa', last4: '4242' } },
            }
          : null,
        last_payment_error: error
          ? {
              type: 'card_error',
              code: error.code,
              decline_code: error.code === 'card_declined' ? 'generic_decline' : error.code,
              message: error.message,
            }
          : null,
      },
    },
  };
}

/** A refund.updated event as Stripe would send it for a refund that went through. */
export function fakeRefundEvent(
  refund: { id: string; amount: number; intentId: string; currency: string },
  metadata: Record<string, string>,
  eventId = `evt_fake_${token()}`,
  status: 'succeeded' | 'failed' = 'succeeded',
) {
  return {
    id: eventId,
    object: 'event',
    api_version: Stripe.API_VERSION,
    created: Math.floor(Date.now() / 1000),
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    type: 'refund.updated',
    data: {
      object: {
        id: refund.id,
        object: 'refund',
        amount: refund.amount,
        currency: refund.currency,
        payment_intent: refund.intentId,
        metadata,
        status,
        failure_reason: status === 'failed' ? 'unknown' : null,
      },
    },
  };
}
