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
  /**
   * GET ?token= (anyone holding the mailed link): the held refund of a late payment and whether
   * it may still be kept as account credit. POST {token}: keep it as credit instead.
   */
  keepAsCredit: '/api/v2/refunds/keep_as_credit',
  /** POST {amount, reason, method?, attendee_profile_ids?} (admins): refund without a request. */
  adminOrderRefunds: (orderId: Id) => `/api/v2/admin/orders/${orderId}/refunds`,
} as const;

/** SPA pages of refunds, relative to APP_BASE. */
export const REFUND_PAGES = {
  /** Where the web goes after a refund request was sent. */
  complete: '/refund/complete',
  /** The mailed link that keeps a late payment's held card refund as account credit. */
  keepAsCredit: (token: string) => `/refund/keep-as-credit?token=${encodeURIComponent(token)}`,
} as const;
