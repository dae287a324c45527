type Id = string | number;

/** Paths of customers and walk-in customers (admins; docs/product.md#customers). */
export const CUSTOMERS_API = {
  /** GET ?page=N&search=: account holders by name or e-mail. */
  customers: '/api/v2/admin/customers',
  /** GET: one account holder with family, orders, enrollments, lifetime value; PUT {customer}. */
  customer: (id: Id) => `/api/v2/admin/customers/${id}`,
  /** GET ?page=N&search=: walk-in customers; POST {guest_customer}. */
  guestCustomers: '/api/v2/admin/guest_customers',
  /** GET (with attendees and orders), PUT {guest_customer}. */
  guestCustomer: (id: Id) => `/api/v2/admin/guest_customers/${id}`,
  /** POST {order}: staff book a class for the walk-in (paid offline at once, or by card). */
  guestCustomerOrders: (id: Id) => `/api/v2/admin/guest_customers/${id}/orders`,
  /** GET ?klass_group_schedule_id&plan_id&number_of_attendees&addon_ids&coupon_code: the price. */
  guestCustomerPrice: (id: Id) => `/api/v2/admin/guest_customers/${id}/price`,
} as const;
