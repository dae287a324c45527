import { type ChildProcess, spawn } from 'node:child_process';
import { closeSync, mkdirSync, openSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { BENCH_VAR_DIR, REPO_ROOT } from './paths';

export type RunningServer = {
  /** e.g. `http://127.0.0.1:41234` */
  url: string;
  port: number;
  pid: number;
  dataDir: string;
  /** The server's stdout and stderr (pino JSON lines). */
  logFile: string;
  stop(): Promise<void>;
};

export type StartServerOptions = {
  /** Extra environment, applied last (e.g. `{ LOG_LEVEL: 'warn' }`). */
  env?: Record<string, string>;
  /** Keep the data directory after stop, for debugging a run. */
  keepData?: boolean;
  /** Seed the demo accounts (and their data) on the empty database. Default true. */
  seedDemo?: boolean;
  /**
   * Runs before the server starts, with the fresh data directory and the server's environment:
   * the place to fill the database with a bench's own data set (e.g. spawn a seeding script with
   * `env`; it must run the migrations itself, and exit before the server opens the database).
   */
  prepare?: (server: { dataDir: string; env: NodeJS.ProcessEnv }) => Promise<void>;
  timeoutMs?: number;
  /** A port of the caller's choosing (machines shared by several people split port ranges); default: a free one. */
  port?: number;
};

/** Asks the kernel for a free TCP port on loopback. */
export async function freePort(): Promise<number> {
  return new Promise((resolvePort, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolvePort(port));
    });
  });
}

function freshDir(prefix: string): string {
  const dir = join(
    BENCH_VAR_DIR,
    `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}`,
  );
  mkdirSync(dir, { recursive: true });
  return dir;
}

function waitForExit(child: ChildProcess, ms: number): Promise<boolean> {
  if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(true);
  return new Promise((resolveExit) => {
    const timer = setTimeout(() => resolveExit(false), ms);
    child.once('exit', () => {
      clearTimeout(timer);
      resolveExit(true);
    });
  });
}

function logTail(file: string, lines = 20): string {
  try {
    return readFileSync(file, 'utf8').trimEnd().split('\n').slice(-lines).join('\n');
  } catch {
    return '(no log)';
  }
}

/**
 * Starts the real server (`apps/server/src/server.ts`, the same entry `npm start` uses) in its own
 * process on a free port, with a fresh PGlite data directory seeded with the demo accounts, and
 * resolves once `/healthz` answers. Its own process, so the load generator never shares its CPU
 * time with the server it measures.
 *
 * Defaults are production-like where it matters for speed: `LOG_LEVEL=info` (one log line per
 * request, written to a file, not piped back here), no Redis, PGlite. `DATABASE_URL` is cleared so
 * a developer's PostgreSQL is never written to; pass it in `env` to bench PostgreSQL deliberately.
 */
export async function startServer(options: StartServerOptions = {}): Promise<RunningServer> {
  const dataDir = freshDir('server');
  const logFile = join(dataDir, 'server.log');
  const port = options.port ?? (await freePort());
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    NODE_ENV: 'development',
    HOST: '127.0.0.1',
    PORT: String(port),
    DATA_DIR: dataDir,
    SEED_DEMO: options.seedDemo === false ? '0' : '1',
    LOG_LEVEL: 'info',
    DATABASE_URL: '',
    REDIS_URL: '',
    ...options.env,
  };
  await options.prepare?.({ dataDir, env });
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd); // the child holds its own copy
  const url = `http://127.0.0.1:${port}`;

  const stop = async () => {
    if (child.exitCode === null && child.signalCode === null) {
      child.kill('SIGTERM');
      if (!(await waitForExit(child, 10_000))) {
        child.kill('SIGKILL');
        await waitForExit(child, 5_000);
      }
    }
    if (!options.keepData) rmSync(dataDir, { recursive: true, force: true });
  };

  const deadline = Date.now() + (options.timeoutMs ?? 90_000);
  while (Date.now() < deadline) {
    if (child.exitCode !== null) {
      const tail = logTail(logFile);
      await stop();
      throw new Error(`the server exited with code ${child.exitCode} while starting:\n${tail}`);
    }
    try {
      const res = await fetch(`${url}/healthz`);
      if (res.ok) return { url, port, pid: child.pid ?? -1, dataDir, logFile, stop };
    } catch {
      // Not listening yet: migrations and seeding run before listen().
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  const tail = logTail(logFile);
  await stop();
  throw new Error(`the server did not answer /healthz in time:\n${tail}`);
}
