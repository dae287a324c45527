// The customers feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).
export { CustomersPage } from './components/customers-page';
export { GuestCustomersPage } from './components/guest-customers-page';
