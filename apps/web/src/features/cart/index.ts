// The cart feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).

export {
  type AddToCartArgs,
  addToCart,
  type CartItemChangeArgs,
  changeCartItem,
  removeFromCart,
  type TypedAttendee,
} from './cart-actions';
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
  mergeGuestCartItems,
  mergeParams,
  priceGuestCartItems,
  selectCartCount,
  selectCartItems,
  selectCartLoading,
  selectCartStatus,
} from './cart-slice';
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
