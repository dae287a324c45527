// The cart feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).

export {
  type AddToCartArgs,
  type CartItemChangeArgs,
  cartApi,
  type TypedAttendee,
  useAddPassToCartMutation,
  useAddToCartMutation,
  useChangeCartItemMutation,
  useRemoveFromCartMutation,
  withCartItem,
} from './cart-api';
export { type CartOwner, cartOwnerOf, GUEST_CART } from './cart-owner';
export {
  type CartStatus,
  type CartView,
  cartCleared,
  cartViewOf,
  selectCartCount,
  selectCartItems,
  selectCartLoading,
  selectCartOwner,
  selectCartStatus,
} from './cart-state';
export { payablePrice, payableTotal } from './cart-total';
export { CartButton } from './components/cart-button';
export { CartItemPrice } from './components/cart-item-price';
export { CartPage } from './components/cart-page';
export {
  addGuestCartItem,
  clearGuestCart,
  type GuestCartAttendee,
  type GuestCartItem,
  type NewGuestCartItem,
  readGuestCartItems,
  removeGuestCartItem,
  updateGuestCartItem,
} from './guest-cart-db';
export { guestPricingParams, matchPricedItems, mergeParams } from './guest-cart-pricing';
export { trialTitle } from './trial-title';
export { useCart } from './use-cart';
