// The pricing module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
export {
  type CartItemPrice,
  type CartItemPriceInput,
  type PricingCoupon,
  type PricingPlan,
  type PricingSchedule,
  planUnits,
  priceCartItem,
} from './price-cart-item';
