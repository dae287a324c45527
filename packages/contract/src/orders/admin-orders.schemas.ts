import { z } from 'zod';
import { isoDateSchema } from '../classes/fields';
import { idSchema } from '../common/id.schemas';
import { plainResourceObjectSchema } from '../common/json-api';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import { REFUND_METHODS } from '../refunds/refunds.constants';
import { ORDER_STATUSES, orderLineSchema } from './orders.schemas';

// Order management (docs/product.md#order-management, decision 032): admins list, search, read,
// cancel and export every order. Money in integer cents; instants ISO 8601 UTC; the date filters
// are days in the school's time zone (DEFAULT_TIMEZONE).

/** The most characters of a search. */
export const ADMIN_ORDER_SEARCH_MAX_LENGTH = 100;
/** The most rows one CSV export holds; a larger filter answers 422 asking to narrow it. */
export const ADMIN_ORDER_CSV_MAX_ROWS = 5000;
/** `format` of the list: json (a page) or csv (every row of the filter). */
export const ADMIN_ORDER_FORMATS = ['json', 'csv'] as const;

/** Messages of order management's refusals (422 field messages). */
export const ADMIN_ORDER_MESSAGES = {
  toBeforeFrom: 'Must be on or after the start date',
  tooManyRows: (max: number) => `More than ${max} orders match: narrow the filter to export them`,
} as const;

/** `GET /api/v2/admin/orders`. */
export const adminOrderListQuerySchema = pageQuerySchema
  .extend({
    status: z.enum(ORDER_STATUSES).optional(),
    /** The first day (school time zone) the orders were placed on, inclusive. */
    from: isoDateSchema.optional(),
    /** The last day (school time zone), inclusive. */
    to: isoDateSchema.optional(),
    /** Orders with an item of this programme. */
    klass_group_id: idSchema.optional(),
    /** The customer's name or e-mail (accounts and walk-ins), or the order number (`42`, `#42`). */
    search: textSchema({ max: ADMIN_ORDER_SEARCH_MAX_LENGTH }).optional(),
    format: z.enum(ADMIN_ORDER_FORMATS).optional(),
  })
  .refine((q) => !q.from || !q.to || q.from <= q.to, {
    path: ['to'],
    message: ADMIN_ORDER_MESSAGES.toBeforeFrom,
  });
export type AdminOrderListQuery = z.input<typeof adminOrderListQuerySchema>;

/** Who bought: an account, or a walk-in customer kept by staff. */
export const orderCustomerSchema = z.object({
  kind: z.enum(['account', 'walk_in']),
  /** The user's id, or the walk-in customer's. */
  id: z.string(),
  name: z.string(),
  email: z.string().nullable(),
});
export type OrderCustomer = z.infer<typeof orderCustomerSchema>;

export const adminOrderSummaryAttributesSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  /** Succeeded refunds. */
  refunded_amount: z.number().int(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
  customer: orderCustomerSchema.nullable(),
  /** The programmes of its items, as named when ordered. */
  programmes: z.array(z.string()),
  attendee_count: z.number().int(),
  /** Refund requests waiting for a decision. */
  pending_refund_requests: z.number().int(),
});

export const adminOrderSummaryResourceSchema = plainResourceObjectSchema(
  'orders',
  adminOrderSummaryAttributesSchema,
);
export const adminOrderListDocumentSchema = z.object({
  data: z.array(adminOrderSummaryResourceSchema),
  meta: pageMetaSchema,
});
export type AdminOrderListDocument = z.infer<typeof adminOrderListDocumentSchema>;
export const adminOrderSummarySchema = adminOrderSummaryAttributesSchema.extend({
  id: z.string(),
  type: z.literal('orders'),
});
export type AdminOrderSummary = z.infer<typeof adminOrderSummarySchema>;

const personSchema = z.object({ id: z.string(), name: z.string() });
/** An attendee a refund request or refund names: attendee profile id and the name on the order. */
const namedAttendeeSchema = z.object({ id: z.string(), name: z.string() });

export const adminOrderPaymentSchema = z.object({
  id: z.string(),
  provider: z.string(),
  intent_id: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  status: z.string(),
  last_error: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type AdminOrderPayment = z.infer<typeof adminOrderPaymentSchema>;

export const adminOrderRefundRequestSchema = z.object({
  id: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  reason: z.string(),
  whole_order: z.boolean(),
  attendees: z.array(namedAttendeeSchema),
  /**
   * A hint for the approval form: the named attendees' share of their items, or what is left to
   * refund for a whole-order request; 0 once decided. Approving without an amount lets the
   * refunds service decide the share.
   */
  suggested_amount: z.number().int(),
  requested_by: personSchema.extend({ email: z.string() }).nullable(),
  decided_by: personSchema.nullable(),
  decision_note: z.string().nullable(),
  decided_at: z.string().nullable(),
  created_at: z.string(),
});
export type AdminOrderRefundRequest = z.infer<typeof adminOrderRefundRequestSchema>;

export const adminOrderRefundSchema = z.object({
  id: z.string(),
  refund_request_id: z.string().nullable(),
  amount: z.number().int(),
  reason: z.string(),
  status: z.enum(['pending', 'succeeded', 'failed']),
  /** How the money goes back: card, cash, check, or account credit. */
  method: z.enum(REFUND_METHODS),
  attendees: z.array(namedAttendeeSchema),
  created_by: personSchema.nullable(),
  created_at: z.string(),
});
export type AdminOrderRefund = z.infer<typeof adminOrderRefundSchema>;

export const orderEventSchema = z.object({
  id: z.string(),
  /** placed, payment_failed, paid, late_payment_failed, canceled, expired, refund_…: others may come. */
  type: z.string(),
  actor: personSchema.nullable(),
  data: z.record(z.string(), z.unknown()),
  created_at: z.string(),
});
export type OrderEvent = z.infer<typeof orderEventSchema>;

export const adminOrderAttributesSchema = adminOrderSummaryAttributesSchema.extend({
  expires_at: z.string(),
  closed_at: z.string().nullable(),
  payment_error: z.string().nullable(),
  /** The staff member who booked a walk-in's order. */
  placed_by: personSchema.nullable(),
  items: z.array(orderLineSchema),
  payments: z.array(adminOrderPaymentSchema),
  refund_requests: z.array(adminOrderRefundRequestSchema),
  refunds: z.array(adminOrderRefundSchema),
  /** Refunds the provider has not confirmed yet. */
  pending_refund_amount: z.number().int(),
  /** What is left to refund of a paid order: total − refunded − pending; 0 unless paid. */
  refundable_amount: z.number().int(),
  /** Oldest first. */
  events: z.array(orderEventSchema),
});
export const adminOrderResourceSchema = plainResourceObjectSchema(
  'orders',
  adminOrderAttributesSchema,
);
export const adminOrderDocumentSchema = z.object({ data: adminOrderResourceSchema });
export type AdminOrderDocument = z.infer<typeof adminOrderDocumentSchema>;
export const adminOrderSchema = adminOrderAttributesSchema.extend({
  id: z.string(),
  type: z.literal('orders'),
});
export type AdminOrder = z.infer<typeof adminOrderSchema>;

/** The CSV export's columns, in order (the header row). */
export const ADMIN_ORDER_CSV_COLUMNS = [
  'order',
  'placed_at',
  'status',
  'customer',
  'email',
  'customer_kind',
  'programmes',
  'attendees',
  'currency',
  'subtotal',
  'discount',
  'total',
  'refunded',
  'paid_at',
] as const;
