// The ledger feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers). A family's statement on /orders, and an
// account holder's on the customers page, a walk-in's on the walk-in customers page.
export { CustomerLedger } from './components/customer-ledger';
export { FamilyLedger } from './components/family-ledger';
export {
  guestLedgerTag,
  type LedgerPage,
  ledgerApi,
  ownLedgerChanged,
  useAccountLedgerQuery,
  useAddLedgerAdjustmentMutation,
  useCustomerLedgerQuery,
  useGuestCustomerLedgerQuery,
} from './ledger-api';
