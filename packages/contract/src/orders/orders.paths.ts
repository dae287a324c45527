type Id = string | number;

/** Paths of checkout: orders, payments and the fake provider's confirmation. */
export const ORDERS_API = {
  /** GET ?status=pending|purchased&page=N: your orders; POST (Idempotency-Key header): checkout. */
  orders: '/api/v2/orders',
  /** GET one of your orders; DELETE cancels it while pending (its seats go back). */
  order: (id: Id) => `/api/v2/orders/${id}`,
  /**
   * GET: a paid (or refunded) order's receipt as a PDF, in its family's language: the family's
   * own orders, or any for admins (docs/product.md#receipts).
   */
  orderReceiptPdf: (id: Id) => `/api/v2/orders/${id}/receipt.pdf`,
  /** GET: the same receipt's lines as JSON (the HTML receipt in /orders); same access. */
  orderReceipt: (id: Id) => `/api/v2/orders/${id}/receipt`,
  /** POST: provider events (signed). */
  paymentsWebhook: '/api/v2/payments/webhook',
  /** POST {card_number}: the fake provider's stand-in for Stripe.js confirming a card. */
  fakePaymentConfirm: (intentId: string) => `/api/v2/fake_payments/${intentId}/confirm`,
} as const;

/** The header a checkout request carries so that a retry makes no second order. */
export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';

/** SPA pages of orders that mail and notifications link to, relative to APP_BASE. */
export const ORDER_PAGES = {
  orders: '/orders',
} as const;
