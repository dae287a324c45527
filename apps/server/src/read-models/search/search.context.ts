import type { Db } from '../../db/client';

/** What the search reads with: the database only (it writes nothing). */
export type SearchContext = { db: Db };
