import { defineConfig } from 'vitest/config';

const postgres = Boolean(process.env.DATABASE_URL);
const serverTests = {
  root: 'apps/server',
  include: ['src/**/*.test.ts'],
  environment: 'node' as const,
};

// Server tests run on PGlite always, and once more on PostgreSQL when DATABASE_URL is set (CI).
export default defineConfig({
  test: {
    projects: [
      { test: { name: 'contract', root: 'packages/contract', include: ['src/**/*.test.ts'] } },
      { test: { name: 'server', ...serverTests, env: { TEST_DB: 'pglite' } } },
      ...(postgres
        ? [{ test: { name: 'server-pg', ...serverTests, env: { TEST_DB: 'postgres' } } }]
        : []),
      { extends: './apps/web/vite.config.ts', test: { name: 'web', root: 'apps/web' } },
      { test: { name: 'bench', root: 'bench', include: ['src/**/*.test.ts'] } },
    ],
  },
});
