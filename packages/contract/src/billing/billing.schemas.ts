import { z } from 'zod';
import { idSchema } from '../common/id.schemas';

// Saved cards, monthly enrollments, the balance due and billing runs
// (docs/product.md#monthly-tuition). Money in integer cents; instants ISO 8601 UTC.

/** A billing period: one calendar month in the school's time zone. */
export const BILLING_PERIOD_PATTERN = /^\d{4}-(0[1-9]|1[0-2])$/;
export const billingPeriodSchema = z
  .string()
  .regex(BILLING_PERIOD_PATTERN, 'A month as YYYY-MM, e.g. 2030-02');

/** How a month plan is paid: everything at checkout (the default) or month by month. */
export const PAYMENT_SCHEDULES = ['in_full', 'monthly'] as const;
export type PaymentSchedule = (typeof PAYMENT_SCHEDULES)[number];

export const paymentMethodSchema = z.object({
  id: z.string(),
  brand: z.string(),
  last4: z.string(),
  exp_month: z.number().int(),
  exp_year: z.number().int(),
  default: z.boolean(),
  created_at: z.string(),
});
export type PaymentMethod = z.infer<typeof paymentMethodSchema>;

export const paymentMethodListDocumentSchema = z.object({ data: z.array(paymentMethodSchema) });
export type PaymentMethodListDocument = z.infer<typeof paymentMethodListDocumentSchema>;

/** POST /api/v2/account/payment_methods: {} starts, {setup_intent_id} finishes. */
export const paymentMethodBodySchema = z.object({
  /** The provider's id (`seti_…`): letters, digits and underscores only, so no stray byte reaches it. */
  setup_intent_id: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_]{1,255}$/, 'Not a setup intent id')
    .optional(),
  /** Make the new card the default (the first card always is). */
  default: z.boolean().optional(),
});
export type PaymentMethodBody = z.input<typeof paymentMethodBodySchema>;

/** What POST answers: a setup to confirm in the card form, or the card saved. */
export const paymentMethodPostResultSchema = z.union([
  z.object({
    setup: z.object({
      provider: z.enum(['stripe', 'fake']),
      setup_intent_id: z.string(),
      client_secret: z.string(),
      publishable_key: z.string().nullable(),
    }),
  }),
  z.object({ data: paymentMethodSchema }),
]);
export type PaymentMethodPostResult = z.infer<typeof paymentMethodPostResultSchema>;

export const MONTHLY_ENROLLMENT_STATUSES = ['active', 'ending', 'ended'] as const;

export const monthlyEnrollmentSchema = z.object({
  id: z.string(),
  child_name: z.string(),
  programme: z.string(),
  schedule_name: z.string(),
  /** Cents a full month costs. */
  monthly_price: z.number().int(),
  currency: z.string(),
  status: z.enum(MONTHLY_ENROLLMENT_STATUSES),
  /** The last month billed when the family ended it (or the schedule's last month). */
  last_period: z.string().nullable(),
  /** The autopay card, or null (the month goes on the balance, to pay from /orders). */
  payment_method: z.object({ id: z.string(), brand: z.string(), last4: z.string() }).nullable(),
  /** The next month to be billed and its full price, or null when no month is left. */
  next_charge: z.object({ period: z.string(), amount: z.number().int() }).nullable(),
});
export type MonthlyEnrollment = z.infer<typeof monthlyEnrollmentSchema>;
export const monthlyEnrollmentListDocumentSchema = z.object({
  data: z.array(monthlyEnrollmentSchema),
});
export type MonthlyEnrollmentListDocument = z.infer<typeof monthlyEnrollmentListDocumentSchema>;

export const monthlyEnrollmentPatchSchema = z.object({ payment_method_id: idSchema.nullable() });
export type MonthlyEnrollmentPatch = z.input<typeof monthlyEnrollmentPatchSchema>;

export const balanceSchema = z.object({
  /** Cents the family owes (0 when settled or in credit). */
  due: z.number().int().nonnegative(),
  currency: z.string(),
});
export const balanceDocumentSchema = z.object({ data: balanceSchema });
export type BalanceDocument = z.infer<typeof balanceDocumentSchema>;

/** POST /api/v2/account/balance answers how to pay the balance by card. */
export const balancePaymentDocumentSchema = z.object({
  data: z.object({
    id: z.string(),
    amount: z.number().int().positive(),
    currency: z.string(),
    payment: z.object({
      provider: z.enum(['stripe', 'fake']),
      client_secret: z.string(),
      publishable_key: z.string().nullable(),
      intent_id: z.string(),
    }),
  }),
});
export type BalancePaymentDocument = z.infer<typeof balancePaymentDocumentSchema>;

/** POST /api/v2/admin/billing_runs */
export const billingRunBodySchema = z.object({
  period: billingPeriodSchema,
  dry_run: z.boolean().optional(),
});
export type BillingRunBody = z.input<typeof billingRunBodySchema>;

export const billingRunLineSchema = z.object({
  monthly_enrollment_id: z.string(),
  child_name: z.string(),
  schedule_name: z.string(),
  amount: z.number().int(),
  autopay: z.boolean(),
});
export const billingRunFamilySchema = z.object({
  user_id: z.string(),
  name: z.string(),
  /** Cents charged (or, in a dry run, to be charged) this time. */
  amount: z.number().int(),
  lines: z.array(billingRunLineSchema),
});
export const billingRunDocumentSchema = z.object({
  data: z.object({
    period: z.string(),
    dry_run: z.boolean(),
    currency: z.string(),
    total: z.number().int(),
    families: z.array(billingRunFamilySchema),
  }),
});
export type BillingRunDocument = z.infer<typeof billingRunDocumentSchema>;

/** At checkout: which cart items of a month plan are paid monthly, and with autopay. */
export const checkoutBodySchema = z
  .object({
    monthly: z
      .array(z.object({ cart_item_id: idSchema, autopay: z.boolean().optional() }))
      .max(50)
      .optional(),
  })
  // No body at all (the server sees null) is a checkout paying everything in full.
  .nullish();
export type CheckoutBody = z.input<typeof checkoutBodySchema>;
