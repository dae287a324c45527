import { z } from 'zod';
import { resourceObjectSchema, toManySchema, toOneSchema } from '../common/json-api';
import { pageMetaSchema, pageQuerySchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import { AUDIENCES, FORMATS } from './classes.constants';
import { publicPlanResourceSchema, schedulePlanResourceSchema } from './plans.schemas';
import {
  addonResourceSchema,
  publicKlassAttributesSchema,
  publicScheduleAttributesSchema,
} from './schedules.schemas';
import { publicTeacherResourceSchema } from './teachers.schemas';

/** GET /api/v1/catalogue/klass_groups query: page, and optional audience and format filters. */
export const catalogueQuerySchema = pageQuerySchema.extend({
  audience: z.enum(AUDIENCES, { error: 'Choose kids, adults or all_ages' }).optional(),
  format: z.enum(FORMATS, { error: 'Choose in_person or online' }).optional(),
});
export type CatalogueQuery = z.input<typeof catalogueQuerySchema>;

/** A published programme as anyone sees it: no meeting link, no staff-only counts. */
export const publicKlassGroupAttributesSchema = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  audience: z.enum(AUDIENCES),
  format: z.enum(FORMATS),
  location: z.string().nullable(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  /** Cents for one trial class (0: free), or null: the programme offers no trial. */
  trial_price: z.number().int().nullable(),
  image_url: z.string().nullable(),
  thumb_url: z.string().nullable(),
});
export type PublicKlassGroupAttributes = z.infer<typeof publicKlassGroupAttributesSchema>;

/** `klass_group_schedules`: the schedules not yet over (end date today or later). */
export const publicKlassGroupResourceSchema = resourceObjectSchema(
  'klass_groups',
  publicKlassGroupAttributesSchema,
  { klass_group_schedules: toManySchema },
);
export type PublicKlassGroupResource = z.infer<typeof publicKlassGroupResourceSchema>;

/** `klasses`: the schedule's upcoming sessions (not started, not cancelled), in order. */
export const publicScheduleResourceSchema = resourceObjectSchema(
  'klass_group_schedules',
  publicScheduleAttributesSchema,
  {
    klass_group: toOneSchema,
    teacher: toOneSchema,
    klass_group_schedule_plans: toManySchema,
    klass_group_schedule_addons: toManySchema,
    klasses: toManySchema,
  },
);
export type PublicScheduleResource = z.infer<typeof publicScheduleResourceSchema>;

export const publicKlassResourceSchema = resourceObjectSchema(
  'klasses',
  publicKlassAttributesSchema,
  { klass_group_schedule: toOneSchema },
);
export type PublicKlassResource = z.infer<typeof publicKlassResourceSchema>;

const catalogueIncludedSchema = z.discriminatedUnion('type', [
  publicKlassGroupResourceSchema,
  publicScheduleResourceSchema,
  publicTeacherResourceSchema,
  schedulePlanResourceSchema,
  publicPlanResourceSchema,
  addonResourceSchema,
  publicKlassResourceSchema,
]);

/**
 * GET /api/v1/catalogue/klass_groups: one page of published programmes with everything a
 * catalogue page shows, in one request (`included`: schedules, teachers, schedule plans, plans,
 * add-ons, upcoming sessions).
 */
export const catalogueListDocumentSchema = z.object({
  data: z.array(publicKlassGroupResourceSchema),
  included: z.array(catalogueIncludedSchema).optional(),
  meta: pageMetaSchema,
});
export type CatalogueListDocument = z.infer<typeof catalogueListDocumentSchema>;

/** GET /api/v1/catalogue/klass_groups/{slug}: one published programme, same `included`. */
export const catalogueKlassGroupDocumentSchema = z.object({
  data: publicKlassGroupResourceSchema,
  included: z.array(catalogueIncludedSchema).optional(),
});
export type CatalogueKlassGroupDocument = z.infer<typeof catalogueKlassGroupDocumentSchema>;

/** GET /api/v1/catalogue/klass_group_schedules/{id}: one schedule of a published programme. */
export const catalogueScheduleDocumentSchema = z.object({
  data: publicScheduleResourceSchema,
  included: z.array(catalogueIncludedSchema).optional(),
});
export type CatalogueScheduleDocument = z.infer<typeof catalogueScheduleDocumentSchema>;

/**
 * `{slug}` of a catalogue programme. Any text is looked up (an unknown slug is a 404), but not
 * one with a control character: it cannot name a programme, and a NUL cannot reach the database.
 */
export const catalogueSlugParamsSchema = z.object({
  slug: textSchema({ max: 80, trim: false, tooLong: 'Invalid input' }),
});
