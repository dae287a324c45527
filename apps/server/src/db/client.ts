import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import pg from 'pg';

/**
 * The one query interface both drivers share. It knows no tables: each module's repository
 * imports its own, so the database layer depends on no module (docs/architecture.md).
 */
export type Db = PgDatabase<PgQueryResultHKT>;
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0];

export type DatabaseTarget =
  | { kind: 'pglite'; dir: string | null }
  | { kind: 'postgres'; url: string };

export type Database = {
  db: Db;
  kind: DatabaseTarget['kind'];
  /** Number of SQL statements sent since open; tests assert fixed query counts with it. */
  queryCount(): number;
  ping(): Promise<void>;
  close(): Promise<void>;
};

/** A Drizzle logger that only counts statements. */
function queryCounter() {
  let n = 0;
  return { logger: { logQuery: () => void n++ }, count: () => n };
}

/** Opens PGlite (a directory, or memory when `dir` is null) or a PostgreSQL pool. */
export async function openDatabase(target: DatabaseTarget): Promise<Database> {
  if (target.kind === 'postgres') {
    const { logger, count } = queryCounter();
    const pool = new pg.Pool({ connectionString: target.url, max: 10 });
    // An idle pooled connection that the server ends (restart, `pg_terminate_backend`, a dropped
    // test database) is reported as an 'error' on the pool; without a listener that event would
    // crash the process. The pool discards that connection and opens a new one when needed.
    pool.on('error', () => undefined);
    const db = drizzlePg(pool, { logger }) as unknown as Db;
    return {
      db,
      kind: 'postgres',
      queryCount: count,
      ping: async () => void (await pool.query('select 1')),
      close: () => pool.end(),
    };
  }
  return openPglite(target.dir ? new PGlite(target.dir) : new PGlite());
}

/** Wraps an existing PGlite (tests load one from a migrated dump). */
export async function openPglite(
  client: PGlite,
): Promise<Database & { dumpDataDir(): Promise<Blob> }> {
  const { logger, count } = queryCounter();
  // PGlite is a single connection: it queues statements itself, so one client serves everyone.
  await client.waitReady;
  const db = drizzlePglite(client, { logger }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    queryCount: count,
    ping: async () => void (await db.execute(sql`select 1`)),
    close: () => client.close(),
    dumpDataDir: () => client.dumpDataDir('none'),
  };
}
