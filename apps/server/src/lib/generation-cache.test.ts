import { describe, expect, it } from 'vitest';
import { GenerationCache } from './generation-cache';

/** A build the test finishes when it wants, counting how often it ran. */
function deferredBuild<T>() {
  let resolve: (value: T) => void = () => {};
  let runs = 0;
  const build = () => {
    runs++;
    return new Promise<T>((r) => {
      resolve = r;
    });
  };
  return { build, finish: (value: T) => resolve(value), runs: () => runs };
}

describe('GenerationCache', () => {
  it('builds a key once and serves it until its TTL has passed', async () => {
    let now = 0;
    const cache = new GenerationCache<string>({ ttlMs: 100, maxEntries: 10, now: () => now });
    let builds = 0;
    const build = async () => `v${++builds}`;
    expect(await cache.get('a', build)).toBe('v1');
    now = 99;
    expect(await cache.get('a', build)).toBe('v1');
    now = 100;
    expect(await cache.get('a', build)).toBe('v2');
  });

  it('shares one build between concurrent misses of a key', async () => {
    const cache = new GenerationCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const pending = deferredBuild<string>();
    const both = Promise.all([cache.get('a', pending.build), cache.get('a', pending.build)]);
    pending.finish('page');
    expect(await both).toEqual(['page', 'page']);
    expect(pending.runs()).toBe(1);
    expect(cache.size).toBe(1);
  });

  it('returns a build that started before an invalidation but does not keep it', async () => {
    const cache = new GenerationCache<string>({ ttlMs: 1000, maxEntries: 10 });
    const stale = deferredBuild<string>();
    const first = cache.get('a', stale.build);
    cache.invalidate();
    stale.finish('old');
    expect(await first).toBe('old');
    expect(cache.size).toBe(0);
    expect(await cache.get('a', async () => 'new')).toBe('new');
  });

  it('drops the oldest entry past maxEntries', async () => {
    const cache = new GenerationCache<string>({ ttlMs: 1000, maxEntries: 2 });
    for (const key of ['a', 'b', 'c']) await cache.get(key, async () => key);
    expect(cache.size).toBe(2);
    expect(await cache.get('a', async () => 'rebuilt')).toBe('rebuilt');
    expect(await cache.get('c', async () => 'rebuilt')).toBe('c');
  });
});
