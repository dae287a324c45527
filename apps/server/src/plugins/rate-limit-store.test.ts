import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { WindowRateLimiter } from './rate-limit';
import { MemoryRateLimitStore, type RateLimitStore } from './rate-limit-store';
import { RedisRateLimitStore } from './redis-rate-limit-store';

// .ci/run sets TEST_REDIS_URL when Redis answers on 127.0.0.1:6379; without it the Redis suite
// below is reported as skipped (describe.runIf).
const redisUrl = process.env.TEST_REDIS_URL;

/** What every store must do, run against one store (`a` and `b` the same) or two sharing Redis. */
function storeContract(stores: () => [RateLimitStore, RateLimitStore]) {
  it('increments a counter that ends after its ttl, and decrements it never below zero', async () => {
    const [a, b] = stores();
    expect(await a.increment('n', 60_000)).toMatchObject({ count: 1 });
    const second = await b.increment('n', 1);
    // The counter keeps the end its first increment gave it.
    expect(second.count).toBe(2);
    expect(second.ttlMs).toBeGreaterThan(50_000);
    await b.decrement('n');
    await a.decrement('n');
    await a.decrement('n');
    expect((await b.read('n')).count).toBe(0);
    expect(await a.read('missing')).toEqual({ count: 0, ttlMs: 0 });
  });

  it('claims a key once until it ends; hold replaces it; delete forgets', async () => {
    const [a, b] = stores();
    expect(await a.claim('c', 60_000)).toBe(0);
    expect(await b.claim('c', 60_000)).toBeGreaterThan(50_000);
    await b.hold('c', 5_000);
    expect(await a.claim('c', 60_000)).toBeLessThanOrEqual(5_000);
    await a.delete('c', 'n');
    expect(await b.claim('c', 60_000)).toBe(0);
  });

  it('window limiters on it count together and refuse past the limit with the seconds left', async () => {
    const [a, b] = stores();
    const options = { name: 'shared', limit: 3, windowMs: 15 * 60_000 };
    const one = new WindowRateLimiter(a, options);
    const two = new WindowRateLimiter(b, options);
    expect((await one.hit('ip')).allowed).toBe(true);
    expect((await two.hit('ip')).allowed).toBe(true);
    expect((await one.hit('ip')).allowed).toBe(true);
    const refused = await two.hit('ip');
    expect(refused.allowed).toBe(false);
    expect(refused.retryAfterS).toBeGreaterThan(14 * 60);
    await one.refund('ip');
    await two.refund('ip');
    expect((await one.hit('ip')).allowed).toBe(true);
    await two.reset('ip');
    expect(await a.read('shared:ip')).toEqual({ count: 0, ttlMs: 0 });
    // Another limiter's name keeps its keys apart.
    expect((await new WindowRateLimiter(a, { ...options, name: 'other' }).hit('ip')).allowed).toBe(
      true,
    );
  });
}

describe('MemoryRateLimitStore', () => {
  storeContract(() => {
    const store = new MemoryRateLimitStore();
    return [store, store];
  });

  it('ends counters on its clock, and drops ended ones so sprayed keys do not pile up', async () => {
    const clock = { now: 0 };
    const store = new MemoryRateLimitStore({ now: () => clock.now, sweepIntervalMs: 1000 });
    for (let i = 0; i < 100; i++) await store.increment(`spray-${i}`, 500);
    expect(store.size).toBe(100);
    clock.now = 600;
    expect(await store.read('spray-1')).toEqual({ count: 0, ttlMs: 0 });
    expect(await store.claim('spray-1', 500)).toBe(0);
    clock.now = 1200;
    await store.increment('next', 500);
    expect(store.size).toBe(1);
  });
});

describe.runIf(redisUrl)('RedisRateLimitStore shared by two processes', () => {
  const url = redisUrl ?? '';
  const open: RedisRateLimitStore[] = [];
  afterAll(() => Promise.all(open.map((store) => store.close())));
  storeContract(() => {
    // A prefix of its own per test, so tests and runs sharing one Redis never collide.
    const keyPrefix = `atelier-test:${randomUUID()}:`;
    const pair: [RedisRateLimitStore, RedisRateLimitStore] = [
      new RedisRateLimitStore(url, { keyPrefix }),
      new RedisRateLimitStore(url, { keyPrefix }),
    ];
    open.push(...pair);
    return pair;
  });
});
