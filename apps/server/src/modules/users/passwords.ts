import { createRequire } from 'node:module';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { HashPool } from './hash-pool';

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
if (workerData.nice !== 0) { try { setPriority(0, workerData.nice); } catch {} }
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

/**
 * A hash unanswered this long after it started is starved by other programs (it costs ~65 ms of
 * CPU): it also runs at normal priority, and the first answer wins (hash-pool.ts).
 */
export const PASSWORD_HEDGE_AFTER_MS = 500;

type Job = { op: 'hash'; password: string } | { op: 'verify'; hash: string; password: string };

const argon2Path = createRequire(import.meta.url).resolve('@node-rs/argon2');
const pool = new HashPool({
  start: (nice) =>
    new Worker(WORKER_SOURCE, {
      eval: true,
      workerData: { argon2Path, params: ARGON2_PARAMS, nice },
    }),
  size: MAX_CONCURRENT_PASSWORD_HASHES,
  nice: PASSWORD_THREAD_NICE,
  hedgeAfterMs: PASSWORD_HEDGE_AFTER_MS,
});

const run = <T>(job: Job) => pool.run<T>(job);

export const hashPassword = (password: string) => run<string>({ op: 'hash', password });

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await run<boolean>({ op: 'verify', hash: passwordHash, password });
  } catch {
    return false;
  }
}
