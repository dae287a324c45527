import { randomUUID } from 'node:crypto';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../lib/app-error';
import { MemoryRateLimitStore, type RateLimitStore } from '../../plugins/rate-limit-store';
import { RedisRateLimitStore } from '../../plugins/redis-rate-limit-store';
import { SIGN_IN_LIMITS, SignInThrottle } from './sign-in-throttle';

// .ci/run sets TEST_REDIS_URL when Redis answers on 127.0.0.1:6379; without it the Redis suite
// below is reported as skipped (describe.runIf).
const redisUrl = process.env.TEST_REDIS_URL;

/** The seconds of the 429 `attempt` throws, or null when it goes through. */
async function refusal(attempt: Promise<void>): Promise<number | null> {
  try {
    await attempt;
    return null;
  } catch (error) {
    if (!(error instanceof AppError) || error.code !== 'rate_limited') throw error;
    return Number(error.headers?.['retry-after']);
  }
}

describe('SignInThrottle in memory', () => {
  it(`past ${SIGN_IN_LIMITS.perAccount.limit} failures on one account, only addresses that failed wait`, async () => {
    const throttle = new SignInThrottle(new MemoryRateLimitStore());
    const email = 'besieged@throttle.test';
    const ipOf = (i: number) => `10.1.${Math.floor(i / 250)}.${i % 250}`;
    for (let i = 0; i < SIGN_IN_LIMITS.perAccount.limit; i++) {
      expect(await refusal(throttle.admit(email, ipOf(i)))).toBeNull();
      await throttle.failed(email, ipOf(i));
    }
    const wait = await refusal(throttle.admit(email, ipOf(7)));
    expect(wait).toBeGreaterThan(14 * 60);
    expect(wait).toBeLessThanOrEqual(15 * 60);
    // An address with no failure for the account (its owner at home) still gets in, and other
    // accounts are untouched.
    expect(await refusal(throttle.admit(email, '10.2.0.1'))).toBeNull();
    expect(await refusal(throttle.admit('other@throttle.test', ipOf(7)))).toBeNull();
  });

  it('keys an account by its address in any case', async () => {
    const throttle = new SignInThrottle(new MemoryRateLimitStore());
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures; i++) {
      await throttle.admit('Case@Throttle.test', '10.3.0.1');
      await throttle.failed('Case@Throttle.test', '10.3.0.1');
    }
    expect(await refusal(throttle.admit('case@throttle.test', '10.3.0.1'))).toBe(1);
  });
});

describe.runIf(redisUrl)('SignInThrottle on Redis shared by two processes', () => {
  const url = redisUrl ?? '';
  // A prefix of its own per run, so runs sharing one Redis never collide.
  const keyPrefix = `atelier-test:${randomUUID()}:`;
  // Two stores on two connections: what two server processes would hold.
  const stores: RedisRateLimitStore[] = [
    new RedisRateLimitStore(url, { keyPrefix }),
    new RedisRateLimitStore(url, { keyPrefix }),
  ];
  afterAll(() => Promise.all(stores.map((store) => store.close())));
  const [one, two] = stores.map((store) => new SignInThrottle(store)) as [
    SignInThrottle,
    SignInThrottle,
  ];

  it("one process's failures make the client wait on the other, and its success frees it there", async () => {
    const email = 'shared@throttle.test';
    const ip = '10.9.0.1';
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures; i++) {
      const throttle = i % 2 === 0 ? one : two;
      expect(await refusal(throttle.admit(email, ip))).toBeNull();
      await throttle.failed(email, ip);
    }
    expect(await refusal(two.admit(email, ip))).toBe(1);
    expect(await refusal(one.admit(email, ip))).toBe(1);
    await one.succeeded(email, ip);
    expect(await refusal(two.admit(email, ip))).toBeNull();
  });

  it('counts one address across accounts on both processes together', async () => {
    const ip = '10.9.0.2';
    for (let i = 0; i < SIGN_IN_LIMITS.perIp.limit; i++) {
      const throttle = i % 2 === 0 ? one : two;
      await throttle.admit(`spray${i}@throttle.test`, ip);
      await throttle.failed(`spray${i}@throttle.test`, ip);
    }
    expect(await refusal(one.admit('next@throttle.test', ip))).toBeGreaterThan(14 * 60);
    expect(await refusal(two.admit('next@throttle.test', ip))).toBeGreaterThan(14 * 60);
  });

  it('lets exactly one of many concurrent attempts through a wait', async () => {
    const email = 'race@throttle.test';
    const ip = '10.9.0.3';
    const store: RateLimitStore = stores[0] as RateLimitStore;
    for (let i = 0; i < SIGN_IN_LIMITS.freeFailures; i++) await one.failed(email, ip);
    // The wait after the last failure has passed (as if a second had gone by).
    await store.delete(`sign-in:wait:${JSON.stringify([email, ip])}`);
    const results = await Promise.all(
      Array.from({ length: 6 }, (_, i) => refusal((i % 2 === 0 ? one : two).admit(email, ip))),
    );
    expect(results.filter((wait) => wait === null)).toHaveLength(1);
  });
});
