import { createHash } from 'node:crypto';
import { cpSync, existsSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { BASE_PORT, createRunDir, ROOT, startServer, templateDir } from './worker-server';

/**
 * Once per run, before the workers start: the real server seeds the demo data into the template
 * directory, which each worker copies (worker-server.ts). It starts from a copy of a migrated,
 * empty database cached in var/cache: creating a PGlite database is the slowest part of a start
 * (~4 s alone, far more on a busy machine) and only changes with the migrations. Returns the
 * teardown, which removes the run's directory.
 */
export default async function globalSetup(): Promise<() => void> {
  const run = createRunDir();
  cpSync(await migratedDatabase(), join(templateDir(), 'db'), { recursive: true });
  const server = await startServer(BASE_PORT, templateDir());
  await server.stop();
  return () => rmSync(run, { recursive: true, force: true });
}

const MIGRATIONS_DIR = join(ROOT, 'apps/server/drizzle');
const CACHE_DIR = join(ROOT, 'var/cache');
const PREFIX = 'e2e-migrated-db-';

/**
 * A PGlite data directory the server migrated and left without demo data, kept by a hash of the
 * migrations and PGlite's version (a stale one can only come from editing a landed migration,
 * which we never do: decision 003).
 */
async function migratedDatabase(): Promise<string> {
  const hash = createHash('sha256');
  const pglite = join(ROOT, 'node_modules/@electric-sql/pglite/package.json');
  hash.update(JSON.parse(readFileSync(pglite, 'utf8')).version);
  for (const file of readdirSync(MIGRATIONS_DIR, { recursive: true }).map(String).sort()) {
    if (file.endsWith('.sql') || file.endsWith('.json')) {
      hash.update(file).update(readFileSync(join(MIGRATIONS_DIR, file)));
    }
  }
  const name = `${PREFIX}${hash.digest('hex').slice(0, 16)}`;
  const cached = join(CACHE_DIR, name);
  if (existsSync(cached)) return cached;

  // Made aside and renamed into place: another suite may be making the same one.
  const partial = join(CACHE_DIR, `${name}.${process.pid}`);
  rmSync(partial, { recursive: true, force: true });
  const server = await startServer(BASE_PORT, partial, { seedDemo: false });
  await server.stop();
  for (const old of readdirSync(CACHE_DIR)) {
    if (old.startsWith(PREFIX) && old !== name && !old.includes('.')) {
      rmSync(join(CACHE_DIR, old), { recursive: true, force: true });
    }
  }
  try {
    renameSync(join(partial, 'db'), cached);
  } catch (error) {
    if (!existsSync(cached)) throw error;
  } finally {
    rmSync(partial, { recursive: true, force: true });
  }
  return cached;
}
