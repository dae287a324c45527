import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { AppError } from '../lib/app-error';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit-store';

export type RateLimitResult = {
  /** False once the key has used up its attempts in the current window. */
  allowed: boolean;
  /** Seconds until the key may try again (0 when allowed). */
  retryAfterS: number;
};

/**
 * Counts attempts per key (an IP, an account) in fixed windows. Async because the counts may live
 * in Redis, shared by every server process (decision 020).
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
  /**
   * Prepended to this limiter's keys, so limiters sharing one store (the app's, `app.rateLimits`)
   * never count each other's attempts.
   */
  name?: string;
};

/**
 * Counts attempts per key in fixed windows that start at a key's first attempt, in any
 * RateLimitStore: the app's (`app.rateLimits`, shared through Redis when REDIS_URL is set) or one
 * of its own in memory.
 */
export class WindowRateLimiter implements RateLimiter {
  private readonly prefix: string;

  constructor(
    private readonly store: RateLimitStore,
    private readonly options: RateLimiterOptions,
  ) {
    this.prefix = options.name ? `${options.name}:` : '';
  }

  async hit(key: string): Promise<RateLimitResult> {
    const counter = await this.store.increment(this.prefix + key, this.options.windowMs);
    if (counter.count <= this.options.limit) return { allowed: true, retryAfterS: 0 };
    return { allowed: false, retryAfterS: retryAfterSeconds(counter.ttlMs) };
  }

  refund(key: string): Promise<void> {
    return this.store.decrement(this.prefix + key);
  }

  reset(key: string): Promise<void> {
    return this.store.delete(this.prefix + key);
  }
}

/** A window limiter with a memory store of its own (tests, and code given no store). */
export class MemoryRateLimiter extends WindowRateLimiter {
  private readonly memory: MemoryRateLimitStore;

  constructor(options: RateLimiterOptions & { now?: () => number }) {
    const memory = new MemoryRateLimitStore({
      now: options.now,
      sweepIntervalMs: options.windowMs,
    });
    super(memory, options);
    this.memory = memory;
  }

  /** Number of keys held; memory stays bounded by the keys seen in about one window. */
  get size(): number {
    return this.memory.size;
  }
}

/** A window limiter in `store`, or in memory of its own when there is none. */
export const createRateLimiter = (
  options: RateLimiterOptions,
  store?: RateLimitStore,
): RateLimiter => (store ? new WindowRateLimiter(store, options) : new MemoryRateLimiter(options));

/** Whole seconds a client must wait for `ms` to pass: at least 1, as `Retry-After` needs. */
export const retryAfterSeconds = (ms: number): number => Math.max(1, Math.ceil(ms / 1000));

declare module 'fastify' {
  interface FastifyInstance {
    /** The store every rate limit counts in: Redis when REDIS_URL is set, else memory (decision 020). */
    rateLimits: RateLimitStore;
  }
}

/** Decorates `app.rateLimits` with the given store and closes it with the app. */
export const rateLimitsPlugin = fp(
  async (app: FastifyInstance, opts: { store: RateLimitStore }) => {
    app.decorate('rateLimits', opts.store);
    app.addHook('onClose', () => opts.store.close());
  },
  { name: 'rate-limits' },
);

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
