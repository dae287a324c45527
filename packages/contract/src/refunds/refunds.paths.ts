type Id = string | number;

/** Paths of refunds (docs/architecture.md#refunds). */
export const REFUNDS_API = {
  /** POST {reason, attendee_profile_ids?} (the order's owner): ask for money back. */
  orderRefundRequests: (orderId: Id) => `/api/v2/orders/${orderId}/refund_requests`,
  /** GET (the order's owner, or an admin): the order's refund requests, refunds and amounts. */
  orderRefunds: (orderId: Id) => `/api/v2/orders/${orderId}/refunds`,
  /** GET ?status=pending|approved|rejected&page=N (admins): refund requests, newest first. */
  adminRefundRequests: '/api/v2/admin/refund_requests',
  /** PUT {decision: approve|reject, amount?, note?} (admins): decide a pending request. */
  adminRefundRequest: (id: Id) => `/api/v2/admin/refund_requests/${id}`,
  /** POST {amount, reason, attendee_profile_ids?} (admins): refund without a request. */
  adminOrderRefunds: (orderId: Id) => `/api/v2/admin/orders/${orderId}/refunds`,
} as const;

/** SPA pages of refunds, relative to APP_BASE. */
export const REFUND_PAGES = {
  /** Where the web goes after a refund request was sent. */
  complete: '/refund/complete',
} as const;
