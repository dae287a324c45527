// The agreements feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers).
export { useAdminAgreementsQuery } from './agreements-api';
export { AccountAgreements } from './components/account-agreements';
export { DueAgreements } from './components/due-agreements';
export { ManageAgreements } from './components/manage-agreements';
