import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  DEFAULT_LANGUAGE,
  type Language,
  type Translations,
} from '@atelier/contract';

// What the school writes is stored in the default language in its own columns and in the other
// languages in a `translations` jsonb beside them (docs/architecture.md#translated-content).
// Readers get one language in the usual fields, each field falling back on its own.

/** A row with translatable text fields `K` and their translations. */
export type Translated<K extends string> = { [F in K]: string } & {
  translations: Translations<K>;
};

const isContentLanguage = (language: Language): language is ContentLanguage =>
  language !== DEFAULT_LANGUAGE && (CONTENT_LANGUAGES as readonly string[]).includes(language);

/**
 * `row` with `fields` in `language` where a translation is written, the default language's text
 * elsewhere. The default language (or no translations) gives `row` itself.
 */
export function inLanguage<R extends Translated<K>, K extends string>(
  row: R,
  language: Language,
  fields: readonly K[],
): R {
  if (!isContentLanguage(language)) return row;
  const written = row.translations[language];
  if (!written) return row;
  const out = { ...row };
  for (const field of fields) {
    const text = written[field];
    if (text?.trim()) (out as Record<K, string>)[field] = text;
  }
  return out;
}

/**
 * One name in `language`, falling back to `name`: for reads that carry a name and its
 * translations side by side (a session with its schedule's and programme's).
 */
export function nameInLanguage(
  name: string,
  translations: Translations<'name'>,
  language: Language,
): string {
  return inLanguage({ name, translations }, language, ['name']).name;
}

/**
 * The translations as stored: languages and fields with text only, so "cleared" is "absent" and
 * a reader never meets a blank translation.
 */
export function storedTranslations<K extends string>(
  given: Translations<K> | undefined,
): Translations<K> {
  const out: Translations<K> = {};
  for (const language of CONTENT_LANGUAGES) {
    const fields = given?.[language];
    if (!fields) continue;
    const kept = Object.fromEntries(
      Object.entries(fields).filter(
        (entry): entry is [K, string] => typeof entry[1] === 'string' && entry[1].trim() !== '',
      ),
    ) as Partial<Record<K, string>>;
    if (Object.keys(kept).length > 0) out[language] = kept;
  }
  return out;
}
