import { z } from 'zod';

// One text schema for every free-text field of a request body or query (names, descriptions,
// search keywords, coupon codes, e-mail addresses, passwords). A control character is never
// needed in any of them, and a NUL cannot be stored in a PostgreSQL `text` at all: refusing them
// here makes each a 422 field message instead of a database error
// (docs/product.md#validation, docs/architecture.md#http-contract).

/** Messages of the text schema, so the web can match or translate them. */
export const TEXT_MESSAGES = {
  required: 'Required',
  invalid: 'Invalid input',
  controlCharacter: 'Must not contain control characters',
  tooLong: (max: number) => `Must be at most ${max} characters`,
  tooShort: (min: number) => `Must be at least ${min} characters`,
} as const;

/* biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point. */
const SINGLE_LINE = /^[^\u0000-\u001f\u007f-\u009f]*$/;
/* Tab (U+0009) and line feed (U+000A) stay allowed; a browser's textarea sends line feeds only. */
/* biome-ignore lint/suspicious/noControlCharactersInRegex: refusing control characters is the point. */
const MULTI_LINE = /^[^\u0000-\u0008\u000b-\u001f\u007f-\u009f]*$/;

/** True when `text` holds no control character (multi-line text may hold tabs and line feeds). */
export function isPlainText(text: string, options: { multiline?: boolean } = {}): boolean {
  return (options.multiline ? MULTI_LINE : SINGLE_LINE).test(text);
}

export type TextOptions = {
  /** The most characters accepted (after trimming). */
  max: number;
  /** The fewest characters; 1 makes an empty value 'Required'. Default 0. */
  min?: number;
  /** Multi-line fields (descriptions) may hold tabs and line feeds. Default false. */
  multiline?: boolean;
  /** Trim surrounding white space first. Default true; passwords and path keys keep theirs. */
  trim?: boolean;
  /** The message for more than `max` characters. */
  tooLong?: string;
  /** The message for fewer than `min` characters (default: 'Required' when min is 1). */
  tooShort?: string;
};

/**
 * A text field: a string (missing or null says 'Required', another type 'Invalid input'),
 * trimmed, without control characters, `min`..`max` characters. It stays a `z.string()`, so a
 * field may chain more (`.min(10, …)`, `.toLowerCase()`, `.pipe(z.email())`, `.optional()`).
 */
export function textSchema(options: TextOptions) {
  const { max, min = 0, multiline = false, trim = true } = options;
  let schema = z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null
        ? TEXT_MESSAGES.required
        : TEXT_MESSAGES.invalid,
  });
  if (trim) schema = schema.trim();
  schema = schema.regex(multiline ? MULTI_LINE : SINGLE_LINE, TEXT_MESSAGES.controlCharacter);
  if (min > 0) {
    schema = schema.min(
      min,
      options.tooShort ?? (min === 1 ? TEXT_MESSAGES.required : TEXT_MESSAGES.tooShort(min)),
    );
  }
  return schema.max(max, options.tooLong ?? TEXT_MESSAGES.tooLong(max));
}
