import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/app-error';
import { MemoryRateLimiter, rateLimited } from './rate-limit';

const MINUTE = 60_000;

function limiterAt(start = 1_000_000, limit = 3, windowMs = 15 * MINUTE) {
  const clock = { now: start };
  const limiter = new MemoryRateLimiter({ limit, windowMs, now: () => clock.now });
  return { limiter, clock };
}

describe('MemoryRateLimiter', () => {
  it('allows `limit` hits per window, then refuses with the seconds left', async () => {
    const { limiter, clock } = limiterAt();
    for (let i = 0; i < 3; i++)
      expect(await limiter.hit('k')).toEqual({ allowed: true, retryAfterS: 0 });
    clock.now += 5 * MINUTE;
    expect(await limiter.hit('k')).toEqual({ allowed: false, retryAfterS: 600 });
    clock.now += 9 * MINUTE + 59_500;
    expect(await limiter.hit('k')).toEqual({ allowed: false, retryAfterS: 1 });
  });

  it('opens a fresh window once the old one ends', async () => {
    const { limiter, clock } = limiterAt();
    for (let i = 0; i < 4; i++) await limiter.hit('k');
    clock.now += 15 * MINUTE;
    expect((await limiter.hit('k')).allowed).toBe(true);
  });

  it('counts keys separately', async () => {
    const { limiter } = limiterAt(0, 1);
    expect((await limiter.hit('a')).allowed).toBe(true);
    expect((await limiter.hit('a')).allowed).toBe(false);
    expect((await limiter.hit('b')).allowed).toBe(true);
  });

  it('refund gives one attempt back; reset forgets the key', async () => {
    const { limiter } = limiterAt(0, 2);
    await limiter.hit('k');
    await limiter.hit('k');
    await limiter.refund('k');
    expect((await limiter.hit('k')).allowed).toBe(true);
    expect((await limiter.hit('k')).allowed).toBe(false);
    await limiter.reset('k');
    expect((await limiter.hit('k')).allowed).toBe(true);
  });

  it('drops ended windows, so sprayed keys do not pile up', async () => {
    const { limiter, clock } = limiterAt(0, 5, MINUTE);
    for (let i = 0; i < 1000; i++) await limiter.hit(`spray-${i}`);
    expect(limiter.size).toBe(1000);
    clock.now += 2 * MINUTE;
    await limiter.hit('next');
    expect(limiter.size).toBe(1);
  });
});

describe('rateLimited', () => {
  it('is a 429 AppError with Retry-After and a message in minutes', () => {
    const error = rateLimited(600, 'sign-in attempts');
    expect(error).toBeInstanceOf(AppError);
    expect(error.code).toBe('rate_limited');
    expect(error.headers).toEqual({ 'retry-after': '600' });
    expect(error.detail).toBe('Too many sign-in attempts. Please wait 10 minutes and try again.');
    expect(rateLimited(30, 'requests').detail).toBe(
      'Too many requests. Please wait a minute and try again.',
    );
  });
});
