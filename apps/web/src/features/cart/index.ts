// The cart feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).

export { cartApi } from './cart-api';
export {
  type CartState,
  type CartStatus,
  cartCleared,
  cartReducer,
  cartReset,
  guestItemPriced,
  guestPricingParams,
  initialCartState,
  loadCart,
  priceGuestCartItems,
  selectCartCount,
  selectCartItems,
  selectCartLoading,
  selectCartStatus,
} from './cart-slice';
export { CartButton } from './components/cart-button';
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
