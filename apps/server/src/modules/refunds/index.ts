// The refunds module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
export { type RefundsPluginOptions, refundsPlugin } from './refunds.routes';
