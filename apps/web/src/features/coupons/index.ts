// The coupons feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).
export { ManageCoupons } from './components/manage-coupons';
