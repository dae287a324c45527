import type Stripe from 'stripe';
import type { VerifiedEvent } from './payment-provider';

// docs/architecture.md#refunds: a refund's outcome comes back through the same signed webhook as
// a payment's. Stripe sends `refund.created`, `refund.updated` and `refund.failed` with the refund
// object, which carries the metadata the refund was created with (`order_id`, `refund_id`: ours).
// `charge.refunded` is not read: it describes the charge as a whole, not which of our refunds
// moved. A refund still `pending` (or `requires_action`) says nothing yet and is ignored.

/** What the refunds module hears of one of its refunds at the provider. */
export type RefundEvent = {
  type: 'succeeded' | 'failed';
  /** Our refund's id (the refund's `metadata.refund_id`). */
  refundId: number;
  orderId: number;
  /** The provider's id of the refund. */
  providerRefundId: string;
  /** The intent refunded, as the provider names it. */
  intentId: string | null;
  amount: number;
  /** Why it failed, when the provider says. */
  message: string | null;
  /** The provider's event id. */
  eventId: string;
};

export type RefundEventHandler = (event: RefundEvent) => Promise<void>;

export const REFUND_EVENT_TYPES = ['refund.created', 'refund.updated', 'refund.failed'] as const;

const positiveId = (value: unknown): number | null => {
  const n = Number(value);
  return Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The refund outcome an event carries, or null when it is not a settled refund of ours. */
export function refundOutcomeOf(event: VerifiedEvent): Omit<RefundEvent, 'eventId'> | null {
  if (!(REFUND_EVENT_TYPES as readonly string[]).includes(event.type)) return null;
  // Signed does not mean well-formed: a refund event missing its fields is ignored, not a 500.
  const refund = event.data?.object as Partial<Stripe.Refund> | undefined;
  if (typeof refund?.id !== 'string' || refund.object !== 'refund') return null;
  const refundId = positiveId(refund.metadata?.refund_id);
  const orderId = positiveId(refund.metadata?.order_id);
  if (refundId === null || orderId === null) return null;
  const status = event.type === 'refund.failed' ? 'failed' : refund.status;
  const type =
    status === 'succeeded'
      ? 'succeeded'
      : status === 'failed' || status === 'canceled'
        ? 'failed'
        : null;
  if (!type) return null;
  const intent = refund.payment_intent;
  return {
    type,
    refundId,
    orderId,
    providerRefundId: refund.id,
    intentId: typeof intent === 'string' ? intent : (intent?.id ?? null),
    amount: typeof refund.amount === 'number' ? refund.amount : 0,
    message: type === 'failed' ? (refund.failure_reason ?? null) : null,
  };
}
