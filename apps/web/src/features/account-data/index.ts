// The account-data feature's public face: a family's data export and account deletion
// (docs/product.md#your-data).
export { accountDataApi } from './account-data-api';
export { DeleteAccountSection, DownloadDataSection } from './components/account-data-section';
export { ConfirmAccountDeletion } from './components/confirm-account-deletion';
