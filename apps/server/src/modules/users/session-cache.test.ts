import type { SessionClaims } from '@atelier/contract';
import { describe, expect, it } from 'vitest';
import type { Session } from './session.service';
import { SessionCache } from './session-cache';

const T0 = 1_800_000_000_000;

function session(userId: number, jti: string, iatMs = T0, expS = T0 / 1000 + 3600): Session {
  const claims: SessionClaims = {
    sub: String(userId),
    role: 'student',
    iat: iatMs / 1000,
    exp: expS,
    jti,
  };
  // Only the fields the cache reads matter here.
  return { user: { id: userId } as Session['user'], claims, familyId: userId };
}

describe('SessionCache', () => {
  it('serves an entry until its TTL ends', () => {
    const cache = new SessionCache(5000);
    cache.set('tok', session(1, 'a'), T0, cache.generation);
    expect(cache.get('tok', T0 + 4999)).toBeDefined();
    expect(cache.get('tok', T0 + 5000)).toBeUndefined();
  });

  it('never serves a token past its own expiry', () => {
    const cache = new SessionCache(60_000);
    cache.set('tok', session(1, 'a', T0, T0 / 1000 + 2), T0, cache.generation);
    expect(cache.get('tok', T0 + 1999)).toBeDefined();
    expect(cache.get('tok', T0 + 2000)).toBeUndefined();
  });

  it('evicts a revoked jti, and every earlier token of a user on revoked_all', () => {
    const cache = new SessionCache(60_000);
    cache.set('a', session(1, 'ja', T0), T0, cache.generation);
    cache.set('b', session(1, 'jb', T0 + 10), T0, cache.generation);
    cache.set('c', session(1, 'jc', T0 + 500), T0, cache.generation);
    cache.set('d', session(2, 'jd', T0), T0, cache.generation);
    cache.evict({ type: 'revoked', jti: 'ja', userId: '1' });
    expect(cache.get('a', T0)).toBeUndefined();
    expect(cache.get('b', T0)).toBeDefined();
    cache.evict({ type: 'revoked_all', userId: '1', before: T0 + 100 });
    expect(cache.get('b', T0)).toBeUndefined();
    expect(cache.get('c', T0)).toBeDefined();
    expect(cache.get('d', T0)).toBeDefined();
  });

  it('refuses to store a lookup that a revocation overtook', () => {
    const cache = new SessionCache(60_000);
    const generation = cache.generation;
    cache.evict({ type: 'revoked', jti: 'x', userId: '1' });
    cache.set('tok', session(1, 'x'), T0, generation);
    expect(cache.get('tok', T0)).toBeUndefined();
  });

  it('keeps at most maxEntries, dropping the oldest', () => {
    const cache = new SessionCache(60_000, 2);
    for (const token of ['a', 'b', 'c']) cache.set(token, session(1, token), T0, cache.generation);
    expect(cache.size).toBe(2);
    expect(cache.get('a', T0)).toBeUndefined();
    expect(cache.get('c', T0)).toBeDefined();
  });

  it('forgetUser drops the sessions of one user', () => {
    const cache = new SessionCache(60_000);
    cache.set('a', session(1, 'a'), T0, cache.generation);
    cache.set('b', session(2, 'b'), T0, cache.generation);
    cache.forgetUser(1);
    expect(cache.get('a', T0)).toBeUndefined();
    expect(cache.get('b', T0)).toBeDefined();
  });
});
