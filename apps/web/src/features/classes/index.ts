// The classes feature's public face: app/ and other features import from here only
// (docs/architecture.md#repository-layout-and-layers). The web package declares no import side
// effects, so a chunk that takes one name from here drops the screens and endpoints it does not use.

import { roomResource } from '@atelier/contract';
import { resourcePage } from '../../components/admin/resource-admin-page';

// docs/product.md#client-state: the klass lists, read from the classes endpoints' cache entries.
export { classesApi } from './classes-api';
export {
  type KlassItem,
  selectKlassGroupLists,
  selectKlassGroupPage,
  selectKlassList,
} from './classes-state';
export { ManageKlassGroup } from './components/manage-klass-group';
export { ManageKlassGroups } from './components/manage-klass-groups';
export { ManagePlans } from './components/manage-plans';
export { ManageSchedule } from './components/manage-schedule';
/** /manage_rooms: the rooms schedules meet in, made by the resource kit from the declaration. */
export const ManageRooms = /* @__PURE__ */ resourcePage(roomResource, 'manageRooms');
export { type ScheduleLookup, useScheduleInProgramme } from './schedule-in-programme';
