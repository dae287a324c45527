// The passes module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).

export type { DropInReads, DropInSession, PassesContext } from './passes.context';
// A deleting family's part of this module (docs/decisions/072-a-familys-data-is-theirs.md).
export { deletePurchasesOfFamily as erasePassPurchasesOf } from './passes.repository';
export { type PassesPluginOptions, passesContextOf, passesPlugin } from './passes.routes';
export { seedDemoPasses } from './passes.seed';
export {
  createPassPurchases,
  type PaidPassItem,
  type PassForSale,
  passesForSale,
  passSnapshotOf,
  purchasesOf,
  revokePassPurchasesOfOrder,
} from './passes.service';
