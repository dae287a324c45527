import { z } from 'zod';
import { resourceObjectSchema, toManySchema } from '../common/json-api';
import { pageQuerySchema } from '../common/page.schemas';
import { textSchema } from '../common/text.schemas';
import { translationsSchema } from '../common/translations.schemas';
import type { FieldError } from '../errors';
import { AUDIENCES, FORMATS, MAX_AGE, MAX_PRICE_CENTS } from './classes.constants';
import { booleanQuerySchema, centsSchema, optionalText, requiredText } from './fields';

/** A URL-safe name: lower-case letters, digits and single hyphens (`observational-drawing`). */
export const slugSchema = textSchema({ min: 1, max: 80 }).regex(
  /^[a-z0-9]+(-[a-z0-9]+)*$/,
  'Use lower-case letters, digits and single hyphens',
);

/** Turns a name into a slug candidate: `Art & Science!` → `art-science`. */
export function slugify(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 80)
    .replace(/-+$/, '');
}

const ageSchema = z
  .int({ error: 'Must be a whole number' })
  .min(0, 'Must not be negative')
  .max(MAX_AGE, `Must be at most ${MAX_AGE}`)
  .nullable();

/**
 * The price of one trial class of the programme in cents (0: a free trial), or null when the
 * programme offers none (docs/product.md#trial-classes).
 */
const trialPriceSchema = centsSchema(MAX_PRICE_CENTS).nullable();

const meetingUrlSchema = textSchema({ max: 500 })
  .nullable()
  .transform((v) => (v === '' ? null : v))
  .pipe(
    z.url({ protocol: /^https?$/, error: 'Enter a web address starting with https://' }).nullable(),
  );

/** A programme's name and description in the other interface languages (`{ ja: { name } }`). */
export const klassGroupTranslationsSchema = translationsSchema({
  name: textSchema({ max: 120 }),
  description: textSchema({ max: 5000, multiline: true }),
});
export type KlassGroupTranslations = z.infer<typeof klassGroupTranslationsSchema>;

/** The fields an admin sets on a programme (klass group). */
export const klassGroupFieldsSchema = z.object({
  name: requiredText(120),
  /** Derived from the name when left out on create. */
  slug: slugSchema.optional(),
  description: textSchema({ max: 5000, multiline: true }).default(''),
  audience: z.enum(AUDIENCES, { error: 'Choose kids, adults or all ages' }),
  format: z.enum(FORMATS, { error: 'Choose in person or online' }),
  /** The address of an in-person programme; required for `in_person`. */
  location: optionalText(300).default(null),
  /** The meeting link of an online programme; required for `online`. Shown to enrolled people only. */
  meeting_url: meetingUrlSchema.default(null),
  min_age: ageSchema.default(null),
  max_age: ageSchema.default(null),
  published: z.boolean({ error: 'Invalid input' }).default(false),
  trial_price: trialPriceSchema.default(null),
  /** Replaces the stored translations as a whole; readers get them in the fields above. */
  translations: klassGroupTranslationsSchema.default({}),
});
export type KlassGroupFields = z.infer<typeof klassGroupFieldsSchema>;

/** POST /api/v1/klass_groups */
export const createKlassGroupBodySchema = z.object({ klass_group: klassGroupFieldsSchema });
export type CreateKlassGroupBody = z.input<typeof createKlassGroupBodySchema>;

/** PATCH /api/v1/klass_groups/{id}: any subset of the fields. */
export const updateKlassGroupBodySchema = z.object({
  klass_group: klassGroupFieldsSchema
    .extend({
      description: klassGroupFieldsSchema.shape.description.unwrap(),
      location: optionalText(300),
      meeting_url: meetingUrlSchema,
      min_age: ageSchema,
      max_age: ageSchema,
      published: z.boolean({ error: 'Invalid input' }),
      trial_price: trialPriceSchema,
      translations: klassGroupTranslationsSchema,
    })
    .partial(),
});
export type UpdateKlassGroupBody = z.input<typeof updateKlassGroupBodySchema>;

/**
 * Rules across fields, run by the server on the stored values merged with the change, and by the
 * web before sending. Each broken rule names the field whose message explains it.
 */
export function klassGroupRuleErrors(
  values: Pick<KlassGroupFields, 'format' | 'location' | 'meeting_url' | 'min_age' | 'max_age'>,
): FieldError[] {
  const errors: FieldError[] = [];
  if (values.min_age !== null && values.max_age !== null && values.max_age < values.min_age) {
    errors.push({ field: 'max_age', detail: 'Must be at least the minimum age' });
  }
  if (values.format === 'in_person' && !values.location) {
    errors.push({ field: 'location', detail: 'Required for an in-person programme' });
  }
  if (values.format === 'online' && !values.meeting_url) {
    errors.push({ field: 'meeting_url', detail: 'Required for an online programme' });
  }
  return errors;
}

/** GET /api/v1/klass_groups query: page, a search over name and slug, and the published flag. */
export const klassGroupListQuerySchema = pageQuerySchema.extend({
  search: textSchema({ max: 100 }).optional(),
  published: booleanQuerySchema.optional(),
});
export type KlassGroupListQuery = z.input<typeof klassGroupListQuerySchema>;

/** Attributes of a `klass_groups` resource as admins see it. */
export const klassGroupAttributesSchema = z.object({
  name: z.string(),
  slug: z.string(),
  description: z.string(),
  audience: z.enum(AUDIENCES),
  format: z.enum(FORMATS),
  location: z.string().nullable(),
  meeting_url: z.string().nullable(),
  min_age: z.number().int().nullable(),
  max_age: z.number().int().nullable(),
  /** The display size (longest side ≤ 1600 px), or null without an image. */
  image_url: z.string().nullable(),
  /** A square thumbnail (320 px). */
  thumb_url: z.string().nullable(),
  published: z.boolean(),
  /** Cents for one trial class (0: free), or null: no trial offered. */
  trial_price: z.number().int().nullable(),
  /** `name` and `description` above are the default language's; these are the others. */
  translations: klassGroupTranslationsSchema,
  created_at: z.string(),
  updated_at: z.string(),
});
export type KlassGroupAttributes = z.infer<typeof klassGroupAttributesSchema>;

/**
 * Relationship `klass_group_schedules`: all the programme's schedules (included). The programme can
 * be deleted only while the sum of its schedules' `enrollments_count` is 0.
 */
export const klassGroupResourceSchema = resourceObjectSchema(
  'klass_groups',
  klassGroupAttributesSchema,
  { klass_group_schedules: toManySchema },
);
export type KlassGroupResource = z.infer<typeof klassGroupResourceSchema>;
