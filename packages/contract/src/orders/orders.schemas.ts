import { z } from 'zod';
import { COUPON_DISCOUNT_TYPES } from '../cart/cart-documents.schemas';
import { UNIT_TYPES } from '../classes/classes.constants';
import { idSchema } from '../common/id.schemas';
import { plainResourceObjectSchema } from '../common/json-api';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';

// Orders (docs/product.md#checkout-and-orders): made from the cart at checkout, paid by card
// through the payment provider. Money in integer cents; instants ISO 8601 UTC.

export const ORDER_STATUSES = [
  'pending',
  'paid',
  'failed',
  'canceled',
  'expired',
  'refunded',
  'partially_refunded',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The statuses of an order that has a receipt: money was taken, whatever went back since. */
export const RECEIPT_ORDER_STATUSES = [
  'paid',
  'partially_refunded',
  'refunded',
] as const satisfies readonly OrderStatus[];

/** The media type of receipts and statements. */
export const PDF_MEDIA_TYPE = 'application/pdf';

/** How long checkout holds seats (and a coupon use) for a pending order. */
export const ORDER_HOLD_MINUTES = 15;

/** The most characters an Idempotency-Key may have. */
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

/**
 * An order item as it was when ordered: what the receipt and /orders show, whatever the
 * programme, schedule or plan became later. Stored as is with the item.
 */
export const orderItemSnapshotSchema = z.object({
  klass_group: z.object({
    id: z.string(),
    name: z.string(),
    slug: z.string(),
    image_url: z.string().nullable(),
  }),
  klass_group_schedule: z.object({
    id: z.string(),
    name: z.string(),
    time_zone: z.string(),
    start_date: z.string(),
    end_date: z.string(),
    teacher_name: z.string().nullable(),
    /** The sessions ahead when ordered (ISO instants), so a receipt can list the dates. */
    sessions: z.array(z.object({ starts_at: z.string(), ends_at: z.string() })),
  }),
  plan: z.object({
    id: z.string(),
    name: z.string(),
    base_price: z.number().int(),
    unit_price: z.number().int(),
    unit_type: z.enum(UNIT_TYPES),
  }),
  addons: z.array(z.object({ id: z.string(), name: z.string(), price: z.number().int() })),
  coupon: z
    .object({
      code: z.string(),
      discount_type: z.enum(COUPON_DISCOUNT_TYPES),
      discount_amount: z.number(),
    })
    .nullable(),
  /**
   * Present when a month plan is paid monthly (docs/decisions/075-monthly-tuition-and-billing-runs.md):
   * the order charges the base price and `first_period` (prorated by the sessions ahead); the
   * months after it are billed by billing runs at `monthly_price` each.
   */
  monthly: z
    .object({
      first_period: z.string(),
      first_month_amount: z.number().int(),
      monthly_price: z.number().int(),
      autopay: z.boolean(),
    })
    .optional(),
});
export type OrderItemSnapshot = z.infer<typeof orderItemSnapshotSchema>;

/** A class pass as ordered: its name, visits, validity and the programmes it books then. */
export const passItemSnapshotSchema = z.object({
  pass: z.object({
    id: z.string(),
    name: z.string(),
    /** The name in the other interface languages, as the school wrote it when ordered. */
    translations: z.object({ ja: z.object({ name: z.string().optional() }).optional() }),
    visits: z.number().int(),
    validity_days: z.number().int(),
    price: z.number().int(),
    klass_group_ids: z.array(z.string()),
  }),
});
export type PassItemSnapshot = z.infer<typeof passItemSnapshotSchema>;

/** A paid trial class as ordered: the class, its programme and the child (docs/decisions/077-trial-classes.md). */
export const trialItemSnapshotSchema = z.object({
  trial: z.object({
    klass_id: z.string(),
    klass_group_id: z.string(),
    klass_group_schedule_id: z.string(),
    programme: z.string(),
    schedule_name: z.string(),
    starts_at: z.string(),
    ends_at: z.string(),
    time_zone: z.string(),
    attendee_profile_id: z.string(),
    child_name: z.string(),
    price: z.number().int(),
    /** Enrolling in the programme until then credits the price back (set when ordered). */
    credit_until: z.string(),
  }),
});
export type TrialItemSnapshot = z.infer<typeof trialItemSnapshotSchema>;

/** What an order item stores of what it sold, by its kind (docs/decisions/076-class-passes-and-drop-ins.md). */
export type StoredOrderItemSnapshot = OrderItemSnapshot | PassItemSnapshot | TrialItemSnapshot;

/** A trial's date as the class's zone has it (YYYY-MM-DD): receipts and lists name the day tried. */
const trialDate = (t: TrialItemSnapshot['trial']) =>
  new Intl.DateTimeFormat('en-CA', { timeZone: t.time_zone, dateStyle: 'short' }).format(
    new Date(t.starts_at),
  );

/** What an item sold, in one name: the programme booked, the class pass bought, or the trial. */
export function orderItemTitle(snapshot: StoredOrderItemSnapshot): string {
  if ('trial' in snapshot) {
    const t = snapshot.trial;
    return `Trial class: ${t.programme} — ${t.child_name}, ${trialDate(t)}`;
  }
  return 'pass' in snapshot ? snapshot.pass.name : snapshot.klass_group.name;
}

const orderLineMoneySchema = z.object({
  id: z.string(),
  number_of_attendees: z.number().int(),
  units: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
});

/** A class pass an order bought. */
export const passOrderItemSchema = orderLineMoneySchema
  .extend(passItemSnapshotSchema.shape)
  .extend({
    kind: z.literal('pass'),
    /** None: a pass is the family's, not one child's (kept so every line reads alike). */
    attendees: z.array(z.object({ id: z.string(), name: z.string() })),
    coupon: z.null(),
  });
export type PassOrderLine = z.infer<typeof passOrderItemSchema>;

/** A paid trial an order bought: one child in one class. */
export const trialOrderItemSchema = orderLineMoneySchema
  .extend(trialItemSnapshotSchema.shape)
  .extend({
    kind: z.literal('trial'),
    attendees: z.array(z.object({ id: z.string(), name: z.string() })),
    coupon: z.null(),
  });
export type TrialOrderLine = z.infer<typeof trialOrderItemSchema>;

export const orderItemSchema = orderItemSnapshotSchema.extend({
  /** Left out by answers older than item kinds. */
  kind: z.literal('enrollment').optional(),
  id: z.string(),
  number_of_attendees: z.number().int(),
  units: z.number().int(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  attendees: z.array(z.object({ id: z.string(), name: z.string() })),
});
export type EnrollmentOrderLine = z.infer<typeof orderItemSchema>;

/** An order's item of any kind: a schedule booked, or a class pass. */
export const orderLineSchema = z.union([
  passOrderItemSchema,
  trialOrderItemSchema,
  orderItemSchema,
]);
export type OrderLine = z.infer<typeof orderLineSchema>;

/** How the browser pays a pending order: the provider, and what its card form needs. */
export const orderPaymentSchema = z.object({
  provider: z.enum(['stripe', 'fake']),
  client_secret: z.string(),
  publishable_key: z.string().nullable(),
});
export type OrderPayment = z.infer<typeof orderPaymentSchema>;

export const orderAttributesSchema = z.object({
  status: z.enum(ORDER_STATUSES),
  currency: z.string(),
  subtotal: z.number().int(),
  discount: z.number().int(),
  total: z.number().int(),
  /**
   * Cents of the total paid from the family's account credit (0..total), taken when the order is
   * paid; what a card refund may give back stops at the rest.
   */
  credit_applied: z.number().int().nonnegative(),
  /** Cents left for the card: the total less the credit applied (0 when credit pays it all). */
  amount_due: z.number().int().nonnegative(),
  created_at: z.string(),
  /** Until when a pending order holds its seats. */
  expires_at: z.string(),
  paid_at: z.string().nullable(),
  /** Why the last card attempt failed, while the order can still be paid. */
  payment_error: z.string().nullable(),
  items: z.array(orderLineSchema),
  /** Present while the order is pending: how to pay it. */
  payment: orderPaymentSchema.nullable(),
});

export const orderResourceSchema = plainResourceObjectSchema('orders', orderAttributesSchema);
export type OrderResource = z.infer<typeof orderResourceSchema>;

export const orderDocumentSchema = z.object({ data: orderResourceSchema });
export type OrderDocument = z.infer<typeof orderDocumentSchema>;

export const orderListDocumentSchema = z.object({
  data: z.array(orderResourceSchema),
  meta: pageMetaSchema,
});
export type OrderListDocument = z.infer<typeof orderListDocumentSchema>;

/** An order as the web holds it after `flatten`. */
export const orderSchema = orderAttributesSchema.extend({
  id: z.string(),
  type: z.literal('orders'),
});
export type Order = z.infer<typeof orderSchema>;

/** `GET /api/v2/orders?status=pending|purchased&page=N`: purchased is paid or (partly) refunded. */
export const orderListQuerySchema = pageQuerySchema.extend({
  status: z.enum(['pending', 'purchased']).optional(),
});
export type OrderListQuery = z.input<typeof orderListQuerySchema>;

export const orderIdParamsSchema = z.object({ id: idSchema });

/** The Idempotency-Key header of `POST /api/v2/orders`: any visible text the client chose. */
export const idempotencyKeySchema = z
  .string({ error: 'Required' })
  .trim()
  .min(1, 'Required')
  .max(IDEMPOTENCY_KEY_MAX_LENGTH)
  .regex(/^[\x21-\x7e]+$/, 'Invalid input');

/** The path of `POST /api/v2/fake_payments/{intent_id}/confirm`. */
export const fakePaymentIntentParamsSchema = z.object({ intent_id: z.string().min(1).max(100) });

/**
 * `POST /api/v2/fake_payments/{intent_id}/confirm`: the card typed in the fake card form, and the
 * intent's client secret (the order's `payment.client_secret`), which proves the caller was given
 * this intent, as Stripe.js's confirm call does. The expiry (`exp_month`, `exp_year` with four
 * digits, Stripe's names) is optional; when sent, a past one is refused as Stripe does.
 */
export const fakePaymentConfirmBodySchema = z.object({
  exp_month: z.number().int().min(1).max(12).optional(),
  exp_year: z.number().int().min(2000).max(2099).optional(),
  client_secret: z.string({ error: 'Required' }).min(1, 'Required').max(200),
  card_number: z
    .string({ error: 'Required' })
    .transform((v) => v.replace(/[\s-]/g, ''))
    .pipe(z.string().regex(/^\d{12,19}$/, 'Your card number is invalid.')),
});
export type FakePaymentConfirmBody = z.input<typeof fakePaymentConfirmBodySchema>;

/** The fake provider's answer: like Stripe's, `succeeded`, or an error the form shows. */
export const fakePaymentConfirmResultSchema = z.object({
  status: z.enum(['succeeded', 'failed']),
  error: z.object({ code: z.string(), message: z.string() }).nullable(),
});
export type FakePaymentConfirmResult = z.infer<typeof fakePaymentConfirmResultSchema>;

/** What checkout answers when the cart cannot be ordered as it is (422 field messages, 409 details). */
export const ORDER_MESSAGES = {
  emptyCart: 'Your cart is empty',
  chooseAttendees: (n: number) =>
    n === 1 ? 'Choose who attends this class' : `Choose the ${n} people who attend this class`,
  alreadyEnrolled: (name: string) => `${name} is already enrolled in this class`,
  soldOut: (name: string) => `Not enough seats are left in ${name}`,
  couponUsedUp: (code: string) => `The coupon ${code} has been used up`,
  notPending: 'Only a pending order can be cancelled',
} as const;

/** `POST /api/v2/payments/webhook`'s answer to a verified event, applied or not. */
export const paymentWebhookResultSchema = z.object({ received: z.literal(true) });
export type PaymentWebhookResult = z.infer<typeof paymentWebhookResultSchema>;
