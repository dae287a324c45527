import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * argon2id parameters, chosen with bench/src/argon2.bench.ts so one verification costs 50–150 ms
 * of CPU on the project's 2-core machines (measured ~65 ms): expensive for an attacker, affordable
 * for one sign-in. Hashes carry their own parameters, so changing these never locks anyone out.
 */
export const ARGON2_PARAMS = {
  // 2 = Algorithm.Argon2id; the const enum cannot be imported under verbatimModuleSyntax.
  algorithm: 2,
  memoryCost: 65_536,
  timeCost: 3,
  parallelism: 1,
} as const;

/**
 * How many hashes or verifications run at once: one core stays free for the event loop.
 *
 * Why not argon2's own async API: it runs on libuv's thread pool (4 threads) at the same
 * priority as the event loop, so on two cores a sign-in storm left the event loop a fraction of
 * a core and every other request waited (bench: argon2, /me p99 ×11 with one-at-a-time hashing).
 * Here hashing runs on worker threads of their own, each lowered to PASSWORD_THREAD_NICE: the
 * event loop preempts them whenever it has work, and they use the CPU it leaves idle. Sign-ins
 * queue (first come, first served) instead of slowing everything else.
 */
export const MAX_CONCURRENT_PASSWORD_HASHES = Math.max(1, availableParallelism() - 1);
/** Linux nice value of the hashing threads (per thread under NPTL); 0 is the event loop's. */
export const PASSWORD_THREAD_NICE = 10;

// CommonJS, evaluated in each worker: hashes synchronously on its own (lowered) thread.
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { setPriority } = require('node:os');
const argon2 = require(workerData.argon2Path);
try { setPriority(0, workerData.nice); } catch {}
parentPort.on('message', (job) => {
  try {
    const result = job.op === 'hash'
      ? argon2.hashSync(job.password, workerData.params)
      : argon2.verifySync(job.hash, job.password);
    parentPort.postMessage({ result });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  }
});
`;

type Job = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };
type Pending = { job: Job; resolve(value: unknown): void; reject(error: Error): void };
type Slot = { worker: Worker; current: Pending | null };

const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');
const slots: Slot[] = [];
const queue: Pending[] = [];

function startSlot(): Slot {
  const worker = new Worker(WORKER_SOURCE, {
    eval: true,
    workerData: { argon2Path, params: ARGON2_PARAMS, nice: PASSWORD_THREAD_NICE },
  });
  const slot: Slot = { worker, current: null };
  worker.unref();
  worker.on('message', (message: { result?: unknown; error?: string }) => {
    const done = slot.current;
    slot.current = null;
    if (done) {
      if (message.error !== undefined) done.reject(new Error(message.error));
      else done.resolve(message.result);
    }
    dispatch();
  });
  const fail = (error: Error) => {
    slots.splice(slots.indexOf(slot), 1);
    slot.current?.reject(error);
    slot.current = null;
    dispatch();
  };
  worker.on('error', fail);
  worker.on('exit', (code) => {
    if (slots.includes(slot)) fail(new Error(`password worker exited with code ${code}`));
  });
  slots.push(slot);
  return slot;
}

function dispatch(): void {
  while (queue.length > 0) {
    let slot = slots.find((s) => s.current === null);
    if (!slot && slots.length < MAX_CONCURRENT_PASSWORD_HASHES) slot = startSlot();
    if (!slot) break;
    const next = queue.shift() as Pending;
    slot.current = next;
    slot.worker.postMessage(next.job);
  }
  // A waiting hash keeps the process alive (a CLI seeding users); idle workers never do.
  for (const s of slots) {
    if (s.current) s.worker.ref();
    else s.worker.unref();
  }
}

function run<T>(job: Job): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    queue.push({ job, resolve: resolve as (value: unknown) => void, reject });
    dispatch();
  });
}

export const hashPassword = (password: string) => run<string>({ op: 'hash', password });

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await run<boolean>({ op: 'verify', hash: passwordHash, password });
  } catch {
    return false;
  }
}
