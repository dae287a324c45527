import {
  AUDIENCES,
  type Audience,
  CLASSES_API,
  catalogueKlassGroupDocumentSchema,
  catalogueListDocumentSchema,
  catalogueScheduleDocumentSchema,
  FORMATS,
  type Format,
  parseDocument,
  slotSchema,
  UNIT_TYPES,
} from '@atelier/contract';
import { z } from 'zod';
import { api, reportLoadFailure } from '../../lib/api';

// The public catalogue (docs/product.md#booking-and-the-cart) as the booking page reads it: programmes with
// their schedules, teachers, plans, add-ons and upcoming sessions, flattened. This feature is
// only reached through lazy routes, so zod and these schemas stay out of the first visit.

const planSchema = z.object({
  id: z.string(),
  name: z.string(),
  base_price: z.number(),
  unit_price: z.number(),
  unit_type: z.enum(UNIT_TYPES),
});

export const bookableScheduleSchema = z.object({
  id: z.string(),
  name: z.string(),
  time_zone: z.string(),
  start_date: z.string(),
  end_date: z.string(),
  slots: z.array(slotSchema),
  seats_left: z.number(),
  /** The room's name in the screen's language; none when the schedule names no room. */
  room: z.string().nullable().optional(),
  teacher: z.object({ id: z.string(), name: z.string().optional() }),
  klass_group_schedule_plans: z.array(z.object({ id: z.string(), plan: planSchema })),
  klass_group_schedule_addons: z.array(
    z.object({ id: z.string(), name: z.string(), price: z.number() }),
  ),
  klasses: z.array(
    z.object({ id: z.string(), starts_at: z.string(), ends_at: z.string(), status: z.string() }),
  ),
});
export type BookableSchedule = z.infer<typeof bookableScheduleSchema>;
export type BookablePlan = z.infer<typeof planSchema>;

export const bookableProgrammeSchema = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  audience: z.enum(AUDIENCES),
  format: z.enum(FORMATS),
  location: z.string().nullable(),
  min_age: z.number().nullable(),
  max_age: z.number().nullable(),
  /** Cents for one trial class (0: free), or null: no trial (docs/product.md#trial-classes). */
  trial_price: z.number().nullable(),
  thumb_url: z.string().nullable(),
  klass_group_schedules: z.array(bookableScheduleSchema),
});
export type BookableProgramme = z.infer<typeof bookableProgrammeSchema>;

/** The server's filters; the others (age, weekday, time of day) apply on the page. */
export type CatalogueFilters = { audience?: Audience; format?: Format };

/** More pages than a school offers programmes; a guard against a server that never ends. */
const MAX_PAGES = 20;

export const catalogueApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** GET /api/v1/catalogue/klass_groups, every page: the published programmes. */
    catalogue: build.query<BookableProgramme[], CatalogueFilters>({
      async queryFn(filters, _api, _extra, baseQuery) {
        const out: BookableProgramme[] = [];
        for (let page = 1; page <= MAX_PAGES; page++) {
          const result = await baseQuery({
            url: CLASSES_API.catalogue,
            params: { ...filters, page },
          });
          if (result.error) return { error: result.error };
          try {
            const doc = catalogueListDocumentSchema.parse(result.data);
            out.push(...parseDocument(z.array(bookableProgrammeSchema), doc));
            if (out.length >= doc.meta.total || doc.data.length === 0) break;
          } catch (error) {
            return {
              error: {
                status: null,
                code: null,
                detail: null,
                reason: null,
                fields: {},
                message: String(error),
              },
            };
          }
        }
        return { data: out };
      },
      providesTags: [{ type: 'KlassGroup', id: 'CATALOGUE' }],
      onQueryStarted: reportLoadFailure,
    }),
    /** GET /api/v1/catalogue/klass_groups/{slug}: the deep link's programme. */
    catalogueProgramme: build.query<BookableProgramme, string>({
      query: (slug) => CLASSES_API.catalogueKlassGroup(slug),
      transformResponse: (body: unknown) =>
        parseDocument(bookableProgrammeSchema, catalogueKlassGroupDocumentSchema.parse(body)),
      // Refetched in the new language when the screen's language changes (app/store.ts).
      providesTags: [{ type: 'KlassGroup', id: 'CATALOGUE' }],
    }),
    /** GET /api/v1/catalogue/klass_group_schedules/{id}: what a cart item may be changed to. */
    catalogueSchedule: build.query<BookableSchedule, string>({
      query: (id) => CLASSES_API.catalogueSchedule(id),
      transformResponse: (body: unknown) =>
        parseDocument(bookableScheduleSchema, catalogueScheduleDocumentSchema.parse(body)),
      providesTags: [{ type: 'KlassGroup', id: 'CATALOGUE' }],
      onQueryStarted: reportLoadFailure,
    }),
  }),
});

export const { useCatalogueQuery, useCatalogueProgrammeQuery, useCatalogueScheduleQuery } =
  catalogueApi;
