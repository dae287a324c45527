import { z } from 'zod';
import { plainResourceObjectSchema, resourceObjectSchema, toOneSchema } from '../common/json-api';
import { pageQuerySchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import { translationsSchema } from '../common/translations.schemas';
import { MAX_PRICE_CENTS, UNIT_TYPES } from './classes.constants';
import { centsSchema, requiredText } from './fields';

/** A plan's name in the other interface languages (`{ ja: { name } }`). */
export const planTranslationsSchema = translationsSchema({ name: textSchema({ max: 120 }) });
export type PlanTranslations = z.infer<typeof planTranslationsSchema>;

/**
 * A plan prices a schedule: `base_price + unit_price × units` in cents, where units count
 * `unit_type`s (for `class`: the sessions still ahead at booking time). docs/architecture.md#domain-model.
 */
export const planFieldsSchema = z.object({
  name: requiredText(120),
  base_price: centsSchema(MAX_PRICE_CENTS),
  unit_price: centsSchema(MAX_PRICE_CENTS),
  unit_type: z.enum(UNIT_TYPES, { error: 'Choose class, month or term' }),
  /** The name in the other interface languages; replaces the stored translations as a whole. */
  translations: planTranslationsSchema.default({}),
});
export type PlanFields = z.infer<typeof planFieldsSchema>;

/** POST /api/v1/plans */
export const createPlanBodySchema = z.object({ plan: planFieldsSchema });
export type CreatePlanBody = z.input<typeof createPlanBodySchema>;

/** PATCH /api/v1/plans/{id} */
export const updatePlanBodySchema = z.object({
  plan: planFieldsSchema.extend({ translations: planTranslationsSchema }).partial(),
});
export type UpdatePlanBody = z.input<typeof updatePlanBodySchema>;

/** GET /api/v1/plans query. */
export const planListQuerySchema = pageQuerySchema.extend({
  search: textSchema({ max: 100 }).optional(),
});
export type PlanListQuery = z.input<typeof planListQuerySchema>;

/** Attributes of a `plans` resource (public: the catalogue shows these too). */
export const publicPlanAttributesSchema = z.object({
  name: z.string(),
  base_price: z.number().int(),
  unit_price: z.number().int(),
  unit_type: z.enum(UNIT_TYPES),
});
export type PublicPlanAttributes = z.infer<typeof publicPlanAttributesSchema>;

/** Admin attributes: also how many schedules offer the plan (a plan in use cannot be deleted). */
export const planAttributesSchema = publicPlanAttributesSchema.extend({
  schedules_count: z.number().int(),
  /** `name` above is the default language's; these are the others. */
  translations: planTranslationsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type PlanAttributes = z.infer<typeof planAttributesSchema>;

export const planResourceSchema = plainResourceObjectSchema('plans', planAttributesSchema);
export type PlanResource = z.infer<typeof planResourceSchema>;
export const publicPlanResourceSchema = plainResourceObjectSchema(
  'plans',
  publicPlanAttributesSchema,
);
export type PublicPlanResource = z.infer<typeof publicPlanResourceSchema>;

/**
 * `klass_group_schedule_plans`: a plan offered by a schedule (the join). A cart item books one of
 * these (docs/product.md#data-the-client-sees `klass_group_schedule_plan {plan}`).
 */
export const schedulePlanResourceSchema = resourceObjectSchema(
  'klass_group_schedule_plans',
  z.object({ klass_group_schedule_id: z.string(), plan_id: z.string() }),
  { klass_group_schedule: toOneSchema, plan: toOneSchema },
);
export type SchedulePlanResource = z.infer<typeof schedulePlanResourceSchema>;

export const planDocumentSchema = z.object({ data: planResourceSchema });
export type PlanDocument = z.infer<typeof planDocumentSchema>;
