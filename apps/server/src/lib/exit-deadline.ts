import { Worker } from 'node:worker_threads';

/*
 * The deadline of a shutdown, kept on a thread of its own. A timer on the main thread cannot fire
 * once the main thread is stuck, and the last thing a shutdown does, process.exit, runs exit
 * handlers that can block it for good: pino's final synchronous flush of stdout retries for ever
 * when the log's reader is gone or no longer reads (docs/architecture.md#configuration).
 */
const WATCHDOG = `
const { workerData } = require('node:worker_threads');
setTimeout(() => {
  try {
    require('node:fs').writeSync(2, workerData.message + '\\n');
  } catch {}
  process.kill(workerData.pid, 'SIGKILL');
}, workerData.ms);
`;

/**
 * Ends this process with SIGKILL `ms` from now, whatever its main thread is doing; resolves once
 * the watchdog thread runs. It does not keep the process alive: a process that exits in time never
 * hears from it. The thread runs plain JavaScript without the parent's loader flags (tsx), so it
 * starts without help from the main thread, which may be about to block.
 */
export function killAfter(ms: number, message: string): Promise<void> {
  const watchdog = new Worker(WATCHDOG, {
    eval: true,
    execArgv: [],
    workerData: { pid: process.pid, ms, message },
    stdout: false,
    stderr: false,
  });
  return new Promise((resolve) => {
    watchdog.once('online', () => {
      watchdog.unref();
      resolve();
    });
    // Without a watchdog the in-thread deadline still stands; a shutdown must not fail over it.
    watchdog.once('error', () => resolve());
  });
}
