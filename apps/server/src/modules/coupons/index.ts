// The coupons module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export { type ApplicableCoupon, couponLookup, walkInCoupon } from './coupon-lookup';
// Holding, redeeming and releasing a coupon use for an order (coupon-uses.ts):
export {
  type CouponPerson,
  holdCouponUse,
  joinGuestCouponUses,
  redeemCouponUses,
  reinstateRedeemedUses,
  releaseCouponUses,
  releaseCouponUsesOfOrders,
  usedUpCouponCode,
} from './coupon-uses';
export type { CouponWithUses } from './coupons.repository';
export { couponsRoutes } from './coupons.routes';
export { seedDemoCoupons } from './coupons.seed';
export { type CouponsContext, type CouponsReads, couponsPerUserGroup } from './coupons.service';
