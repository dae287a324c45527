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
 * (created beside DATABASE_URL's and dropped on close).
 */
export async function createTestDatabase(): Promise<TestDatabase> {
  if (testDbKind() === 'pglite') {
    const database = await openPglite(new PGlite({ loadDataDir: await migratedTemplate() }));
    return { ...database, url: null };
  }
  const adminUrl = process.env.DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs DATABASE_URL');
  const name = `atelier_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openDatabase({ kind: 'postgres', url: url.toString() });
  await migrate(database);
  return {
    ...database,
    url: url.toString(),
    close: async () => {
      await database.close();
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      await dropper.query(`drop database if exists ${name} with (force)`);
      await dropper.end();
    },
  };
}

/**
 * A dump of a freshly migrated PGlite, cached on disk by a hash of the migrations: booting a new
 * PGlite costs ~2.5 s here, loading a dump ~0.5 s, and every server test file needs a database.
 */
async function migratedTemplate(): Promise<Blob> {
  const hash = createHash('sha256');
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
    }
  }
  const dir = join(REPO_ROOT, 'var/cache');
  const file = join(dir, `pglite-template-${hash.digest('hex').slice(0, 16)}.tar`);
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
