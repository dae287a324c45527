import { type ChildProcess, spawn } from 'node:child_process';
import { cpSync, mkdirSync, readdirSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

// Each Playwright worker tests against a server of its own, on its own port and database, so no
// spec can see what a spec on the other worker changed (docs/architecture.md#testing). The
// database is a copy of a template that global-setup.ts migrates and seeds once per run: a copy
// opens in about a third of the time a fresh PGlite takes to create, migrate and seed.

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..');

/**
 * The first port of the run: the template server and worker 0 listen here, worker n on base + n.
 * 3100 is outside `npm start`'s 3000 and the 3200–3299 range engineers use for manual checks; a
 * second suite side by side needs an E2E_PORT at least as many ports away as there are workers.
 */
export const BASE_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Set by global-setup.ts, read by the workers (Playwright hands them the runner's environment). */
const RUN_DIR_ENV = 'ATELIER_E2E_RUN_DIR';

/** Where a run's data directories live: var/e2e-<base port>-<start time>/. */
export function createRunDir(): string {
  const varDir = join(ROOT, 'var');
  mkdirSync(varDir, { recursive: true });
  // Left behind by a run that was killed before its teardown.
  for (const name of readdirSync(varDir)) {
    if (name.startsWith(`e2e-${BASE_PORT}-`)) {
      rmSync(join(varDir, name), { recursive: true, force: true });
    }
  }
  const dir = join(varDir, `e2e-${BASE_PORT}-${Date.now()}`);
  mkdirSync(dir, { recursive: true });
  process.env[RUN_DIR_ENV] = dir;
  return dir;
}

export function runDir(): string {
  const dir = process.env[RUN_DIR_ENV];
  if (!dir)
    throw new Error(`${RUN_DIR_ENV} is unset: run the suite with -c e2e/playwright.config.ts`);
  return dir;
}

/** The migrated and seeded data directory every worker starts from. */
export function templateDir(): string {
  return join(runDir(), 'template');
}

export type RunningServer = {
  baseURL: string;
  port: number;
  dataDir: string;
  /** SIGTERM, then waits for the exit (SIGKILL after 15 s: the server gives itself 10 s). */
  stop(): Promise<void>;
};

// Minutes, not seconds: a server started while the other workers load the machine took two.
const START_TIMEOUT_MS = 240_000;
const STOP_TIMEOUT_MS = 15_000;

/**
 * Starts the real server, as `npm start` runs it, serving the web build (apps/web/dist) under
 * /app/ with `dataDir` as its DATA_DIR, and resolves once /healthz answers.
 */
export async function startServer(
  port: number,
  dataDir: string,
  { seedDemo = true } = {},
): Promise<RunningServer> {
  const baseURL = `http://127.0.0.1:${port}`;
  // A fresh database is the point: never test against a server someone left running there.
  await assertPortFree(port);
  const child = spawn(
    process.execPath,
    // parent-watch.ts: the server ends when the worker that started it dies without stopping it.
    ['--import', 'tsx', '--import', './e2e/parent-watch.ts', 'apps/server/src/server.ts'],
    {
      cwd: ROOT,
      stdio: ['pipe', 'ignore', 'pipe'],
      env: {
        ...process.env,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: dataDir,
        NODE_ENV: 'test',
        LOG_LEVEL: 'warn',
        SEED_DEMO: seedDemo ? '1' : '0',
        APP_URL: baseURL,
        // PGlite in the fresh directory, even where CI exports PostgreSQL's URL for the server tests.
        DATABASE_URL: '',
        REDIS_URL: '',
      },
    },
  );
  const exited = new Promise<number | null>((resolve) => child.once('exit', resolve));
  // The last lines of stderr, for the error when the server does not come up.
  const tail: string[] = [];
  child.stderr?.on('data', (chunk: Buffer) => {
    process.stderr.write(chunk);
    tail.push(chunk.toString());
    if (tail.length > 40) tail.shift();
  });

  const stop = () => stopProcess(child, exited);
  try {
    await waitForHealth(baseURL, exited, tail);
  } catch (error) {
    await stop();
    throw error;
  }
  return { baseURL, port, dataDir, stop };
}

function assertPortFree(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', (error) =>
      reject(new Error(`port ${port} is taken (${error.message}): set E2E_PORT to a free range`)),
    );
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()));
  });
}

async function waitForHealth(
  baseURL: string,
  exited: Promise<number | null>,
  tail: string[],
): Promise<void> {
  const deadline = Date.now() + START_TIMEOUT_MS;
  let exitCode: number | null | undefined;
  void exited.then((code) => {
    exitCode = code;
  });
  while (Date.now() < deadline) {
    if (exitCode !== undefined) {
      throw new Error(`the server on ${baseURL} exited (${exitCode}):\n${tail.join('')}`);
    }
    try {
      const response = await fetch(`${baseURL}/healthz`);
      if (response.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the server on ${baseURL} did not answer /healthz within ${START_TIMEOUT_MS} ms`);
}

async function stopProcess(child: ChildProcess, exited: Promise<number | null>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  child.kill('SIGTERM');
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => {
    timer = setTimeout(() => resolve('late'), STOP_TIMEOUT_MS);
  });
  if ((await Promise.race([exited, late])) === 'late') {
    child.kill('SIGKILL');
    await exited;
  }
  clearTimeout(timer);
}

/**
 * The server of one worker: a copy of the template database in a directory of its own, on base
 * port + `parallelIndex` (a worker that replaces a failed one takes its slot, and its port, once
 * the old one has stopped). The directory is removed when the server stops.
 */
export async function startWorkerServer(
  parallelIndex: number,
  workerIndex: number,
): Promise<RunningServer> {
  const dataDir = join(runDir(), `worker-${workerIndex}`);
  cpSync(templateDir(), dataDir, { recursive: true });
  const server = await startServer(BASE_PORT + parallelIndex, dataDir).catch((error) => {
    rmSync(dataDir, { recursive: true, force: true });
    throw error;
  });
  return {
    ...server,
    stop: async () => {
      await server.stop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
