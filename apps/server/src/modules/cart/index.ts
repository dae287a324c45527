// The cart module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
export { cartRoutes } from './cart.routes';
export { type CartContext, type CouponLookup, noCouponsExist } from './cart.service';
export {
  type AnyCheckoutItem,
  type CheckoutItem,
  checkoutItemsOfUser,
  type PassCheckoutItem,
  removeCartItems,
  removePaidCartItems,
  type TrialCheckoutItem,
} from './cart-checkout';
export { addTrialCartItem } from './cart-writes.service';
