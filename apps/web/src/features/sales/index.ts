// The sales feature's public face: app/ imports from here only
// (docs/architecture.md#repository-layout-and-layers).
export { SalesOverviewPage } from './components/sales-overview-page';
