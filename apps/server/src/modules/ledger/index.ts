// The ledger module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
// It sits below orders and refunds, which write their money moves through recordEntries in their
// own transactions (docs/decisions/062-family-ledger.md).

export { type LedgerPluginOptions, ledgerPlugin } from './ledger.routes';
export { accountBalance, ledgerSalesFigures, recordEntries } from './ledger.service';
export {
  type LedgerEntryInput,
  type LedgerEntryOwner,
  type OrderPayment,
  orderPaidEntries,
  type PaidOrderFacts,
  paymentEntries,
  refundEntries,
  returnedPaymentEntries,
} from './ledger-entries';
