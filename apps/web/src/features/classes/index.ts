// The classes feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers). app/store.ts takes the reducer from here
// too: the web package declares no import side effects, so the entry chunk keeps the slice and
// drops the screens and their endpoints (checked: /app/login's JavaScript is the same size).

export { ManageKlassGroup } from './components/manage-klass-group';
export { ManageKlassGroups } from './components/manage-klass-groups';
export { ManagePlans } from './components/manage-plans';
export { ManageRooms } from './components/manage-rooms';
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
export { type ScheduleLookup, useScheduleInProgramme } from './schedule-in-programme';
