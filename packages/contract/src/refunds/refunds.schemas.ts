import { z } from 'zod';
import { idSchema } from '../common/id.schemas';
import { plainResourceObjectSchema } from '../common/json-api';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import {
  REFUND_DECISIONS,
  REFUND_MAX_ATTENDEES,
  REFUND_METHODS,
  REFUND_REASON_MAX_LENGTH,
  REFUND_REQUEST_STATUSES,
  REFUND_STATUSES,
} from './refunds.constants';

// Refunds (docs/architecture.md#refunds, decision 031): a family asks for money back for a paid
// order, whole or for some attendees; an admin approves (in full or in part) or rejects, or
// refunds directly. Money in integer cents; instants ISO 8601 UTC. Attendees are named by their
// attendee profile ids, as the order shows them (`items[].attendees[].id`).

const amountSchema = z
  .int({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a whole number') })
  .min(1, 'Must be at least 1');

const attendeeIdsSchema = z
  .array(idSchema, { error: 'Invalid input' })
  .max(REFUND_MAX_ATTENDEES, `Choose at most ${REFUND_MAX_ATTENDEES} attendees`)
  .transform((ids) => [...new Set(ids)]);

const methodSchema = z.enum(REFUND_METHODS, { error: 'Choose card, cash, check or credit' });

const reasonSchema = textSchema({ min: 1, max: REFUND_REASON_MAX_LENGTH, multiline: true });

/**
 * `POST /api/v2/orders/{id}/refund_requests`: why, and for whom (no attendees, or none listed:
 * the whole order).
 */
export const refundRequestBodySchema = z.object({
  reason: reasonSchema,
  attendee_profile_ids: attendeeIdsSchema.optional(),
});
export type RefundRequestBody = z.input<typeof refundRequestBodySchema>;

/**
 * `PUT /api/v2/admin/refund_requests/{id}`: approve (with `amount`, a partial refund; without,
 * the request's attendees' share, or everything left for a whole-order request) or reject.
 */
export const refundDecisionBodySchema = z.object({
  decision: z.enum(REFUND_DECISIONS, { error: 'Choose approve or reject' }),
  amount: amountSchema.optional(),
  /** As a direct refund's `method`. */
  method: methodSchema.optional(),
  /**
   * Whose places end with an approval of a whole-order request refunded in part (none: money
   * only). Ignored for a request that names its attendees, and when everything is refunded.
   */
  attendee_profile_ids: attendeeIdsSchema.optional(),
  note: textSchema({ max: REFUND_REASON_MAX_LENGTH, multiline: true }).optional(),
});
export type RefundDecisionBody = z.input<typeof refundDecisionBodySchema>;

/**
 * `POST /api/v2/admin/orders/{id}/refunds`: an admin's refund without a request. `method` left
 * out: the way the order was paid (card, cash or check), or account credit when nothing was paid
 * in money. `attendee_profile_ids`: whose places end (none: money only).
 */
export const directRefundBodySchema = z.object({
  amount: amountSchema,
  reason: reasonSchema,
  method: methodSchema.optional(),
  attendee_profile_ids: attendeeIdsSchema.optional(),
});
export type DirectRefundBody = z.input<typeof directRefundBodySchema>;

/** `GET /api/v2/admin/refund_requests?status=&page=`. */
export const refundRequestListQuerySchema = pageQuerySchema.extend({
  status: z.enum(REFUND_REQUEST_STATUSES).optional(),
});
export type RefundRequestListQuery = z.input<typeof refundRequestListQuerySchema>;

/** An attendee a request or refund names: attendee profile id and the name on the order. */
export const refundAttendeeSchema = z.object({ id: z.string(), name: z.string() });
export type RefundAttendee = z.infer<typeof refundAttendeeSchema>;

export const refundAttributesSchema = z.object({
  order_id: z.string(),
  refund_request_id: z.string().nullable(),
  amount: z.number().int(),
  currency: z.string(),
  reason: z.string(),
  status: z.enum(REFUND_STATUSES),
  /** How the money goes back. */
  method: z.enum(REFUND_METHODS),
  /** A card refund held until then, so the family may still keep it as credit; null: not held. */
  send_after: z.string().nullable(),
  /** Whose enrollments end when it succeeds (empty: money only). */
  attendees: z.array(refundAttendeeSchema),
  created_at: z.string(),
  updated_at: z.string(),
});
export const refundResourceSchema = plainResourceObjectSchema('refunds', refundAttributesSchema);
export type RefundResource = z.infer<typeof refundResourceSchema>;
export const refundSchema = refundAttributesSchema.extend({
  id: z.string(),
  type: z.literal('refunds'),
});
export type Refund = z.infer<typeof refundSchema>;

export const refundRequestAttributesSchema = z.object({
  order_id: z.string(),
  status: z.enum(REFUND_REQUEST_STATUSES),
  reason: z.string(),
  /** The attendees named; empty for a whole-order request. */
  attendees: z.array(refundAttendeeSchema),
  whole_order: z.boolean(),
  /**
   * What approving without an amount refunds now: the attendees' share, or what is left of the
   * order for a whole-order request (never more than is left). 0 once decided.
   */
  suggested_amount: z.number().int(),
  currency: z.string(),
  requested_by: z.object({ id: z.string(), name: z.string(), email: z.string() }),
  /** The order as staff need it to decide: what was paid and what is refunded. */
  order: z.object({
    status: z.string(),
    total: z.number().int(),
    refunded_amount: z.number().int(),
    paid_at: z.string().nullable(),
  }),
  decision_note: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export const refundRequestResourceSchema = plainResourceObjectSchema(
  'refund_requests',
  refundRequestAttributesSchema,
);
export type RefundRequestResource = z.infer<typeof refundRequestResourceSchema>;
export const refundRequestSchema = refundRequestAttributesSchema.extend({
  id: z.string(),
  type: z.literal('refund_requests'),
});
export type RefundRequest = z.infer<typeof refundRequestSchema>;

/** A request (POST, PUT): an approval includes the refund it made. */
export const refundRequestDocumentSchema = z.object({
  data: refundRequestResourceSchema,
  included: z.array(refundResourceSchema).optional(),
});
export type RefundRequestDocument = z.infer<typeof refundRequestDocumentSchema>;

export const refundRequestListDocumentSchema = z.object({
  data: z.array(refundRequestResourceSchema),
  meta: pageMetaSchema,
});
export type RefundRequestListDocument = z.infer<typeof refundRequestListDocumentSchema>;

/** `POST /api/v2/admin/orders/{id}/refunds`. */
export const refundDocumentSchema = z.object({ data: refundResourceSchema });
export type RefundDocument = z.infer<typeof refundDocumentSchema>;

/**
 * `GET /api/v2/orders/{id}/refunds`: an order's refund state (the resource's id is the order's).
 * `refunded_amount` counts succeeded refunds, `pending_amount` those the provider has not
 * confirmed; `refundable_amount` is what is left: total − refunded − pending.
 */
export const orderRefundsAttributesSchema = z.object({
  currency: z.string(),
  total: z.number().int(),
  refunded_amount: z.number().int(),
  pending_amount: z.number().int(),
  refundable_amount: z.number().int(),
  /**
   * The ways this order's money may go back and, for each, the most it may still return (card:
   * what the card paid less card refunds; cash and check: what the desk took less theirs; credit:
   * what is left). The first is the default.
   */
  refund_methods: z.array(z.object({ method: z.enum(REFUND_METHODS), max: z.number().int() })),
  refund_requests: z.array(refundRequestSchema),
  refunds: z.array(refundSchema),
});
export const orderRefundsResourceSchema = plainResourceObjectSchema(
  'order_refunds',
  orderRefundsAttributesSchema,
);
export const orderRefundsDocumentSchema = z.object({ data: orderRefundsResourceSchema });
export type OrderRefundsDocument = z.infer<typeof orderRefundsDocumentSchema>;
export const orderRefundsSchema = orderRefundsAttributesSchema.extend({
  id: z.string(),
  type: z.literal('order_refunds'),
});
export type OrderRefunds = z.infer<typeof orderRefundsSchema>;

/** `GET|POST /api/v2/refunds/keep_as_credit`: the signed token of the mailed link. */
export const keepAsCreditQuerySchema = z.object({ token: z.string().min(1).max(500) });
export const keepAsCreditBodySchema = keepAsCreditQuerySchema;
export type KeepAsCreditBody = z.input<typeof keepAsCreditBodySchema>;

/**
 * A late payment's refund as its mailed link shows it: `held` while the family may still keep
 * it as credit (until `send_after`), `card` once it went (or goes) back to the card, `credit`
 * once kept as account credit.
 */
export const heldRefundSchema = z.object({
  data: z.object({
    id: z.string(),
    type: z.literal('held_refunds'),
    attributes: z.object({
      order_id: z.string(),
      amount: z.number().int(),
      currency: z.string(),
      state: z.enum(['held', 'card', 'credit']),
      send_after: z.string().nullable(),
    }),
  }),
});
export type HeldRefundDocument = z.infer<typeof heldRefundSchema>;
