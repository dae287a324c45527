import { type ChildProcess, spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { API } from '@atelier/contract';
import { Redis } from 'ioredis';
import { WebSocket } from 'ws';
import type { FleetCommand, FleetConfig, FleetReply } from './cable-client-fleet';
import { demoAccount, signIn } from './harness/api';
import { percentile } from './harness/load';
import { REPO_ROOT } from './harness/paths';
import {
  type Bench,
  formatInt,
  formatMs,
  formatRatio,
  type Table,
  type TargetResult,
  target,
} from './harness/report';
import { startServer } from './harness/server';

/**
 * /cable holding many subscribed sockets, beside a bare `ws` server holding as many.
 * Targets, at the largest size reached:
 * - JS heap per socket ≤ MAX_HEAP_RATIO × the bare server's. Measured ~3.4× (≈ 9.7 KiB against
 *   ≈ 2.9 KiB at 1,000–10,000 sockets, steady across sizes and runs): a socket on /cable also holds
 *   its connection's state, identity and frame queue, its expiry timer, its pub/sub handler, its
 *   entries in the by-token and by-user indexes, and a child logger; the session cache's recent
 *   entries (bounded, 5 s, decision 005) count here too. 6× leaves room for a field or two more
 *   per socket and fails if something starts holding kilobytes (a buffer, a request) per socket.
 * - broadcast p95 ≤ MAX_P95_RATIO × the bare server's. Measured 1.2–1.4× at every size: both write
 *   one frame per socket; /cable serialises the frame per socket where the bare server makes it
 *   once. 3× absorbs this shared machine's noise (the p95 is a median over broadcasts, alternated
 *   between the sides) and fails if fan-out turns per-socket work into something costly (an await,
 *   a database read, a log line per delivery).
 */
export const MAX_HEAP_RATIO = 6;
export const MAX_P95_RATIO = 3;
/** Sockets held, cumulatively: each size adds sockets to those already open. */
const DEFAULT_SIZES = [1_000, 5_000, 10_000];
/** Broadcasts measured per side at each size (every socket receives each). */
const BROADCASTS = 15;
/** Sockets opened before the memory baseline is read (they warm up both servers' code paths). */
const WARM_SOCKETS = 100;
/** How long a process is left idle before its memory is read. */
const SETTLE_MS = 2_000;
/** Open files a process needs beyond its sockets (modules, logs, database, Redis). */
const FILE_SLACK = 500;

function sizesFromEnv(): number[] {
  const raw = process.env.BENCH_CABLE_SOCKETS;
  if (!raw) return DEFAULT_SIZES;
  const sizes = raw.split(',').map((s) => Number(s.trim()));
  if (sizes.some((n) => !Number.isInteger(n) || n <= WARM_SOCKETS)) {
    throw new Error(`BENCH_CABLE_SOCKETS: whole numbers above ${WARM_SOCKETS}, comma-separated`);
  }
  return sizes.sort((a, b) => a - b);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Resident memory of a process in bytes, from /proc. */
function rssBytes(pid: number): number {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = /VmRSS:\s+(\d+) kB/.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for process ${pid}`);
  return Number(kb) * 1024;
}

/** The soft limit on open files of a process, from /proc. */
function openFilesLimit(pid: number): number {
  const limits = readFileSync(`/proc/${pid}/limits`, 'utf8');
  const soft = /Max open files\s+(\S+)/.exec(limits)?.[1];
  return soft === 'unlimited' ? Number.POSITIVE_INFINITY : Number(soft);
}

const INSPECT = '--inspect=127.0.0.1:0';
const INSPECTOR_LINE = /Debugger listening on (ws:\/\/\S+)/;

/** A DevTools protocol session with one process: forced GC and heap use, for memory per socket. */
async function openInspector(url: string) {
  const socket = new WebSocket(url, { perMessageDeflate: false });
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  let lastId = 0;
  const pending = new Map<
    number,
    (reply: { result?: unknown; error?: { message: string } }) => void
  >();
  socket.on('message', (data) => {
    const reply = JSON.parse(String(data)) as {
      id?: number;
      result?: unknown;
      error?: { message: string };
    };
    if (reply.id === undefined) return;
    pending.get(reply.id)?.(reply);
    pending.delete(reply.id);
  });
  const send = <T>(method: string): Promise<T> =>
    new Promise((resolve, reject) => {
      const id = ++lastId;
      pending.set(id, (reply) =>
        reply.error
          ? reject(new Error(`${method}: ${reply.error.message}`))
          : resolve(reply.result as T),
      );
      socket.send(JSON.stringify({ id, method }));
    });
  return {
    /** JS heap in use and resident memory, right after full garbage collections. */
    async memory(pid: number): Promise<{ heap: number; rss: number }> {
      // Twice: objects with finalizers (sockets' native handles) go in the second.
      await send('HeapProfiler.collectGarbage');
      await send('HeapProfiler.collectGarbage');
      const { usedSize } = await send<{ usedSize: number }>('Runtime.getHeapUsage');
      return { heap: usedSize, rss: rssBytes(pid) };
    },
    close: () => socket.close(),
  };
}

/** The inspector address a process printed at start (the first one: its children print theirs after). */
async function inspectorUrl(read: () => string, what: string): Promise<string> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    const url = INSPECTOR_LINE.exec(read())?.[1];
    if (url) return url;
    if (Date.now() > deadline) throw new Error(`${what} printed no inspector address`);
    await sleep(100);
  }
}

/** One side's client sockets, held by a child process (cable-client-fleet.ts). */
class Fleet {
  private readonly waiting: ((reply: FleetReply) => void)[] = [];
  readonly connectMs: number[] = [];
  sockets = 0;

  private constructor(
    readonly label: string,
    private readonly child: ChildProcess,
  ) {
    child.on('message', (reply: FleetReply) => this.waiting.shift()?.(reply));
  }

  static async start(config: FleetConfig): Promise<Fleet> {
    const child = spawn(process.execPath, ['--import', 'tsx', 'bench/src/cable-client-fleet.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, CABLE_FLEET: JSON.stringify(config) },
      stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    });
    const fleet = new Fleet(config.label, child);
    // The fleet says it is ready with an empty `grow`.
    await fleet.next();
    return fleet;
  }

  get pid(): number {
    return this.child.pid ?? -1;
  }

  private next(): Promise<FleetReply> {
    return new Promise((resolve, reject) => {
      const onExit = (code: number | null) =>
        reject(new Error(`${this.label}: the client fleet exited with ${code}`));
      this.child.once('exit', onExit);
      this.waiting.push((reply) => {
        this.child.off('exit', onExit);
        if ('error' in reply) reject(new Error(`${this.label}: ${reply.error}`));
        else resolve(reply);
      });
    });
  }

  private async ask(command: FleetCommand): Promise<FleetReply> {
    const reply = this.next();
    this.child.send(command);
    return reply;
  }

  /** Opens sockets until `total` are subscribed. */
  async grow(total: number): Promise<void> {
    const reply = await this.ask({ cmd: 'grow', total });
    if (!('done' in reply) || reply.done !== 'grow') throw new Error('unexpected fleet reply');
    this.sockets = reply.sockets;
    this.connectMs.push(...reply.connectMs);
  }

  /** One broadcast to every socket: each socket's latency, sorted. */
  async broadcast(): Promise<Float64Array> {
    const reply = await this.ask({ cmd: 'broadcast' });
    if (!('done' in reply) || reply.done !== 'broadcast') throw new Error('unexpected fleet reply');
    return Float64Array.from(reply.latenciesMs).sort();
  }

  async close(): Promise<void> {
    if (this.child.exitCode !== null || this.child.signalCode !== null) return;
    const exited = new Promise((resolve) => this.child.once('exit', resolve));
    this.child.send({ cmd: 'close' } satisfies FleetCommand);
    const timer = setTimeout(() => this.child.kill('SIGKILL'), 10_000);
    await exited;
    clearTimeout(timer);
  }
}

function notificationMessage(recipientId: string): string {
  return JSON.stringify({
    data: {
      id: '900001',
      type: 'notifications',
      attributes: {
        title: 'A new comment on Mia’s artwork',
        content:
          'Ada Admin: What a lovely owl! The feathers on the left wing are wonderful; try the same soft pencil on the branch next time.',
        read: false,
        created_at: new Date().toISOString(),
      },
      relationships: {
        sender: { data: { id: '1', type: 'users' } },
        record: { data: { id: '42', type: 'comments' } },
      },
    },
    included: [
      { id: '1', type: 'users', attributes: { name: 'Ada Admin', avatar_url: null } },
      { id: recipientId, type: 'users', attributes: { name: 'Student', avatar_url: null } },
    ],
  });
}

/** The bare baseline (cable-bare-server.ts) in its own process, like the real server. */
async function startBareServer(env: Record<string, string>) {
  const child = spawn(
    process.execPath,
    [INSPECT, '--import', 'tsx', 'bench/src/cable-bare-server.ts'],
    {
      cwd: REPO_ROOT,
      env: { ...process.env, PORT: '0', ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr.on('data', (chunk) => {
    stderr += String(chunk);
  });
  const port = await new Promise<number>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('the bare ws server did not start')), 20_000);
    child.once('exit', (code) => reject(new Error(`the bare ws server exited with ${code}`)));
    createInterface({ input: child.stdout }).on('line', (line) => {
      const message = JSON.parse(line) as { ready?: boolean; port?: number };
      if (message.ready) {
        clearTimeout(timer);
        resolve(message.port ?? 0);
      }
    });
  });
  const stop = async () => {
    if (child.exitCode !== null || child.signalCode !== null) return;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await exited;
  };
  const inspector = await inspectorUrl(() => stderr, 'the bare ws server');
  return { port, pid: child.pid ?? -1, inspector, stop };
}

async function redisAnswering(url: string): Promise<boolean> {
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on('error', () => {});
  try {
    await probe.connect();
    return (await probe.ping()) === 'PONG';
  } catch {
    return false;
  } finally {
    probe.disconnect();
  }
}

export const cableBench: Bench = {
  name: 'cable',
  title: `${API.cable} with ${sizesFromEnv()
    .map((n) => formatInt(n))
    .join(', ')} subscribed sockets vs a bare ws server fanning out the same messages`,
  async run() {
    const sizes = sizesFromEnv();
    const redisUrl =
      process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    // The fleets publish into Redis as another server process would: both servers get the same
    // message the same way, and the measure is the fan-out, not what made the message.
    if (!(await redisAnswering(redisUrl))) {
      throw new Error(`needs Redis at ${redisUrl} (set BENCH_REDIS_URL)`);
    }
    const prefix = `bench-cable-${Date.now().toString(36)}:`;
    const secret = `bench-cable-${'x'.repeat(40)}`;

    const server = await startServer({
      // The inspector, for a forced GC and the heap's size; its children (image workers) open
      // their own on other free ports.
      env: { REDIS_URL: redisUrl, REDIS_PREFIX: prefix, JWT_SECRET: secret, NODE_OPTIONS: INSPECT },
    });
    const closers: (() => Promise<unknown> | unknown)[] = [() => server.stop()];
    try {
      const bare = await startBareServer({
        REDIS_URL: redisUrl,
        BARE_CABLE_CHANNEL: `${prefix}bare`,
        BARE_CABLE_IDENTIFIER: JSON.stringify({ channel: 'NotificationsChannel' }),
      });
      closers.unshift(() => bare.stop());

      // Every /cable socket is the demo student's, each with its own session token (a tab each),
      // so one publish on the student's notifications topic reaches all of them.
      const token = await signIn(server.url, demoAccount('student@atelier.test'));
      const me = await fetch(`${server.url}${API.me}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const studentId = ((await me.json()) as { data: { id: string } }).data.id;
      const message = notificationMessage(studentId);
      const common = { redisUrl, message };
      const fleets = [
        await Fleet.start({
          ...common,
          label: API.cable,
          origin: `ws://127.0.0.1:${server.port}`,
          session: { secret, userId: Number(studentId) },
          channel: `${prefix}notifications:${studentId}`,
        }),
        await Fleet.start({
          ...common,
          label: 'bare ws',
          origin: `ws://127.0.0.1:${bare.port}`,
          channel: `${prefix}bare`,
        }),
      ] as const;
      for (const fleet of fleets) closers.unshift(() => fleet.close());
      const servers = [
        {
          pid: server.pid,
          inspector: await openInspector(
            await inspectorUrl(() => readFileSync(server.logFile, 'utf8'), 'the server'),
          ),
        },
        { pid: bare.pid, inspector: await openInspector(bare.inspector) },
      ] as const;
      for (const s of servers) closers.unshift(() => s.inspector.close());

      // Each process holds one side's sockets (servers: their accepted ones; fleets: their
      // clients); none can raise its limit without CAP_SYS_RESOURCE, so go as far as it allows.
      const limits = [server.pid, bare.pid, ...fleets.map((f) => f.pid)].map(openFilesLimit);
      const reachable = sizes.filter((n) => limits.every((limit) => n + FILE_SLACK <= limit));
      if (reachable.length === 0) {
        throw new Error(
          `open-file limits (${limits.join(', ')}) too low for ${formatInt(sizes[0] ?? 0)} sockets`,
        );
      }

      // Warm-up: both code paths run (handshake, subscribe, broadcast) before the baseline.
      for (const fleet of fleets) {
        await fleet.grow(WARM_SOCKETS);
        for (let k = 0; k < 3; k++) await fleet.broadcast();
        fleet.connectMs.length = 0;
      }
      await sleep(SETTLE_MS);
      const base = await Promise.all(servers.map((s) => s.inspector.memory(s.pid)));

      type PerSide = { heap: number; rss: number; p50: number; p95: number; max: number };
      const rows: { size: number; sides: PerSide[] }[] = [];
      for (const [step, size] of reachable.entries()) {
        // Which side goes first alternates: by size for growing, by message for broadcasts.
        for (const i of step % 2 === 0 ? [0, 1] : [1, 0]) await (fleets[i] as Fleet).grow(size);
        await sleep(SETTLE_MS);
        const added = size - WARM_SOCKETS;
        const memory: { heap: number; rss: number }[] = [];
        for (const [i, s] of servers.entries()) {
          const now = await s.inspector.memory(s.pid);
          const before = base[i] as { heap: number; rss: number };
          memory.push({
            heap: (now.heap - before.heap) / added,
            rss: (now.rss - before.rss) / added,
          });
        }
        const broadcasts: Float64Array[][] = [[], []];
        for (let k = 0; k < BROADCASTS; k++) {
          for (const i of k % 2 === 0 ? [0, 1] : [1, 0]) {
            (broadcasts[i] as Float64Array[]).push(await (fleets[i] as Fleet).broadcast());
            await sleep(50);
          }
        }
        // A broadcast's p50 and p95 over its sockets, then the median over the broadcasts: one
        // broadcast slowed by another process on this shared machine moves it little.
        const acrossBroadcasts = (i: number, p: number) =>
          percentile(
            Float64Array.from(
              (broadcasts[i] as Float64Array[]).map((b) => percentile(b, p)),
            ).sort(),
            0.5,
          );
        rows.push({
          size,
          sides: [0, 1].map((i) => ({
            ...(memory[i] as { heap: number; rss: number }),
            p50: acrossBroadcasts(i, 0.5),
            p95: acrossBroadcasts(i, 0.95),
            max: Math.max(...(broadcasts[i] as Float64Array[]).map((b) => b.at(-1) ?? 0)),
          })),
        });
      }

      const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KiB`;
      const table: Table = {
        columns: ['sockets', 'side', 'heap/socket', 'RSS/socket', 'broadcast p50', 'p95', 'max'],
        rows: rows.flatMap(({ size, sides }) => {
          const [cable, bareWs] = sides as [PerSide, PerSide];
          return [
            ...(
              [
                [API.cable, cable],
                ['bare ws', bareWs],
              ] as const
            ).map(([label, v]) => [
              formatInt(size),
              label,
              kb(v.heap),
              kb(v.rss),
              formatMs(v.p50),
              formatMs(v.p95),
              formatMs(v.max),
            ]),
            [
              formatInt(size),
              'ratio',
              formatRatio(cable.heap / bareWs.heap),
              formatRatio(cable.rss / bareWs.rss),
              formatRatio(cable.p50 / bareWs.p50),
              formatRatio(cable.p95 / bareWs.p95),
              '',
            ],
          ];
        }),
      };
      const top = rows.at(-1) as (typeof rows)[0];
      const [cable, bareWs] = top.sides as [PerSide, PerSide];
      const targets: TargetResult[] = [
        target(
          `heap per socket vs bare ws (${formatInt(top.size)} sockets)`,
          cable.heap / bareWs.heap,
          MAX_HEAP_RATIO,
          '<=',
          formatRatio,
        ),
        target(
          `broadcast p95 vs bare ws (${formatInt(top.size)} sockets)`,
          cable.p95 / bareWs.p95,
          MAX_P95_RATIO,
          '<=',
          formatRatio,
        ),
      ];
      const handshakes = (fleet: Fleet) => {
        const sorted = Float64Array.from(fleet.connectMs).sort();
        return `p50 ${formatMs(percentile(sorted, 0.5))}, p95 ${formatMs(percentile(sorted, 0.95))}`;
      };
      const notes = [
        `sockets held cumulatively (each size adds to the last), 100 handshakes at a time per side, from 4 loopback addresses; each side's clients in a process of their own; which side grows first alternates by size, which is broadcast to first by message`,
        reachable.length < sizes.length
          ? `stopped at ${formatInt(reachable.at(-1) ?? 0)} sockets: the open-file limits (${limits.join(', ')}) cannot hold ${formatInt(sizes.at(-1) ?? 0)}, and raising them needs CAP_SYS_RESOURCE`
          : `open-file limits: ${limits.join(', ')} (server, bare server, both fleets)`,
        `memory per socket: growth since ${WARM_SOCKETS} warm-up sockets ÷ sockets added, read after two full GCs forced through each server's V8 inspector: the JS heap in use (the target), and RSS from /proc (heap plus native buffers; V8 and malloc keep freed pages, so RSS per socket is noisy and can even come out negative)`,
        `broadcast: ${BROADCASTS} messages per side per size of ${formatInt(message.length)} bytes (a notification document), published on Redis by the side's client process once every socket has the last, timed from publish to the frame read at each socket; p50/p95 are a broadcast's percentiles over its sockets, median over the ${BROADCASTS} broadcasts; max is the slowest delivery of all. Everything shares 2 cores`,
        `${API.cable}: the real server (PGlite, demo data, Redis pub/sub, LOG_LEVEL=info), every socket the demo student's with its own session token, subscribed to the notifications channel; bare ws: ws alone, no authentication, one frame string per message written to every socket`,
        `handshake + subscribe per socket: ${API.cable} ${handshakes(fleets[0])}; bare ws ${handshakes(fleets[1])}`,
      ];
      return { tables: [{ table }], targets, notes };
    } finally {
      for (const close of closers) await close();
      await clearPrefix(redisUrl, prefix);
    }
  },
};

/** Deletes what the server's rate limits left under the bench's Redis prefix. */
async function clearPrefix(redisUrl: string, prefix: string): Promise<void> {
  const redis = new Redis(redisUrl);
  try {
    const keys: string[] = [];
    for await (const batch of redis.scanStream({ match: `${prefix}*` })) {
      keys.push(...(batch as string[]));
    }
    if (keys.length > 0) await redis.del(...keys);
  } finally {
    redis.disconnect();
  }
}
