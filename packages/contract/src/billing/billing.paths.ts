type Id = string | number;

/**
 * API paths of saved cards, monthly enrollments, the balance and billing runs
 * (docs/product.md#monthly-tuition, docs/decisions/075-monthly-tuition-and-billing-runs.md).
 */
export const BILLING_API = {
  /**
   * GET the family's saved cards; POST {} starts saving a card (a setup intent to confirm in the
   * card form), POST {setup_intent_id} finishes it (the card is stored).
   */
  paymentMethods: '/api/v2/account/payment_methods',
  /** DELETE a saved card (its monthly enrollments stop paying by autopay). */
  paymentMethod: (id: Id) => `/api/v2/account/payment_methods/${id}`,
  /** GET the family's monthly enrollments with their autopay card and next charge. */
  monthlyEnrollments: '/api/v2/account/monthly_enrollments',
  /** PATCH {payment_method_id|null}: change the autopay card; DELETE: end it at the end of a month. */
  monthlyEnrollment: (id: Id) => `/api/v2/account/monthly_enrollments/${id}`,
  /** GET the family's balance due; POST: pay it by card (a payment not tied to an order). */
  balance: '/api/v2/account/balance',
  /** POST {period: 'YYYY-MM', dry_run?}: staff run (or preview) a month's tuition billing. */
  adminBillingRuns: '/api/v2/admin/billing_runs',
  /** POST {card_number, client_secret, exp_month?, exp_year?}: the fake provider's card setup. */
  fakeSetupConfirm: (setupIntentId: string) =>
    `/api/v2/fake_payments/setup/${setupIntentId}/confirm`,
} as const;
