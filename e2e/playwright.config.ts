import { mkdirSync, readdirSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig, devices } from '@playwright/test';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The server under test listens here. 3100 is outside `npm start`'s 3000 and the 3200–3299 range
 * engineers use for manual checks; set E2E_PORT to run two suites side by side.
 */
const port = Number(process.env.E2E_PORT ?? 3100);
const baseURL = `http://127.0.0.1:${port}`;

/**
 * A fresh database per run: a new data directory under var/, named once by the runner process and
 * handed to the workers through the environment (they load this file again and must not pick a new
 * one or delete the live one). Earlier runs' directories on the same port are removed first.
 */
function runDataDir(): string {
  const existing = process.env.ATELIER_E2E_DATA_DIR;
  if (existing) return existing;
  const varDir = join(root, 'var');
  mkdirSync(varDir, { recursive: true });
  for (const name of readdirSync(varDir)) {
    if (name.startsWith(`e2e-${port}-`))
      rmSync(join(varDir, name), { recursive: true, force: true });
  }
  const dir = join(varDir, `e2e-${port}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  process.env.ATELIER_E2E_DATA_DIR = dir;
  return dir;
}
const dataDir = runDataDir();
const ci = Boolean(process.env.CI);
// Per port, so a second suite on another E2E_PORT does not wipe this one's traces or report.
const ownPort = port === 3100;
const reportFile = join(root, `var/test-results/playwright${ownPort ? '' : `-${port}`}.json`);

export default defineConfig({
  testDir: './tests',
  outputDir: join(root, `var/e2e-artifacts/${port}`),
  fullyParallel: false,
  // Two cores: one for the server, one for Chromium and the runner. E2E_WORKERS=2 on a bigger box.
  workers: Number(process.env.E2E_WORKERS ?? 1),
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  timeout: 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ['list'],
    // scripts/test.mjs adds these counts to the summary line of `npm test`.
    ['json', { outputFile: reportFile }],
  ],
  use: {
    baseURL,
    locale: 'en-US',
    timezoneId: 'America/New_York',
    // Recording a trace slows every test by a sixth on this machine: only for a CI retry. Locally,
    // rerun a failure with `--trace on`.
    trace: 'on-first-retry',
    screenshot: 'only-on-failure',
  },
  projects: [
    {
      name: 'chromium',
      use: {
        ...devices['Desktop Chrome'],
        launchOptions: {
          // Debian's Chromium: Playwright cannot download its own browsers here (docs/architecture.md#testing).
          executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
          args: [
            '--headless',
            '--no-sandbox',
            '--disable-gpu',
            '--disable-quic',
            '--no-first-run',
            '--disable-background-networking',
            '--disable-component-update',
            '--disable-sync',
          ],
        },
      },
    },
  ],
  webServer: {
    // The real server, as `npm start` runs it, serving the web build (apps/web/dist) under /app/.
    command: 'node --import tsx apps/server/src/server.ts',
    cwd: root,
    url: `${baseURL}/healthz`,
    // A fresh database is the point: never attach to a server someone left running.
    reuseExistingServer: false,
    timeout: 90_000,
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    stdout: 'ignore',
    stderr: 'pipe',
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      NODE_ENV: 'test',
      LOG_LEVEL: 'warn',
      SEED_DEMO: '1',
      APP_URL: baseURL,
      // PGlite in the fresh directory, even where CI exports PostgreSQL's URL for the server tests.
      DATABASE_URL: '',
      REDIS_URL: '',
    },
  },
});
