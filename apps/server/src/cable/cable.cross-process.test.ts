import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { dirname, join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { API, cablePath, NOTIFICATIONS_CHANNEL } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { TEST_JWT_SECRET } from '../testing/test-app';
import { createTestDatabase, type TestDatabase, testDbKind } from '../testing/test-database';
import { OfficialCableClient, waitFor } from './official-cable-client';

// .ci/run sets TEST_REDIS_URL when Redis answers on 127.0.0.1:6379; without it the Redis suites
// below are reported as skipped (describe.runIf).
const redisUrl = process.env.TEST_REDIS_URL;
const SERVER_DIR = join(dirname(fileURLToPath(import.meta.url)), '../..');
const ENTRY = join(SERVER_DIR, 'src/testing/cable-node.ts');
const BOOT_TIMEOUT_MS = 60_000;

/** One real server process (src/testing/cable-node.ts), driven through its stdin. */
class ServerProcess {
  port = 0;
  private nextId = 1;
  private readonly pending = new Map<
    number,
    (reply: { result?: unknown; error?: string }) => void
  >();
  private stderr = '';
  private readonly exited: Promise<void>;

  private constructor(private readonly child: ChildProcessWithoutNullStreams) {
    child.stderr.on('data', (chunk) => {
      this.stderr += String(chunk);
    });
    this.exited = new Promise((resolve) => child.once('exit', () => resolve()));
  }

  static async start(name: string, env: Record<string, string>): Promise<ServerProcess> {
    const child = spawn(process.execPath, ['--import', 'tsx', ENTRY], {
      cwd: SERVER_DIR,
      env: { ...process.env, ...env },
    });
    const node = new ServerProcess(child);
    const ready = new Promise<number>((resolve, reject) => {
      const timer = setTimeout(
        () => reject(new Error(`${name} did not start in time:\n${node.stderr}`)),
        BOOT_TIMEOUT_MS,
      );
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`${name} exited with ${code}:\n${node.stderr}`));
      });
      createInterface({ input: child.stdout }).on('line', (line) => {
        const message = JSON.parse(line) as {
          ready?: boolean;
          port?: number;
          id?: number;
          result?: unknown;
          error?: string;
        };
        if (message.ready) {
          clearTimeout(timer);
          resolve(message.port ?? 0);
        } else if (message.id !== undefined) {
          node.pending.get(message.id)?.(message);
          node.pending.delete(message.id);
        }
      });
    });
    node.port = await ready;
    return node;
  }

  call<T>(cmd: string, args: Record<string, unknown> = {}): Promise<T> {
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, (reply) =>
        reply.error ? reject(new Error(reply.error)) : resolve(reply.result as T),
      );
      this.child.stdin.write(`${JSON.stringify({ id, cmd, ...args })}\n`);
    });
  }

  cableUrl(token: string) {
    return `ws://127.0.0.1:${this.port}${cablePath(token)}`;
  }

  httpUrl(path: string) {
    return `http://127.0.0.1:${this.port}${path}`;
  }

  /** Closing stdin asks the process to shut down gracefully; it is killed if it lingers. */
  async stop(): Promise<void> {
    this.child.stdin.end();
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await this.exited;
    clearTimeout(timer);
  }
}

describe.runIf(redisUrl)('two server processes sharing Redis', () => {
  let database: TestDatabase | undefined;
  let a: ServerProcess;
  let b: ServerProcess;
  let ids: Record<string, number>;
  const clients: OfficialCableClient[] = [];

  beforeAll(async () => {
    const shared = {
      REDIS_URL: redisUrl as string,
      // Concurrent runs (PGlite and PostgreSQL projects) share one Redis: keep their streams apart.
      CABLE_NODE_CHANNEL_PREFIX: `test-${randomBytes(6).toString('hex')}:`,
      JWT_SECRET: TEST_JWT_SECRET,
      LOG_LEVEL: 'silent',
    };
    if (testDbKind() === 'postgres') {
      // One database for both processes, as in production; A creates the users, then B starts.
      database = await createTestDatabase();
      const url = database.url as string;
      a = await ServerProcess.start('A', { ...shared, DATABASE_URL: url, CABLE_NODE_SEED: '1' });
      b = await ServerProcess.start('B', { ...shared, DATABASE_URL: url });
    } else {
      // PGlite is in-process: each node has its own database, seeded identically (same users,
      // same ids), so what crosses between the processes can only be the Redis broadcast.
      const own = { ...shared, DATABASE_URL: '', TEST_DB: 'pglite', CABLE_NODE_SEED: '1' };
      [a, b] = await Promise.all([ServerProcess.start('A', own), ServerProcess.start('B', own)]);
    }
    ids = await b.call<Record<string, number>>('userIds');
    expect(await a.call('userIds')).toEqual(ids);
  }, 2 * BOOT_TIMEOUT_MS);

  afterAll(async () => {
    for (const client of clients) client.close();
    await Promise.all([a?.stop(), b?.stop()]);
    await database?.close();
  }, 30_000);

  const connectTo = (node: ServerProcess, token: string) => {
    const client = new OfficialCableClient(node.cableUrl(token));
    clients.push(client);
    return client;
  };

  it('a notification created on process A reaches its recipient’s socket on process B only', async () => {
    const ann = ids['ann@example.test'] as number;
    const ben = ids['ben@example.test'] as number;
    const annOnB = connectTo(b, await b.call<string>('token', { userId: ann }));
    const benOnB = connectTo(b, await b.call<string>('token', { userId: ben }));
    const annSub = annOnB.subscribe(NOTIFICATIONS_CHANNEL);
    const benSub = benOnB.subscribe(NOTIFICATIONS_CHANNEL);
    expect(await annSub.status).toBe('connected');
    expect(await benSub.status).toBe('connected');

    const sent = await a.call('notify', {
      input: {
        recipientId: ann,
        senderId: ben,
        title: 'New comment',
        content: 'Ben commented on your drawing',
        record: { type: 'comments', id: 3 },
      },
    });

    await waitFor(() => annSub.received.length > 0, 5000, 'the broadcast on process B');
    expect(annSub.received).toEqual([sent]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(benSub.received).toEqual([]);
  }, 30_000);

  it('signing out on process A closes the token’s socket held by process B', async () => {
    const ann = ids['ann@example.test'] as number;
    const token = await b.call<string>('token', { userId: ann });
    const held = connectTo(b, token);
    const untouched = connectTo(b, await b.call<string>('token', { userId: ann }));
    expect(await held.subscribe(NOTIFICATIONS_CHANNEL).status).toBe('connected');
    expect(await untouched.subscribe(NOTIFICATIONS_CHANNEL).status).toBe('connected');

    const res = await fetch(a.httpUrl(API.signOut), {
      method: 'DELETE',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.status).toBe(204);

    expect(await held.frame((f) => f.type === 'disconnect', 5000)).toEqual({
      type: 'disconnect',
      reason: 'unauthorized',
      reconnect: false,
    });
    await waitFor(() => held.socketState() === 'closed', 3000, 'the socket to close');
    expect(held.willReconnect()).toBe(false);
    expect(untouched.socketState()).toBe('open');
  }, 30_000);
});
