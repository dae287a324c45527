import { z } from 'zod';
import { MAX_PRICE_CENTS } from '../classes/classes.constants';
import { requiredText } from '../classes/fields';
import { idSchema } from '../common/id.schemas';
import { pageQuerySchema } from '../common/page.schemas';
import { defineResource } from '../common/resource';
import { textSchema } from '../common/text.schemas';
import { translationsSchema } from '../common/translations.schemas';
import { MAX_PASS_VALIDITY_DAYS, MAX_PASS_VISITS, PASS_PURCHASE_STATES } from './passes.constants';
import { PASSES_API } from './passes.paths';

// Class passes and drop-ins (docs/product.md#class-passes-and-drop-ins,
// docs/decisions/076-class-passes-and-drop-ins.md): the school sells passes of N visits valid a
// number of days from purchase, bought through the cart; a family spends a visit on a seat in one
// class of a programme the pass accepts.

const wholeNumber = (min: number, max: number) =>
  z
    .int({ error: (issue) => (issue.input === undefined ? 'Required' : 'Must be a whole number') })
    .min(min, `Must be at least ${min}`)
    .max(max, `Must be at most ${max}`);

/** What an admin sets on a pass. `klass_group_ids`: the programmes whose classes it books. */
export const passFieldsSchema = z.object({
  name: requiredText(120),
  visits: wholeNumber(1, MAX_PASS_VISITS),
  price: wholeNumber(0, MAX_PRICE_CENTS),
  validity_days: wholeNumber(1, MAX_PASS_VALIDITY_DAYS),
  klass_group_ids: z
    .array(idSchema, { error: 'Invalid input' })
    .max(200, 'At most 200')
    .transform((ids) => [...new Set(ids)])
    .default([]),
});
export type PassFields = z.input<typeof passFieldsSchema>;

/**
 * A PUT replaces the pass; left out, `klass_group_ids` stays as it is (the kit's form edits the
 * other fields, the programmes dialog this one).
 */
export const passUpdateFieldsSchema = passFieldsSchema.extend({
  klass_group_ids: z
    .array(idSchema, { error: 'Invalid input' })
    .max(200, 'At most 200')
    .transform((ids) => [...new Set(ids)])
    .optional(),
});

/** A pass as it is read: its fields, the name's translations and how many were bought. */
export const passAttributesSchema = z.object({
  name: z.string(),
  visits: z.number().int(),
  price: z.number().int(),
  validity_days: z.number().int(),
  klass_group_ids: z.array(z.number().int()),
  translations: translationsSchema({ name: textSchema({ max: 120 }) }),
  purchases_count: z.number().int(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type PassAttributes = z.infer<typeof passAttributesSchema>;

/** Passes as an admin-managed resource (docs/architecture.md#adding-a-resource); families read them. */
export const passResource = defineResource({
  name: 'pass',
  type: 'passes',
  paths: { collection: PASSES_API.passes, member: PASSES_API.pass },
  fields: {
    name: {
      kind: 'text',
      label: 'managePasses.name',
      required: true,
      max: 120,
      translatable: true,
    },
    visits: { kind: 'number', label: 'managePasses.visits', required: true },
    price: { kind: 'money', label: 'managePasses.price', required: true, max: MAX_PRICE_CENTS },
    validity_days: {
      kind: 'number',
      label: 'managePasses.validityDays',
      required: true,
      hint: 'managePasses.validityDaysHint',
    },
  },
  attributes: passAttributesSchema,
  create: passFieldsSchema,
  update: passUpdateFieldsSchema,
  // A pass a family bought is not deleted: their purchase points at it.
  uses: { attribute: 'purchases_count', label: 'managePasses.purchases' },
  listQuery: pageQuerySchema.extend({ search: textSchema({ max: 100 }).optional() }),
});

/** A visit booked with a pass. */
export const dropInSchema = z.object({
  id: z.string(),
  pass_purchase_id: z.string(),
  klass_id: z.string(),
  attendee_profile_id: z.string(),
  child_name: z.string(),
  starts_at: z.string(),
  programme: z.string(),
  schedule_name: z.string(),
  time_zone: z.string(),
  created_at: z.string(),
  cancelled_at: z.string().nullable(),
});
export type DropIn = z.infer<typeof dropInSchema>;

/** A pass the family bought, with its visits left and its drop-ins (history), newest first. */
export const passPurchaseSchema = z.object({
  id: z.string(),
  pass_id: z.string().nullable(),
  order_id: z.string(),
  name: z.string(),
  visits: z.number().int(),
  visits_left: z.number().int(),
  klass_group_ids: z.array(z.string()),
  expires_at: z.string(),
  created_at: z.string(),
  state: z.enum(PASS_PURCHASE_STATES),
  drop_ins: z.array(dropInSchema),
});
export type PassPurchase = z.infer<typeof passPurchaseSchema>;

export const passPurchaseListDocumentSchema = z.object({ data: z.array(passPurchaseSchema) });
export type PassPurchaseListDocument = z.infer<typeof passPurchaseListDocumentSchema>;

/** POST /api/v2/drop_ins */
export const bookDropInBodySchema = z.object({
  klass_id: idSchema,
  attendee_profile_id: idSchema,
  pass_purchase_id: idSchema,
});
export type BookDropInBody = z.input<typeof bookDropInBodySchema>;

export const dropInDocumentSchema = z.object({ data: dropInSchema });
export type DropInDocument = z.infer<typeof dropInDocumentSchema>;

export const dropInIdParamsSchema = z.object({ id: idSchema });

/** GET /api/v2/drop_ins/options?pass_purchase_id= */
/** `klass_group_id`: only that programme's classes (a programme's booking card asks so). */
export const dropInOptionsQuerySchema = z.object({
  pass_purchase_id: idSchema,
  klass_group_id: idSchema.optional(),
});

/** An upcoming class a pass may book, with its free seats. */
export const dropInOptionSchema = z.object({
  klass_id: z.string(),
  starts_at: z.string(),
  ends_at: z.string(),
  time_zone: z.string(),
  programme: z.string(),
  schedule_name: z.string(),
  seats_left: z.number().int(),
});
export type DropInOption = z.infer<typeof dropInOptionSchema>;

export const dropInOptionsDocumentSchema = z.object({ data: z.array(dropInOptionSchema) });
export type DropInOptionsDocument = z.infer<typeof dropInOptionsDocumentSchema>;
