import type { Language } from '@atelier/contract';
import { type AnyColumn, type SQL, sql } from 'drizzle-orm';

// A translatable text is kept in its column in the default language and in a `translations` jsonb
// beside it (docs/architecture.md#translated-content); repositories that read for one reader (mail)
// pick the reader's language in SQL with this.

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
