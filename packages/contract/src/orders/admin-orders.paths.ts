type Id = string | number;

/** Paths of order management (admins; docs/product.md#order-management). */
export const ADMIN_ORDERS_API = {
  /**
   * GET ?page=N&status=&from=&to=&klass_group_id=&search=: a page of every order, newest first.
   * With `format=csv`: every order of the filter (no page) as a CSV download.
   */
  orders: '/api/v2/admin/orders',
  /** GET: one order with its items, attendees, payments, refund requests, refunds and history. */
  order: (id: Id) => `/api/v2/admin/orders/${id}`,
  /** POST: cancels a pending order (its seats go back); 409 when not pending. */
  cancel: (id: Id) => `/api/v2/admin/orders/${id}/cancel`,
} as const;

/** SPA pages of order management, relative to APP_BASE. */
export const ADMIN_ORDER_PAGES = {
  /** `?order={id}` opens an order's detail. */
  manageOrders: '/manage_orders',
} as const;
