import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import {
  type BillingPaymentOutcome,
  billingOutcomeOf,
  outcomeOf,
  type PaymentCard,
  type PaymentProvider,
  type ProviderName,
  type VerifiedEvent,
} from './payment-provider';
import {
  insertPaymentRow,
  markEventApplied,
  markPaymentFailed,
  markPaymentSucceeded,
  type PaymentEventRow,
  paymentRowOfOrder,
  storeEvent,
  succeededIntentOfOrder,
  unappliedEvents,
} from './payments.repository';
import { type RefundEvent, type RefundEventHandler, refundOutcomeOf } from './refund-events';

/** What an order hears of its payment: a card attempt succeeded or failed. */
export type PaymentEvent = {
  type: 'succeeded' | 'failed';
  orderId: number;
  intentId: string;
  /** Why the card failed, as the provider said it; null on success. */
  message: string | null;
  /** The provider's event id: the same event is never handed over twice in a row. */
  eventId: string;
};

export type PaymentEventHandler = (event: PaymentEvent) => Promise<void>;

/** What the billing module hears of a payment that is no order's (decision 075). */
export type BillingPaymentEvent = BillingPaymentOutcome & { eventId: string };
export type BillingPaymentEventHandler = (event: BillingPaymentEvent) => Promise<void>;

export type CreateIntentInput = {
  orderId: number;
  /** Integer cents. */
  amount: number;
  currency: string;
  userId: number | null;
};

/** What the browser needs to pay an order (the order's `payment`). */
export type OrderPaymentIntent = {
  provider: ProviderName;
  clientSecret: string;
  publishableKey: string | null;
  intentId: string;
};

export type RefundInput = {
  orderId: number;
  intentId: string;
  amount: number;
  idempotencyKey: string;
  /** Sent with the refund and back in its events (docs/architecture.md#refunds). */
  metadata?: Record<string, string>;
};

export type PaymentsContext = {
  db: Db;
  provider: PaymentProvider;
  handlers: PaymentEventHandler[];
  /** What applies a refund's outcome (the refunds module's); none in tests without it. */
  refundHandlers?: RefundEventHandler[];
  /** What applies a billing payment's outcome (the billing module's). */
  billingHandlers?: BillingPaymentEventHandler[];
  log: FastifyBaseLogger;
};

/** The provider's idempotency key of an order's intent: one order, one intent, however often asked. */
export const intentIdempotencyKey = (orderId: number) => `order-${orderId}-intent`;

/**
 * The order's payment intent: the stored one when it has one (a retried checkout, or a second
 * server process that got there first), else a new one at the provider, stored.
 */
export async function createIntent(
  ctx: PaymentsContext,
  input: CreateIntentInput,
): Promise<OrderPaymentIntent> {
  const existing = await paymentRowOfOrder(ctx.db, input.orderId);
  const row =
    existing ??
    (await (async () => {
      const intent = await ctx.provider.createIntent({
        ...input,
        idempotencyKey: intentIdempotencyKey(input.orderId),
      });
      return insertPaymentRow(ctx.db, {
        orderId: input.orderId,
        provider: ctx.provider.name,
        intentId: intent.intentId,
        clientSecret: intent.clientSecret,
        amount: input.amount,
        currency: input.currency,
      });
    })());
  return {
    provider: row.provider,
    clientSecret: row.clientSecret,
    publishableKey: row.provider === ctx.provider.name ? ctx.provider.publishableKey : null,
    intentId: row.intentId,
  };
}

/** Refunds (part of) an order's payment; the key makes a retried refund the same refund. */
export async function refund(
  ctx: PaymentsContext,
  input: RefundInput,
): Promise<{ refundId: string; status: string }> {
  const payment = await paymentRowOfOrder(ctx.db, input.orderId);
  if (!payment || payment.intentId !== input.intentId) throw notFound('Payment');
  return ctx.provider.refund({
    intentId: input.intentId,
    amount: input.amount,
    idempotencyKey: input.idempotencyKey,
    ...(input.metadata ? { metadata: input.metadata } : {}),
  });
}

/**
 * The intent an order was paid with by card, for a refund to go back through; null when it was
 * not paid by card (a walk-in's cash). Takes the caller's transaction where it runs in one.
 */
export function paidIntentOfOrder(db: Db, orderId: number): Promise<string | null> {
  return succeededIntentOfOrder(db, orderId);
}

/** The id of an order's payment row, for the ledger's payment entry; null when it has none. */
export async function paymentIdOfOrder(db: Db, orderId: number): Promise<number | null> {
  return (await paymentRowOfOrder(db, orderId))?.id ?? null;
}

export type WebhookResult = 'applied' | 'already_applied' | 'ignored';

/**
 * docs/architecture.md#orders-and-payments: a verified event is stored by its id, then applied
 * once: a redelivery finds it applied and changes nothing. Events may arrive in any order: a
 * success is final, and a failure reported after it is stored but changes nothing.
 *
 * Applied means: the payment row updated, every handler run, then applied_at set. A handler that
 * throws leaves the event unapplied and the request fails, so the provider delivers it again.
 * Two deliveries of one event at the very same moment can both reach the handlers; they are
 * written to change an order once whatever they are told twice (the order moves only from pending).
 */
export async function receiveWebhook(
  ctx: PaymentsContext,
  rawBody: Buffer,
  signature: string | undefined,
): Promise<WebhookResult> {
  return applyEvent(ctx, ctx.provider.verifyWebhook(rawBody, signature));
}

/** What a crash left to repair: intents the provider took unannounced, events stored unapplied. */
export type PaymentRepairs = { intents: string[]; events: PaymentEventRow[] };

/**
 * What a crash between a payment and its application left (docs/architecture.md#orders-and-payments):
 * the provider's unannounced payments, and the events stored before `receivedBefore` but never
 * applied. Reads only, so a start with nothing to repair does nothing after it.
 */
export async function paymentRepairsDue(
  ctx: PaymentsContext,
  receivedBefore: Date,
): Promise<PaymentRepairs> {
  return {
    intents: (await ctx.provider.unannouncedIntents?.()) ?? [],
    events: await unappliedEvents(ctx.db, receivedBefore),
  };
}

/** Repairs them: each unannounced payment sent again by the provider, each stored event applied. */
export async function repairPayments(ctx: PaymentsContext, due: PaymentRepairs): Promise<void> {
  for (const intentId of due.intents) await ctx.provider.announceAgain?.(intentId);
  // The payload is the event as verified when it arrived.
  for (const row of due.events) await applyEvent(ctx, row.payload as VerifiedEvent);
}

/** The card a success was paid with, for receipts; a provider that cannot say leaves it unknown. */
async function cardOf(ctx: PaymentsContext, event: VerifiedEvent): Promise<PaymentCard | null> {
  try {
    return await ctx.provider.paymentCard(event);
  } catch (err) {
    ctx.log.warn(
      { err, eventId: event.id },
      'the paid card could not be read; receipts say “card”',
    );
    return null;
  }
}

/** The card an order was paid with (brand, last four digits), or null: not by card, or unknown. */
export async function paymentCardOfOrder(db: Db, orderId: number): Promise<PaymentCard | null> {
  const row = await paymentRowOfOrder(db, orderId);
  if (row?.status !== 'succeeded' || !row.cardLast4) return null;
  return { brand: row.cardBrand ?? 'card', last4: row.cardLast4 };
}

/** Stores a verified event under its id, then applies it once. */
async function applyEvent(ctx: PaymentsContext, event: VerifiedEvent): Promise<WebhookResult> {
  const refundOutcome = refundOutcomeOf(event);
  if (refundOutcome) return receiveRefundEvent(ctx, event, refundOutcome);
  const billingOutcome = billingOutcomeOf(event);
  if (billingOutcome) return receiveBillingEvent(ctx, event, billingOutcome);
  const outcome = outcomeOf(event);
  if (!outcome) return 'ignored';

  const { row } = await storeEvent(ctx.db, {
    id: event.id,
    provider: ctx.provider.name,
    type: event.type,
    intentId: outcome.intentId,
    payload: event,
  });
  if (row.appliedAt) return 'already_applied';

  const payment = await paymentRowOfOrder(ctx.db, outcome.orderId);
  let effective = false;
  if (!payment || payment.intentId !== outcome.intentId) {
    ctx.log.warn(
      { eventId: event.id, orderId: outcome.orderId, intentId: outcome.intentId },
      'payment event names an intent that is not its order’s; ignored',
    );
  } else if (outcome.type === 'succeeded') {
    await markPaymentSucceeded(ctx.db, payment.id, await cardOf(ctx, event));
    effective = true;
  } else {
    effective = await markPaymentFailed(ctx.db, payment.id, outcome.message);
  }
  if (effective) {
    for (const handler of ctx.handlers) await handler({ ...outcome, eventId: event.id });
  }
  await markEventApplied(ctx.db, event.id);
  return effective ? 'applied' : 'ignored';
}

/**
 * A refund's outcome (docs/architecture.md#refunds): stored by event id like a payment's and
 * handed to the refunds module once; a redelivery finds it applied. The handler itself changes a
 * refund only from pending, so two events about one refund (created, then updated) apply once.
 */
async function receiveRefundEvent(
  ctx: PaymentsContext,
  event: VerifiedEvent,
  outcome: Omit<RefundEvent, 'eventId'>,
): Promise<WebhookResult> {
  const { row } = await storeEvent(ctx.db, {
    id: event.id,
    provider: ctx.provider.name,
    type: event.type,
    intentId: outcome.intentId,
    payload: event,
  });
  if (row.appliedAt) return 'already_applied';
  for (const handler of ctx.refundHandlers ?? []) await handler({ ...outcome, eventId: event.id });
  await markEventApplied(ctx.db, event.id);
  return 'applied';
}

/**
 * A payment that is no order's (autopay, a balance paid by card: decision 075): stored by event
 * id like an order's and handed to the billing module once; a redelivery finds it applied. The
 * handler itself moves a payment only from pending, so one payment's money is written once.
 */
async function receiveBillingEvent(
  ctx: PaymentsContext,
  event: VerifiedEvent,
  outcome: BillingPaymentOutcome,
): Promise<WebhookResult> {
  const { row } = await storeEvent(ctx.db, {
    id: event.id,
    provider: ctx.provider.name,
    type: event.type,
    intentId: outcome.intentId,
    payload: event,
  });
  if (row.appliedAt) return 'already_applied';
  for (const handler of ctx.billingHandlers ?? []) await handler({ ...outcome, eventId: event.id });
  await markEventApplied(ctx.db, event.id);
  return 'applied';
}
