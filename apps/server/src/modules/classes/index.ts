// The classes module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
export { type CalendarEntry, klassesConcerning } from './calendar-klasses.service';
export {
  addonIdsOfSchedule,
  type CartSchedule,
  cartSchedulesByIds,
} from './cart-schedules.service';
export type { Viewer } from './classes.context';
export type { ImageUrls } from './classes.resources';
export { classesRoutes } from './classes.routes';
export { seedDemoClasses } from './classes.seed';
