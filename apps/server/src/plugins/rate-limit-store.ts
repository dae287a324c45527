/** A counter's value and the milliseconds until it ends (0 and 0 when there is none). */
export type Counter = { count: number; ttlMs: number };

/**
 * Where rate limits keep their counts: one process's memory, or Redis shared by every server
 * process (docs/architecture.md#many-servers, decision 020). Each operation is atomic on its own,
 * so two processes (or two requests) counting the same key never lose a count. The limiters built
 * on it (rate-limit.ts, the users module's sign-in throttle) namespace their keys.
 */
export interface RateLimitStore {
  /** Adds one to `key`; a counter that did not exist starts at 1 and ends after `ttlMs`. */
  increment(key: string, ttlMs: number): Promise<Counter>;
  /** Takes one back, never below zero, keeping the counter's end. */
  decrement(key: string): Promise<void>;
  /** The counter as it is now. */
  read(key: string): Promise<Counter>;
  /** Sets `key` to 1 for `ttlMs`, replacing whatever was there (a wait that starts now). */
  hold(key: string, ttlMs: number): Promise<void>;
  /**
   * Sets `key` to 1 for `ttlMs` only if it is not set: 0 when this call set it, otherwise the
   * milliseconds left on the existing one. Lets exactly one of many concurrent attempts through.
   */
  claim(key: string, ttlMs: number): Promise<number>;
  delete(...keys: string[]): Promise<void>;
  close(): Promise<void>;
}

type Entry = { count: number; endsAt: number };

/** How often ended counters are dropped from memory. */
const SWEEP_INTERVAL_MS = 60_000;

/**
 * The in-process store, the default without REDIS_URL: each process counts on its own, so N
 * processes allow up to N times a limit (decision 020).
 */
export class MemoryRateLimitStore implements RateLimitStore {
  private readonly entries = new Map<string, Entry>();
  private readonly now: () => number;
  private readonly sweepIntervalMs: number;
  private nextSweepAt: number;

  constructor(options: { now?: () => number; sweepIntervalMs?: number } = {}) {
    this.now = options.now ?? Date.now;
    this.sweepIntervalMs = options.sweepIntervalMs ?? SWEEP_INTERVAL_MS;
    this.nextSweepAt = this.now() + this.sweepIntervalMs;
  }

  async increment(key: string, ttlMs: number): Promise<Counter> {
    const now = this.now();
    this.sweep(now);
    let entry = this.live(key, now);
    if (!entry) {
      entry = { count: 0, endsAt: now + ttlMs };
      this.entries.set(key, entry);
    }
    entry.count += 1;
    return { count: entry.count, ttlMs: entry.endsAt - now };
  }

  async decrement(key: string): Promise<void> {
    const entry = this.live(key, this.now());
    if (entry && entry.count > 0) entry.count -= 1;
  }

  async read(key: string): Promise<Counter> {
    const now = this.now();
    const entry = this.live(key, now);
    return entry ? { count: entry.count, ttlMs: entry.endsAt - now } : { count: 0, ttlMs: 0 };
  }

  async hold(key: string, ttlMs: number): Promise<void> {
    const now = this.now();
    this.sweep(now);
    this.entries.set(key, { count: 1, endsAt: now + ttlMs });
  }

  async claim(key: string, ttlMs: number): Promise<number> {
    const now = this.now();
    const entry = this.live(key, now);
    if (entry) return entry.endsAt - now;
    this.sweep(now);
    this.entries.set(key, { count: 1, endsAt: now + ttlMs });
    return 0;
  }

  async delete(...keys: string[]): Promise<void> {
    for (const key of keys) this.entries.delete(key);
  }

  async close(): Promise<void> {
    this.entries.clear();
  }

  /** Number of keys held; memory stays bounded by the keys seen in about one sweep interval. */
  get size(): number {
    return this.entries.size;
  }

  private live(key: string, now: number): Entry | undefined {
    const entry = this.entries.get(key);
    return entry && entry.endsAt > now ? entry : undefined;
  }

  // Keys sprayed by an attacker (random e-mail addresses) must not pile up: now and then, drop
  // the counters that have ended. Amortised, this costs O(1) per write.
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    for (const [key, entry] of this.entries) if (entry.endsAt <= now) this.entries.delete(key);
    this.nextSweepAt = now + this.sweepIntervalMs;
  }
}
