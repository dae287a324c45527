import { type ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API } from '@atelier/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { REPO_ROOT } from './config';
import { DEMO_ACCOUNTS, type DemoAccount } from './db/demo-accounts';
import { createTestDatabase, type TestDatabase, testDbKind } from './testing/test-database';

const SERVER_ENTRY = join(REPO_ROOT, 'apps/server/src/server.ts');
const STUDENT = DEMO_ACCOUNTS.find((a) => a.role === 'student') as DemoAccount;

async function freePort(): Promise<number> {
  const probe = createServer();
  probe.listen(0, '127.0.0.1');
  await once(probe, 'listening');
  const address = probe.address();
  probe.close();
  if (!address || typeof address === 'string') throw new Error('no port');
  return address.port;
}

/** The environment of a server process: nothing inherited that could point it elsewhere. */
function serverEnv(extra: Record<string, string>): NodeJS.ProcessEnv {
  const { DATABASE_URL, REDIS_URL, JWT_SECRET, NODE_ENV, SEED_DEMO, PORT, ...rest } = process.env;
  return { ...rest, LOG_LEVEL: 'silent', HOST: '127.0.0.1', ...extra };
}

type Running = { child: ChildProcess; baseUrl: string; output: () => string };

function spawnServer(env: NodeJS.ProcessEnv): Running & { exited: Promise<number | null> } {
  const child = spawn(process.execPath, ['--import', 'tsx', SERVER_ENTRY], {
    cwd: REPO_ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk) => {
    output += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    output += chunk;
  });
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, baseUrl: '', output: () => output, exited };
}

async function waitForListening(running: Running, exited: Promise<number | null>) {
  const started = Date.now();
  while (Date.now() - started < 60_000) {
    const match = /running at (http:\/\/localhost:\d+)/.exec(running.output());
    if (match) return match[1] as string;
    const done = await Promise.race([
      exited.then((code) => ({ code })),
      new Promise<null>((resolve) => setTimeout(() => resolve(null), 100)),
    ]);
    if (done) throw new Error(`server exited ${done.code} before listening:\n${running.output()}`);
  }
  throw new Error(`server did not start:\n${running.output()}`);
}

/**
 * The database the server process opens: its own PGlite under DATA_DIR, or a fresh PostgreSQL
 * database (dropped on close, once the process has ended). The process seeds the demo accounts
 * itself: cheaper than creating an on-disk PGlite here first (seconds) just to insert a user.
 */
async function prepareDatabase(): Promise<{ env: Record<string, string>; close(): Promise<void> }> {
  if (testDbKind() !== 'postgres') return { env: {}, close: async () => {} };
  const database: TestDatabase = await createTestDatabase();
  return { env: { DATABASE_URL: database.url ?? '' }, close: () => database.close() };
}

describe('server process', { timeout: 120_000 }, () => {
  const children: ChildProcess[] = [];
  afterEach(() => {
    for (const child of children.splice(0)) if (child.exitCode === null) child.kill('SIGKILL');
  });

  it('refuses to start in production without JWT_SECRET, with one clear line', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-server-'));
    const server = spawnServer(
      serverEnv({ NODE_ENV: 'production', DATA_DIR: dataDir, PORT: String(await freePort()) }),
    );
    children.push(server.child);
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(
      'JWT_SECRET: required when NODE_ENV=production (at least 32 characters)',
    );
  });

  it('on SIGTERM finishes the request in flight, refuses new ones, logs it all, and exits 0', async () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-server-'));
    const database = await prepareDatabase();
    try {
      const port = await freePort();
      const server = spawnServer(
        serverEnv({
          // Not development, whose log is short text for failed and slow requests only: this
          // reads the JSON line every request gets.
          NODE_ENV: 'test',
          DATA_DIR: dataDir,
          PORT: String(port),
          SEED_DEMO: '1',
          // The demo's artwork would be encoded meanwhile, and a shutdown waits for an encode in
          // flight (docs/decisions/036-artwork-images.md): on a busy machine longer than the
          // deadline. This test is about requests; the pool's stop has tests of its own.
          IMAGE_WORKERS: '0',
          LOG_LEVEL: 'info',
          ...database.env,
        }),
      );
      children.push(server.child);
      await waitForListening(server, server.exited);

      // A sign-in whose body arrives slowly: the request is in flight when SIGTERM lands.
      const body = JSON.stringify({ auth: { email: STUDENT.email, password: STUDENT.password } });
      const agent = new http.Agent({ keepAlive: true });
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: API.signIn,
        agent,
        headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) },
      });
      const response = new Promise<{ status: number; body: string }>((resolve, reject) => {
        request.on('response', (res) => {
          let text = '';
          res.on('data', (chunk) => {
            text += chunk;
          });
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body: text }));
        });
        request.on('error', reject);
      });
      request.write(body.slice(0, 10));
      await new Promise((resolve) => setTimeout(resolve, 300));

      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(server.child.exitCode).toBeNull();
      // New connections are no longer accepted while the old request finishes.
      await expect(fetch(`http://127.0.0.1:${port}${API.health}`)).rejects.toThrow();

      request.end(body.slice(10));
      const answered = await response;
      expect(answered.status).toBe(200);
      expect(JSON.parse(answered.body).data.jwt).toEqual(expect.any(String));
      // The client keeps its keep-alive connection, as browsers do: the process exits all the same.
      expect(await server.exited, server.output()).toBe(0);
      agent.destroy();
      // Logs go to stdout asynchronously: what was still buffered is written before the exit.
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'))
        .map((line) => JSON.parse(line) as { msg?: string; url?: string; statusCode?: number });
      expect(lines.some((l) => l.msg?.startsWith('shutting down'))).toBe(true);
      expect(lines).toContainEqual(
        expect.objectContaining({ msg: 'request completed', url: API.signIn, statusCode: 200 }),
      );
    } finally {
      await database.close();
    }
  });
  // A parent that signals the process group and exits takes the log's reader with it; the
  // server must still end within its deadline instead of waiting forever to flush stdout.
  it.each([
    ['goes away', (stdout: NodeJS.ReadableStream & { destroy(): void }) => stdout.destroy()],
    ['stops reading', () => {}],
  ])('exits within its deadline when the log reader %s during shutdown', async (_case, leave) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'atelier-server-'));
    const database = await prepareDatabase();
    try {
      const port = await freePort();
      const server = spawnServer(
        serverEnv({
          DATA_DIR: dataDir,
          PORT: String(port),
          LOG_LEVEL: 'info',
          // Only /health is asked for: no demo data, and so no artwork being encoded meanwhile.
          SEED_DEMO: '0',
          ...database.env,
        }),
      );
      children.push(server.child);
      await waitForListening(server, server.exited);
      const stdout = server.child.stdout;
      if (!stdout) throw new Error('no stdout');
      // Nobody reads the log any more: the pipe fills and the logger's buffer holds the rest.
      stdout.pause();
      const agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
      const get = () =>
        new Promise<void>((resolve, reject) => {
          http
            .get(
              { host: '127.0.0.1', port, path: `${API.health}?${'x'.repeat(400)}`, agent },
              (res) => {
                res.resume();
                res.on('end', resolve);
              },
            )
            .on('error', reject);
        });
      for (let batch = 0; batch < 12; batch += 1)
        await Promise.all(Array.from({ length: 25 }, get));
      agent.destroy();

      const signalled = Date.now();
      server.child.kill('SIGTERM');
      await new Promise((resolve) => setTimeout(resolve, 200));
      leave(stdout as NodeJS.ReadableStream & { destroy(): void });
      const code = await Promise.race([
        server.exited,
        new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), 20_000)),
      ]);
      expect(code).not.toBe('hung');
      expect(Date.now() - signalled).toBeLessThan(15_000);
    } finally {
      await database.close();
    }
  });
});
