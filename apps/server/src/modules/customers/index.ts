// The customers module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
export { walkInNames } from './customers.repository';
export { type CustomersRouteOptions, customersRoutes } from './customers.routes';
export {
  DEMO_GUEST_CUSTOMERS,
  demoGuestCustomerIds,
  seedDemoGuestCustomers,
} from './customers.seed';
export {
  type CustomerRow,
  type CustomersReads,
  type FamilyEnrollmentRow,
  type GuestCustomerView,
  guestCustomerContact,
  guestCustomerIdsOfUser,
  joinGuestHistory,
  type WalkInBooking,
  type WalkInQuote,
} from './customers.service';
