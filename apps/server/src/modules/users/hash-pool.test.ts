import { EventEmitter } from 'node:events';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { HashPool, type PoolWorker } from './hash-pool';

// The pool's scheduling with stand-in workers and fake timers: which worker gets which job, and
// when a starved job runs again at normal priority. Real hashing is passwords.test.ts's.

class FakeWorker extends EventEmitter {
  readonly jobs: unknown[] = [];
  constructor(readonly nice: number) {
    super();
  }
  postMessage(job: unknown) {
    this.jobs.push(job);
  }
  answer(result: unknown) {
    this.emit('message', { result });
  }
  ref() {}
  unref() {}
}

describe('hash pool', () => {
  let started: FakeWorker[];
  let pool: HashPool;
  const HEDGE = 500;

  beforeEach(() => {
    vi.useFakeTimers();
    started = [];
    pool = new HashPool({
      start: (nice) => {
        const worker = new FakeWorker(nice);
        started.push(worker);
        return worker as unknown as PoolWorker;
      },
      size: 1,
      nice: 10,
      hedgeAfterMs: HEDGE,
    });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  const lowered = () => started.find((w) => w.nice === 10) as FakeWorker;
  const express = () => started.find((w) => w.nice === 0);

  it('runs jobs first come, first served on the lowered workers; answered in time, none runs twice', async () => {
    const a = pool.run('a');
    const b = pool.run('b');
    expect(started.map((w) => w.nice)).toEqual([10]);
    expect(lowered().jobs).toEqual(['a']);
    await vi.advanceTimersByTimeAsync(HEDGE - 1);
    lowered().answer('A');
    expect(await a).toBe('A');
    expect(lowered().jobs).toEqual(['a', 'b']);
    await vi.advanceTimersByTimeAsync(HEDGE - 1);
    lowered().answer('B');
    expect(await b).toBe('B');
    await vi.advanceTimersByTimeAsync(10 * HEDGE);
    expect(express()).toBeUndefined();
  });

  it('runs a starved job again at normal priority; the first answer wins and the late one is dropped', async () => {
    const a = pool.run('a');
    await vi.advanceTimersByTimeAsync(HEDGE);
    expect(express()?.jobs).toEqual(['a']);
    express()?.answer('A from express');
    expect(await a).toBe('A from express');
    // The lowered worker's own answer comes later and changes nothing; it is free again.
    lowered().answer('A late');
    const b = pool.run('b');
    expect(lowered().jobs).toEqual(['a', 'b']);
    lowered().answer('B');
    expect(await b).toBe('B');
    expect(started).toHaveLength(2);
  });

  it('gives the next job to the express worker while the lowered ones are starved', async () => {
    const a = pool.run('a');
    const b = pool.run('b');
    await vi.advanceTimersByTimeAsync(HEDGE);
    express()?.answer('A');
    expect(await a).toBe('A');
    // The lowered worker is still on its copy of a: b does not wait for it.
    expect(express()?.jobs).toEqual(['a', 'b']);
    express()?.answer('B');
    expect(await b).toBe('B');
    expect(lowered().jobs).toEqual(['a']);
  });

  it('rejects an error answer, and a job lost with its worker unless its other copy still runs', async () => {
    const failing = pool.run('bad');
    lowered().emit('message', { error: 'invalid hash' });
    await expect(failing).rejects.toThrow('invalid hash');

    const hedged = pool.run('c');
    await vi.advanceTimersByTimeAsync(HEDGE);
    lowered().emit('exit', 1);
    express()?.answer('C');
    expect(await hedged).toBe('C');

    const lost = pool.run('d');
    const worker = started.at(-1) as FakeWorker;
    expect(worker.nice).toBe(10);
    worker.emit('exit', 1);
    await expect(lost).rejects.toThrow('password worker exited with code 1');
  });
});
