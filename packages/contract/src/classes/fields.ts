import { z } from 'zod';
import { DATE_PICKER_MAX, DATE_PICKER_MIN, FIRST_PAGE } from '../constants';
import { resourceIdentifierSchema } from '../json-api';

// Field schemas shared by the classes resources. Messages follow docs/product.md#validation: 'Required' when a value
// is missing, otherwise a sentence the form shows beside the field.

const stringOrRequired = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'Required' : 'Invalid input') });

/** A required single-line text, trimmed, 1..max characters. */
export const requiredText = (max: number) =>
  stringOrRequired().trim().min(1, 'Required').max(max, `Must be at most ${max} characters`);

/** An optional text: empty or blank becomes null. */
export const optionalText = (max: number) =>
  z
    .string({ error: 'Invalid input' })
    .trim()
    .max(max, `Must be at most ${max} characters`)
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v));

/** A database id as the API writes it: a positive 32-bit integer, as a string. */
export const idStringSchema = stringOrRequired().regex(/^[1-9]\d{0,9}$/, 'Invalid input');
/** A path id, parsed to a number; out-of-range ids are 'Invalid input', not a database error. */
export const idParamSchema = idStringSchema
  .refine((v) => Number(v) <= 2_147_483_647, 'Invalid input')
  .transform(Number);
export const classesIdParamsSchema = z.object({ id: idParamSchema });

/** A calendar date `YYYY-MM-DD` inside the date picker's range (docs/product.md#constants). */
export const isoDateSchema = stringOrRequired()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'Enter a date as YYYY-MM-DD')
  .pipe(z.iso.date('Enter a valid date'))
  .refine(
    (v) => v >= DATE_PICKER_MIN && v <= DATE_PICKER_MAX,
    `Must be between ${DATE_PICKER_MIN} and ${DATE_PICKER_MAX}`,
  );

/** A local wall-clock time `HH:MM` (24-hour). */
export const localTimeSchema = stringOrRequired().regex(
  /^([01]\d|2[0-3]):[0-5]\d$/,
  'Use the 24-hour form HH:MM',
);

/** An instant with its UTC offset, e.g. `2026-03-08T10:00:00-04:00` or `…Z`. */
export const instantSchema = stringOrRequired().pipe(
  z.iso.datetime({ offset: true, error: 'Enter a date and time with its UTC offset' }),
);

/** True when the runtime (browser or Node) knows `zone` as an IANA time zone. */
export function isValidTimeZone(zone: string): boolean {
  if (!zone.includes('/') && zone !== 'UTC') return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** An IANA time zone such as `America/New_York`, returned in its canonical spelling. */
export const timeZoneSchema = stringOrRequired()
  .trim()
  .min(1, 'Required')
  .refine(isValidTimeZone, 'Unknown time zone: use an IANA name such as America/New_York')
  .transform(
    (zone) => new Intl.DateTimeFormat('en-US', { timeZone: zone }).resolvedOptions().timeZone,
  );

/** Integer cents, never negative. */
export const centsSchema = (max: number) =>
  z
    .int({
      error: (issue) =>
        issue.input === undefined ? 'Required' : 'Must be a whole number of cents',
    })
    .min(0, 'Must not be negative')
    .max(max, `Must be at most ${max}`);

/** `?page=N` (from 1). */
export const pageQuerySchema = z.object({
  page: z.coerce.number().int('Invalid input').min(FIRST_PAGE, 'Invalid input').default(FIRST_PAGE),
});

/** `'true'` / `'false'` in a query string. */
export const booleanQuerySchema = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .transform((v) => v === 'true');

// Typed JSON:API building blocks: the response schemas of every classes endpoint are made from
// these, so OpenAPI shows real shapes and the server's responses are checked against them.

export const toOneSchema = z.object({ data: resourceIdentifierSchema });
export const toOneOrNullSchema = z.object({ data: resourceIdentifierSchema.nullable() });
export const toManySchema = z.object({ data: z.array(resourceIdentifierSchema) });

/** A resource object schema with a literal `type`, typed attributes and named relationships. */
export function resourceObjectSchema<
  T extends string,
  A extends z.ZodType,
  R extends Record<string, z.ZodType>,
>(type: T, attributes: A, relationships: R) {
  return z.object({
    id: z.string(),
    type: z.literal(type),
    attributes,
    relationships: z.object(relationships),
  });
}

/** A resource object schema with no relationships. */
export function plainResourceObjectSchema<T extends string, A extends z.ZodType>(
  type: T,
  attributes: A,
) {
  return z.object({ id: z.string(), type: z.literal(type), attributes });
}
