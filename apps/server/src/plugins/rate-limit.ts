import { AppError } from '../lib/app-error';

export type RateLimitResult = {
  /** False once the key has used up its attempts in the current window. */
  allowed: boolean;
  /** Seconds until the key may try again (0 when allowed). */
  retryAfterS: number;
};

/**
 * Counts attempts per key (an IP, an account) in fixed windows. Async so an implementation shared
 * by several server processes (Redis) can stand in for the in-memory one without changing callers.
 */
export interface RateLimiter {
  /** Counts one attempt against `key` and says whether it is allowed. Refused attempts count too. */
  hit(key: string): Promise<RateLimitResult>;
  /** Gives back one attempt, e.g. after a success that should not use up the allowance. */
  refund(key: string): Promise<void>;
  /** Forgets `key`, e.g. an account's failures once its owner signs in. */
  reset(key: string): Promise<void>;
}

export type RateLimiterOptions = {
  limit: number;
  windowMs: number;
  /** The clock, replaceable in tests. */
  now?: () => number;
};

type Window = { count: number; resetAt: number };

/**
 * The in-process limiter. Each process counts on its own, so N processes allow up to N × limit;
 * that is acceptable for the embedded default, and the interface lets a shared store replace it.
 */
export class MemoryRateLimiter implements RateLimiter {
  private readonly windows = new Map<string, Window>();
  private readonly limit: number;
  private readonly windowMs: number;
  private readonly now: () => number;
  private nextSweepAt: number;

  constructor(options: RateLimiterOptions) {
    this.limit = options.limit;
    this.windowMs = options.windowMs;
    this.now = options.now ?? Date.now;
    this.nextSweepAt = this.now() + this.windowMs;
  }

  async hit(key: string): Promise<RateLimitResult> {
    const now = this.now();
    this.sweep(now);
    let window = this.windows.get(key);
    if (!window || window.resetAt <= now) {
      window = { count: 0, resetAt: now + this.windowMs };
      this.windows.set(key, window);
    }
    window.count += 1;
    if (window.count <= this.limit) return { allowed: true, retryAfterS: 0 };
    return { allowed: false, retryAfterS: Math.max(1, Math.ceil((window.resetAt - now) / 1000)) };
  }

  async refund(key: string): Promise<void> {
    const window = this.windows.get(key);
    if (window && window.count > 0) window.count -= 1;
  }

  async reset(key: string): Promise<void> {
    this.windows.delete(key);
  }

  /** Number of keys held; memory stays bounded by the keys seen in about one window. */
  get size(): number {
    return this.windows.size;
  }

  // Keys sprayed by an attacker (random e-mail addresses) must not pile up: once per window, drop
  // the windows that have ended. Amortised, this costs O(1) per hit.
  private sweep(now: number): void {
    if (now < this.nextSweepAt) return;
    for (const [key, window] of this.windows) if (window.resetAt <= now) this.windows.delete(key);
    this.nextSweepAt = now + this.windowMs;
  }
}

export const createRateLimiter = (options: RateLimiterOptions): RateLimiter =>
  new MemoryRateLimiter(options);

/** The 429 a refused attempt gets: a clear message, and `Retry-After` in seconds. */
export function rateLimited(retryAfterS: number, what: string): AppError {
  const minutes = Math.ceil(retryAfterS / 60);
  const wait = minutes <= 1 ? 'a minute' : `${minutes} minutes`;
  return new AppError(
    'rate_limited',
    `Too many ${what}. Please wait ${wait} and try again.`,
    { retry_after: retryAfterS },
    { 'retry-after': String(retryAfterS) },
  );
}
