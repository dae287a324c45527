import { z } from 'zod';
import { LANGUAGES } from '../constants';

// What the school writes (a programme's name, a plan's name, a room…) is kept in the school's
// default language in the resource's own fields, and in the other interface languages beside it
// as `translations: { ja: { name: '…' } }` (docs/architecture.md#translated-content). A reader gets
// one language in the same fields as today; an admin reads and writes `translations` as a whole.

/** The languages content may be translated into: every interface language but the default. */
export const CONTENT_LANGUAGES = LANGUAGES.filter(
  (l): l is Exclude<(typeof LANGUAGES)[number], 'en'> => l !== 'en',
);
export type ContentLanguage = (typeof CONTENT_LANGUAGES)[number];

/** The translations of a resource's translatable text fields; a missing or blank one falls back. */
export type Translations<K extends string = string> = Partial<
  Record<ContentLanguage, Partial<Record<K, string>>>
>;

/**
 * The `translations` member of a body or an admin answer, for the given translatable fields and
 * their text schemas: `translationsSchema({ name: nameSchema })` accepts `{ ja: { name: '…' } }`.
 * Each language and each field is optional; an empty string clears that translation.
 */
export function translationsSchema<T extends z.ZodRawShape>(fields: T) {
  const perLanguage = z.object(fields).partial().strict();
  return z.object({ ja: perLanguage.optional() }).strict();
}
