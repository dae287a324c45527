import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';

// Raw SQL for a read model whose sums and buckets the query builder cannot say (the sales
// overview). Read models write nothing (docs/architecture.md#read-models), and a raw statement
// would slip past the check that looks for insert, update and delete calls: this refuses any text
// that is not one SELECT (or WITH … SELECT) before it reaches the database.
const READ_ONLY = /^\s*(select|with)\b[^;]*$/i;
// A WITH may hide a write (`with d as (delete … returning *) select …`).
const WRITE_WORD = /\b(insert|update|delete|merge|truncate|alter|drop|create|grant)\b/i;
const dialect = new PgDialect();

/** The rows of one read-only statement; throws before running anything else. */
export async function selectRows<T>(db: Db, query: SQL): Promise<T[]> {
  const text = dialect.sqlToQuery(query).sql;
  if (!READ_ONLY.test(text) || WRITE_WORD.test(text)) {
    throw new Error('selectRows runs a single SELECT only');
  }
  // db.execute's row type is the driver's (node-postgres or PGlite); both answer `{ rows }`.
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
