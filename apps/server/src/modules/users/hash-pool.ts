/** What the pool needs of a worker thread (node's Worker, or a stand-in in tests). */
export type PoolWorker = {
  postMessage(message: unknown): void;
  on(event: 'message', listener: (message: { result?: unknown; error?: string }) => void): unknown;
  on(event: 'error', listener: (error: Error) => void): unknown;
  on(event: 'exit', listener: (code: number) => void): unknown;
  ref(): void;
  unref(): void;
};

export type HashPoolOptions = {
  /** Starts a worker whose thread runs at `nice` (it lowers itself). */
  start(nice: number): PoolWorker;
  /** Workers at `nice` that take jobs first come, first served. */
  size: number;
  nice: number;
  /** A job still unanswered this long after it started also runs on the express worker. */
  hedgeAfterMs: number;
};

type Pending = {
  job: unknown;
  resolve(value: unknown): void;
  reject(error: Error): void;
  settled: boolean;
  /** Copies of the job running now: one, or two once hedged. */
  running: number;
  timer?: ReturnType<typeof setTimeout>;
};
type Slot = { worker: PoolWorker; current: Pending | null; express: boolean; startedAt: number };

/**
 * Runs CPU-heavy jobs (password hashes) on worker threads of lowered priority, so the event loop
 * preempts them (docs/decisions/008-accounts-mail-outbox-and-password-hashing.md). Lowered
 * threads only lose to other runnable threads: our event loop, as intended, but also other
 * programs saturating the machine, which can starve a hash without bound. So a job unanswered
 * `hedgeAfterMs` after it started runs a second time on one express worker at normal priority,
 * and the first answer wins. Its own sign-in storm never hedges: a job's time is counted from its
 * start, not from its wait in the queue, and the lowered threads have the cores the event loop
 * leaves idle.
 */
export class HashPool {
  private readonly slots: Slot[] = [];
  private readonly queue: Pending[] = [];
  private readonly hedges: Pending[] = [];
  private express: Slot | null = null;

  constructor(private readonly options: HashPoolOptions) {}

  run<T>(job: unknown): Promise<T> {
    return new Promise<T>((resolve, reject) => {
      this.queue.push({
        job,
        resolve: resolve as (value: unknown) => void,
        reject,
        settled: false,
        running: 0,
      });
      this.dispatch();
    });
  }

  private startSlot(express: boolean): Slot {
    const worker = this.options.start(express ? 0 : this.options.nice);
    const slot: Slot = { worker, current: null, express, startedAt: 0 };
    worker.unref();
    worker.on('message', (message) => {
      const done = slot.current;
      slot.current = null;
      if (done) {
        done.running -= 1;
        if (message.error !== undefined) this.settle(done, new Error(message.error));
        else this.settle(done, null, message.result);
      }
      this.dispatch();
    });
    const fail = (error: Error) => {
      if (slot.express) this.express = null;
      else this.slots.splice(this.slots.indexOf(slot), 1);
      const lost = slot.current;
      slot.current = null;
      if (lost) {
        lost.running -= 1;
        // The other copy, when hedged, may still answer.
        if (lost.running === 0) this.settle(lost, error);
      }
      this.dispatch();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => {
      const alive = slot.express ? this.express === slot : this.slots.includes(slot);
      if (alive) fail(new Error(`password worker exited with code ${code}`));
    });
    if (express) this.express = slot;
    else this.slots.push(slot);
    return slot;
  }

  private settle(pending: Pending, error: Error | null, result?: unknown): void {
    if (pending.settled) return;
    pending.settled = true;
    clearTimeout(pending.timer);
    if (error) pending.reject(error);
    else pending.resolve(result);
  }

  private post(slot: Slot, pending: Pending): void {
    slot.current = pending;
    slot.startedAt = Date.now();
    pending.running += 1;
    slot.worker.postMessage(pending.job);
  }

  private dispatch(): void {
    while (this.queue.length > 0) {
      let slot = this.slots.find((s) => s.current === null);
      if (!slot && this.slots.length < this.options.size) slot = this.startSlot(false);
      if (!slot) break;
      const next = this.queue.shift() as Pending;
      this.post(slot, next);
      next.timer = setTimeout(() => this.hedge(next), this.options.hedgeAfterMs);
      next.timer.unref?.();
    }
    while (this.hedges[0]?.settled) this.hedges.shift();
    if (this.hedges.length > 0 || this.starving()) {
      const express = this.express ?? this.startSlot(true);
      if (express.current === null) {
        const next = (this.hedges.shift() ?? this.queue.shift()) as Pending;
        this.post(express, next);
      }
    }
    // A running job keeps the process alive (a CLI seeding users); idle workers never do.
    for (const s of this.express ? [...this.slots, this.express] : this.slots) {
      if (s.current) s.worker.ref();
      else s.worker.unref();
    }
  }

  /**
   * Every lowered worker is busy and one has run its job past the hedge time: they are being
   * starved, so the queue's next job need not wait for them.
   */
  private starving(): boolean {
    if (this.queue.length === 0 || this.slots.length < this.options.size) return false;
    const since = Date.now() - this.options.hedgeAfterMs;
    return (
      this.slots.every((s) => s.current !== null) && this.slots.some((s) => s.startedAt <= since)
    );
  }

  private hedge(pending: Pending): void {
    if (pending.settled) return;
    this.hedges.push(pending);
    this.dispatch();
  }
}
