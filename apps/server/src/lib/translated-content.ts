import {
  CONTENT_LANGUAGES,
  type ContentLanguage,
  DEFAULT_LANGUAGE,
  type Language,
  type Translations,
} from '@atelier/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

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

/**
 * SQL for a translatable column in the language `language` names (a literal or a column such as
 * `users.locale`), falling back to the column: for reads that join a reader, such as mail.
 * A null or default language finds no translation, so it gives the column.
 */
export function columnInLanguage(
  column: AnyColumn,
  translations: AnyColumn,
  field: string,
  language: Language | AnyColumn | SQL | null,
): SQL<string> {
  const lang =
    typeof language === 'string' || language === null ? sql`${language}::text` : language;
  return sql<string>`coalesce(nullif(btrim(${translations} -> ${lang} ->> ${field}::text), ''), ${column})`;
}
