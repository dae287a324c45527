// The classes feature's public face: app/routes and other features import from here only
// (docs/architecture.md#repository-layout-and-layers). The one exception is app/store.ts, which
// takes `klassesReducer` from './klasses-slice' itself: the store is in the first-visit bundle,
// and importing this file there pulls the admin screens, their endpoints and zod into it
// (measured: the entry chunk grew from 123 KB to 222 KB).

export { ManageKlassGroup } from './components/manage-klass-group';
export { ManageKlassGroups } from './components/manage-klass-groups';
export { ManagePlans } from './components/manage-plans';
export { ManageSchedule } from './components/manage-schedule';
// docs/product.md#client-state: the klass lists are classes data, so their slice lives here.
export {
  initialKlassesState,
  type KlassesState,
  type KlassGroupItem,
  type KlassItem,
  klassDeleted,
  klassEdited,
  klassesAdded,
  klassesMergedFromGroup,
  klassesReducer,
  klassGroupDeleted,
  klassGroupEdited,
  klassGroupListCleared,
  klassGroupListSet,
  klassGroupPageIncremented,
  klassGroupsAdded,
  klassListCleared,
  klassListSet,
  klassPageIncremented,
  selectKlassGroupLists,
  selectKlassGroupPage,
  selectKlassList,
  selectKlassPage,
} from './klasses-slice';
