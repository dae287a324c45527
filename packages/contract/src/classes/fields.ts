import { z } from 'zod';
import { textSchema } from '../common/text.schemas';
import { DATE_PICKER_MAX, DATE_PICKER_MIN } from '../constants';

// Field schemas shared by the classes resources. Messages follow docs/product.md#validation: 'Required' when a value
// is missing, otherwise a sentence the form shows beside the field.

const stringOrRequired = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'Required' : 'Invalid input') });

/** A required single-line text, trimmed, 1..max characters. */
export const requiredText = (max: number) => textSchema({ min: 1, max });

/** An optional text: empty or blank becomes null. */
export const optionalText = (max: number) =>
  textSchema({ max })
    .nullable()
    .transform((v) => (v === null || v === '' ? null : v));

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
export const instantSchema = stringOrRequired()
  .pipe(z.iso.datetime({ offset: true, error: 'Enter a date and time with its UTC offset' }))
  // The pipe documents its input, a bare string: say what it takes (RFC 3339 requires the offset).
  .meta({
    format: 'date-time',
    description: 'A date and time with its UTC offset, e.g. 2026-03-08T10:00:00-04:00',
  });

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

/** `'true'` / `'false'` in a query string. */
export const booleanQuerySchema = z
  .enum(['true', 'false'], { error: 'Use true or false' })
  .transform((v) => v === 'true');
