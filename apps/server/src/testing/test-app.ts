import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { type App, type AppDeps, buildApp } from '../app';
import { type Config, loadConfig } from '../config';
import { createTestDatabase, type TestDatabase } from './test-database';

export const TEST_JWT_SECRET = 'test-secret-that-is-at-least-32-characters-long';

const PRODUCTION_STRIPE_KEYS = {
  STRIPE_SECRET_KEY: 'sk_test_production_config',
  STRIPE_WEBHOOK_SECRET: 'whsec_production_config',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_production_config',
};

/** Config for tests: silent, a throw-away data dir, a fixed secret; `env` overrides any of it. */
export function testConfig(env: Record<string, string> = {}): Config {
  return loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'atelier-test-')),
    JWT_SECRET: TEST_JWT_SECRET,
    SEED_DEMO: '0',
    // Production refuses the fake payment provider: a test of production behaviour gets Stripe
    // keys (no call reaches Stripe unless the test itself makes one).
    ...(env.NODE_ENV === 'production' ? PRODUCTION_STRIPE_KEYS : {}),
    ...env,
  });
}

export type TestApp = { app: App; database: TestDatabase; config: Config; close(): Promise<void> };

/**
 * The whole app on a fresh database (PGlite, or PostgreSQL under TEST_DB=postgres). The mail
 * worker does not poll unless `deps.mail` asks for it: its ticks would land inside query-count
 * measurements on a slow machine, and tests read mail through `latestMail`, which delivers.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  deps: Omit<AppDeps, 'database'> = {},
): Promise<TestApp> {
  const database = await createTestDatabase();
  const config = testConfig(env);
  const app = await buildApp(config, {
    mail: { worker: { autoStart: false } },
    ...deps,
    database,
  });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}
