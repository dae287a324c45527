import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { defineConfig, devices } from '@playwright/test';
import { BASE_PORT, ROOT } from './worker-server';

const ci = Boolean(process.env.CI);
// Per port, so a second suite on another E2E_PORT does not wipe this one's traces or report.
const ownPort = BASE_PORT === 3100;
const reportFile = join(ROOT, `var/test-results/playwright${ownPort ? '' : `-${BASE_PORT}`}.json`);

export default defineConfig({
  testDir: './tests',
  outputDir: join(ROOT, `var/e2e-artifacts/${BASE_PORT}`),
  // No test depends on another's data or order (each makes what it changes), so tests of one file
  // spread over the workers too: the long files no longer decide when the run ends.
  fullyParallel: true,
  // Each worker has its own server and database (fixtures.ts, worker-server.ts). One more than
  // the cores: a worker's browser runs while another waits on its server (on 2 cores, three
  // workers ran the suite in 9.6 minutes where two took 11.5). E2E_WORKERS overrides.
  workers: Number(process.env.E2E_WORKERS ?? availableParallelism() + 1),
  // Migrates and seeds the database each worker's server starts from a copy of.
  globalSetup: './global-setup.ts',
  retries: ci ? 1 : 0,
  forbidOnly: ci,
  // Hang detectors, not speed checks: a step that takes 1 s here took 5 to 10 s on a loaded CI
  // machine. A test that walks through many pages calls `test.slow()` (three times this).
  timeout: 60_000,
  expect: { timeout: 15_000 },
  reporter: [
    ['list'],
    // scripts/test.mjs adds these counts to the summary line of `npm test`.
    ['json', { outputFile: reportFile }],
  ],
  use: {
    // baseURL: the worker's own server, set by the `workerServer` fixture (fixtures.ts).
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
          // Debian's Chromium (docs/architecture.md#testing), started by chromium.sh without the
          // right to raise its threads' priority, as a family's browser has none: run as root,
          // Chromium put its threads ahead of the server under test, whose password hashing
          // (lowered on purpose, decision 008) then waited for seconds at each sign-in.
          executablePath: join(ROOT, 'e2e/chromium.sh'),
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
});
