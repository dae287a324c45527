import { integer, pgTable } from 'drizzle-orm/pg-core';

/**
 * The `id` column of a table a higher module owns, named rather than imported, for a foreign key
 * that points up the layers (docs/decisions/055-money-flows-one-way-and-plugins-say-what-they-need.md).
 * The database keeps the constraint as before; the import graph follows the calls instead. The
 * stand-in table is never exported from a `*.tables.ts` file, so migrations see only the real one.
 */
export function upwardKey(tableName: string) {
  return pgTable(tableName, { id: integer().primaryKey() }).id;
}
