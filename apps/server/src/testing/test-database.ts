import { createHash, randomBytes } from 'node:crypto';
import {
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import { REPO_ROOT } from '../config';
import { type Database, openDatabase, openPglite } from '../db/client';
import { MIGRATIONS_DIR, migrate } from '../db/migrate';

/** Which database server tests run on: the vitest project sets TEST_DB (docs/architecture.md#shape-of-the-system). */
export const testDbKind = (): 'pglite' | 'postgres' =>
  process.env.TEST_DB === 'postgres' ? 'postgres' : 'pglite';

export type TestDatabase = Database & { url: string | null };

/**
 * A fresh, migrated database for one test file: an in-memory PGlite, or a new PostgreSQL database
 * (copied from a migrated template beside DATABASE_URL's, and dropped on close).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind() === 'pglite') {
    const database = await openPglite(new PGlite({ loadDataDir: await migratedTemplate() }));
    return { ...database, url: null };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `atelier_test_${randomBytes(6).toString('hex')}`;
  const template = await migratedPostgresTemplate(adminUrl);
  await adminQuery(adminUrl, `create database ${name} template ${template}`);
  const database = await openDatabase({ kind: 'postgres', url: databaseUrl(adminUrl, name) });
  return {
    ...database,
    url: databaseUrl(adminUrl, name),
    close: async () => {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

function databaseUrl(adminUrl: string, name: string): string {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

async function adminQuery(adminUrl: string, statement: string): Promise<void> {
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  try {
    await admin.query(statement);
  } finally {
    await admin.end();
  }
}

/** A hash of the migration files: a template is valid for exactly these migrations. */
function migrationsHash(): string {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
    }
  }
  return hash.digest('hex').slice(0, 16);
}

// Any number, fixed: it names the advisory lock under which one process makes the template.
const TEMPLATE_LOCK = 727_045;
const TEMPLATE_PREFIX = 'atelier_template_';

/** Per process: the template's name once it is known to exist. */
let postgresTemplate: Promise<string> | undefined;

/**
 * The name of a PostgreSQL database migrated once and kept, named by a hash of the migrations,
 * that each test file's database is copied from (docs/decisions/079-faster-test-suite.md): a copy
 * takes about a third of the time of creating a database and migrating it. Made under an advisory
 * lock, so that parallel workers (and other suites on the same server) make it once; made under
 * another name and renamed, so that a run killed half-way leaves no half-migrated template.
 */
function migratedPostgresTemplate(adminUrl: string): Promise<string> {
  postgresTemplate ??= (async () => {
    const name = `${TEMPLATE_PREFIX}${migrationsHash()}`;
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    try {
      await admin.query('select pg_advisory_lock($1)', [TEMPLATE_LOCK]);
      const existing = await admin.query<{ datname: string }>(
        'select datname from pg_database where datname like $1',
        [`${TEMPLATE_PREFIX}%`],
      );
      if (existing.rows.some((row) => row.datname === name)) return name;
      // Left by a run killed while making a template: nobody else makes one while we hold the lock.
      for (const { datname } of existing.rows) {
        if (datname.endsWith('_partial')) {
          await admin.query(`drop database if exists ${datname} with (force)`);
        }
      }
      const partial = `${name}_partial`;
      await admin.query(`create database ${partial}`);
      const database = await openDatabase({
        kind: 'postgres',
        url: databaseUrl(adminUrl, partial),
      });
      try {
        await migrate(database);
      } finally {
        await database.close();
      }
      await admin.query(`alter database ${partial} rename to ${name}`);
      return name;
    } finally {
      await admin.query('select pg_advisory_unlock($1)', [TEMPLATE_LOCK]).catch(() => undefined);
      await admin.end();
    }
  })();
  // A failure (say, PostgreSQL not up yet) is not remembered: the next file tries again.
  postgresTemplate.catch(() => {
    postgresTemplate = undefined;
  });
  return postgresTemplate;
}

/**
 * A dump of a freshly migrated PGlite, cached on disk by a hash of the migrations: booting a new
 * PGlite costs ~2.5 s here, loading a dump ~0.5 s, and every server test file needs a database.
 */
async function migratedTemplate(): Promise<Blob> {
  const dir = join(REPO_ROOT, 'var/cache');
  const file = join(dir, `pglite-template-${migrationsHash()}.tar`);
  if (existsSync(file)) return new Blob([readFileSync(file)]);

  const database = await openPglite(new PGlite());
  await migrate(database);
  const dump = await database.dumpDataDir();
  await database.close();
  mkdirSync(dir, { recursive: true });
  // Written aside then renamed: parallel workers may race here, and a reader never sees half a file.
  const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
  writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
  renameSync(partial, file);
  return dump;
}
