import { availableParallelism } from 'node:os';
import { configDefaults, defineConfig } from 'vitest/config';
import { webIsolated } from './apps/web/build/isolated-tests.ts';

const postgres = Boolean(process.env.DATABASE_URL);
const serverTests = {
  root: 'apps/server',
  include: ['src/**/*.test.ts'],
  // Its own project below: it starts real server processes and runs once, not once per database.
  exclude: [...configDefaults.exclude, 'src/scale-out/**'],
  environment: 'node' as const,
  // Most server suites build the app on a fresh database in beforeAll: seconds on a busy 2-core
  // machine, well past vitest's 10 s default for hooks.
  hookTimeout: 60_000,
  // A hang detector, like the web's below: under vitest's 5 s default, tests that took over 4 s on
  // a busy machine (a concurrency race, the mail worker) were one slower machine from failing.
  testTimeout: 30_000,
  // Server files share one module graph per worker instead of re-importing the server (fastify,
  // drizzle, zod schemas) for each of ~150 files: that import was a third of the suite's time.
  // Every file still builds its own app and database, so no state carries from file to file.
  isolate: false,
};

// Where both databases can behave differently (docs/decisions/045-server-tests-on-two-databases.md):
// races for seats, money and single claims, the process and its start-up, seeding, and the fuzz of
// every route. With DATABASE_URL set (CI) these run on PGlite and PostgreSQL, the rest on
// PostgreSQL only; without it everything runs on PGlite.
const onBothDatabases = [
  'src/**/*.concurrency.test.ts',
  'src/**/*.seed.test.ts',
  'src/server.test.ts',
  'src/fuzz/**/*.test.ts',
  'src/mail/mail-worker.test.ts',
  'src/modules/media/image-worker-pool.test.ts',
  'src/modules/coupons/coupon-uses.test.ts',
  'src/modules/payments/**/*.test.ts',
  'src/cable/cable.cross-process.test.ts',
];

// A web test that types into a form or opens a lazy page for the first time in its worker (the
// page's modules are transformed then) took over vitest's 5 s default on a loaded CI machine while
// passing in 1 to 2 s here, and one took 16 s on a slower one: the limit is a hang detector, not
// a speed check.
const webTestTimeout = 45_000;

export default defineConfig({
  test: {
    // Vitest's default leaves a core free, which on a 2-core machine runs every file one after
    // another. Much of a test file's time is spent waiting (the database server, spawned
    // processes, sockets), so one worker more than the cores keeps them busy: on 2 cores, three
    // workers ran the suite in 531 s where two took 647 s.
    maxWorkers: availableParallelism() + 1,
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      {
        test: {
          name: 'server',
          ...serverTests,
          ...(postgres ? { include: onBothDatabases } : {}),
          env: { TEST_DB: 'pglite' },
        },
      },
      ...(postgres
        ? [{ test: { name: 'server-pg', ...serverTests, env: { TEST_DB: 'postgres' } } }]
        : []),
      // Two server processes behind nginx on PostgreSQL and Redis (docs/architecture.md#many-servers);
      // skipped, saying why, without DATABASE_URL and TEST_REDIS_URL.
      {
        test: {
          name: 'scale-out',
          root: 'apps/server',
          include: ['src/scale-out/**/*.test.ts'],
          environment: 'node',
          hookTimeout: 180_000,
        },
      },
      // The web's files share one module graph and jsdom per worker (React, MUI, the store, every
      // string): importing them afresh for each of ~150 files was about half the web project's
      // time (docs/decisions/079-faster-test-suite.md). setup-tests.ts still unmounts and clears
      // storage after every test. Files that replace modules or globals (vi.mock, vi.doMock,
      // vi.stubGlobal, vi.spyOn, fake timers) keep a fresh graph each: `web-isolated`.
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web',
          root: 'apps/web',
          include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
          isolate: false,
          exclude: [...configDefaults.exclude, ...webIsolated],
          testTimeout: webTestTimeout,
        },
      },
      {
        extends: './apps/web/vite.config.ts',
        test: {
          name: 'web-isolated',
          root: 'apps/web',
          include: webIsolated,
          testTimeout: webTestTimeout,
        },
      },
      { test: { name: 'bench', root: 'bench', include: ['src/**/*.test.ts'] } },
      { test: { name: 'repo', root: 'scripts', include: ['*.test.mjs'] } },
    ],
  },
});
