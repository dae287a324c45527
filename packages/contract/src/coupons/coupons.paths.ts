type Id = string | number;

/** Paths of coupons (teachers and admins). */
export const COUPONS_API = {
  /** GET ?page=N&search=: a page of coupons; POST {coupon}: a new coupon. */
  coupons: '/api/v2/coupons',
  /** GET, PUT {coupon} (every field), DELETE. */
  coupon: (id: Id) => `/api/v2/coupons/${id}`,
} as const;
