// The order management feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).
export { ManageOrders } from './components/manage-orders';
