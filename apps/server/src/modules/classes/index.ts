// The classes module's public face: other modules and app.ts import from here only, apart from
// its *.tables.ts for foreign keys and joins (docs/architecture.md#repository-layout-and-layers).
import type {
  CatalogueKlassGroupDocument,
  CatalogueListDocument,
  Language,
} from '@atelier/contract';
import type { FastifyInstance } from 'fastify';
import { catalogueKlassGroup, catalogueList } from './catalogue.service';
import type { ClassesContext } from './classes.context';

export { type CalendarEntry, klassesConcerning } from './calendar-klasses.service';
export {
  addonIdsOfSchedule,
  type CartSchedule,
  cartSchedulesByIds,
} from './cart-schedules.service';
export type { Viewer } from './classes.context';
export type { ImageUrls } from './classes.resources';
export {
  CATALOGUE_CACHE_TTL_MS,
  CATALOGUE_CHANGED_CHANNEL,
  classesRoutes,
} from './classes.routes';
export {
  type DemoNextTerm,
  demoNextTermOf,
  demoProgrammeIds,
  seedDemoClasses,
} from './classes.seed';
export { klassesTable } from './klass-facts.repository';
export {
  type KlassFacts,
  type KlassOfSchedule,
  klassFactsByIds,
  klassPageOfSchedule,
  nextKlassTaughtBy,
  type ScheduleFacts,
  type StartedKlassRow,
  scheduledSessionsBetween,
  scheduleFactsByIds,
  startedKlassesOfSchedules,
} from './klass-facts.service';
export { lockScheduleCapacities } from './schedule-capacities.service';
export { type ScheduleSnapshotExtras, scheduleSnapshotExtras } from './schedule-snapshots.service';
export { schedulesTaughtBy, scheduleTeacherIds } from './teachers';

/**
 * The public catalogue as documents, for pages the server renders itself (the public site), with
 * what the school wrote in the page's language.
 */
export type PublicCatalogue = {
  /** A published programme by slug; throws the not-found AppError for any other. */
  programme(slug: string, language: Language): Promise<CatalogueKlassGroupDocument>;
  /** One page of published programmes. */
  page(page: number, language: Language): Promise<CatalogueListDocument>;
};

/**
 * Reads the same catalogue as `GET /api/v1/catalogue/…`, without the HTTP round trip. Read only:
 * its changes are heard on CATALOGUE_CHANGED_CHANNEL, which every write of this module publishes.
 */
export function publicCatalogue(app: FastifyInstance): PublicCatalogue {
  const ctx: ClassesContext = {
    db: app.db,
    images: app.images,
    now: () => new Date(),
    changed: () => {},
  };
  return {
    programme: (slug, language) => catalogueKlassGroup(ctx, slug, language),
    page: (page, language) => catalogueList(ctx, { page }, language),
  };
}
