// The staff's coupons with the names of their user group and programme, a read model over the
// coupons, user-groups and classes tables: app.ts hands these reads to the coupons module's
// context (docs/architecture.md#read-models).
export { couponById, couponPage } from './coupons.queries';
