// `npm test`: the whole suite — typecheck, lint, web build, unit and integration tests (vitest:
// contract, server on PGlite and on PostgreSQL when DATABASE_URL is set, web, bundle budget), then
// end-to-end in Chromium. Stops at the first failing step and ends with one summary line.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const results = join(root, 'var/test-results');
rmSync(results, { recursive: true, force: true });
mkdirSync(results, { recursive: true });

if (!existsSync(join(root, 'node_modules/.package-lock.json'))) {
  spawnSync('npm', ['install', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
}

const bin = (name) => join(root, 'node_modules/.bin', name);
// The five projects' typechecks are independent and each uses one core: two lanes side by side,
// about even (the web and e2e; the contract, the server and the benches).
const typecheckLanes = [
  ['apps/web', 'e2e'],
  ['packages/contract', 'apps/server', 'bench'],
];
const steps = [
  [
    'typecheck',
    [['lanes', typecheckLanes.map((lane) => lane.map((p) => [bin('tsc'), ['-p', p]]))]],
  ],
  ['lint and format', [[bin('biome'), ['check', '.']]]],
  ['web build', [['npm', ['run', 'build', '--silent']]]],
  [
    'unit and integration tests',
    [
      [
        bin('vitest'),
        [
          'run',
          '--reporter=default',
          '--reporter=json',
          `--outputFile.json=${join(results, 'vitest.json')}`,
        ],
      ],
    ],
  ],
  ['end-to-end tests', [[bin('playwright'), ['test', '-c', 'e2e/playwright.config.ts']]]],
];

const counts = { passed: 0, failed: 0, skipped: 0 };
function tally() {
  const vitest = join(results, 'vitest.json');
  if (existsSync(vitest)) {
    const r = JSON.parse(readFileSync(vitest, 'utf8'));
    counts.passed += r.numPassedTests;
    counts.failed += r.numFailedTests;
    counts.skipped += r.numPendingTests + (r.numTodoTests ?? 0);
  }
  const pw = join(results, 'playwright.json');
  if (existsSync(pw)) {
    const s = JSON.parse(readFileSync(pw, 'utf8')).stats;
    counts.passed += s.expected + s.flaky;
    counts.failed += s.unexpected;
    counts.skipped += s.skipped;
  }
}

const spawnOptions = {
  cwd: root,
  stdio: 'inherit',
  env: { ...process.env, FORCE_COLOR: process.env.CI ? '0' : '1' },
};

/** Runs each lane's commands one after another, the lanes side by side; true when all passed. */
async function runLanes(lanes) {
  const runLane = async (lane) => {
    for (const [cmd, args] of lane) {
      const status = await new Promise((resolve) =>
        spawn(cmd, args, spawnOptions).on('close', (code) => resolve(code)),
      );
      if (status !== 0) return false;
    }
    return true;
  };
  return (await Promise.all(lanes.map(runLane))).every(Boolean);
}

let failedStep = null;
for (const [name, commands] of steps) {
  const started = Date.now();
  console.log(`\n▶ ${name}`);
  for (const [cmd, args] of commands) {
    const ok =
      cmd === 'lanes' ? await runLanes(args) : spawnSync(cmd, args, spawnOptions).status === 0;
    if (!ok) {
      failedStep = name;
      break;
    }
  }
  console.log(
    `${failedStep ? '✗' : '✓'} ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`,
  );
  if (failedStep) break;
}
tally();
if (failedStep) {
  console.error(`\nnpm test failed at: ${failedStep}`);
  if (counts.failed === 0) counts.failed = 1;
}
console.log(`\n${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped`);
process.exit(failedStep ? 1 : 0);
