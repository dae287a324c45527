/** API paths of the cart: the signed-in user's server cart (v2) and the guest pricing call (v1). */
export const CART_API = {
  items: '/api/v2/cart_items',
  item: (id: string | number) => `/api/v2/cart_items/${id}`,
  /** GET ?cart_item_params=JSON: prices a guest's local items. */
  guestItems: '/api/v1/guests/cart_items',
} as const;
