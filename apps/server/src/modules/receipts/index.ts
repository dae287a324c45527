// The receipts module's public face: app.ts imports from here only. It owns no table; it reads
// orders, payments and the ledger through theirs (docs/architecture.md#receipts-and-statements).
export { type ReceiptsPluginOptions, receiptsPlugin } from './receipts.routes';
