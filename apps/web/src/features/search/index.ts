// The search feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers). Only the top bar's button is exported: the
// dialog, its endpoint and zod load with the first opening, not with the first visit
// (docs/decisions/021-precompressed-assets-and-first-visit-budget.md).
export { SearchButton } from './components/search-button';
