/** API paths of the cart: the signed-in user's server cart (v2) and the guest pricing call (v1). */
export const CART_API = {
  items: '/api/v2/cart_items',
  item: (id: string | number) => `/api/v2/cart_items/${id}`,
  /** POST {cart_item_params}: a guest cart joins the signed-in user's cart (decision 028). */
  merge: '/api/v2/cart_items/merge',
  /** GET ?cart_item_params=JSON: prices a guest's local items. */
  guestItems: '/api/v1/guests/cart_items',
} as const;
