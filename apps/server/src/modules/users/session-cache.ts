import type { SessionEvent } from '../../pubsub/pubsub';
import type { Session } from './session';

/**
 * How long a verified token is trusted without asking the database again. Checking a token costs
 * an HMAC (WebCrypto, ~0.1 ms) and a query (~0.5 ms on PGlite, which runs one statement at a
 * time): paid on every request, that caps the whole API at ~1,500 authenticated requests a second.
 * Revocations on this process evict at once and reach other processes through pub/sub, so the TTL
 * only bounds how stale a user row (name, role) may be on another process, and how long a lost
 * pub/sub message could let a revoked token through.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
/** Beyond this many tokens the oldest entries go first: memory stays bounded under any load. */
export const SESSION_CACHE_MAX_ENTRIES = 10_000;

type Entry = { session: Session; until: number };

/** Verified sessions keyed by the exact token string: only a token that passed all checks enters. */
export class SessionCache {
  private readonly entries = new Map<string, Entry>();
  private evictions = 0;

  constructor(
    private readonly ttlMs = SESSION_CACHE_TTL_MS,
    private readonly maxEntries = SESSION_CACHE_MAX_ENTRIES,
  ) {}

  get(token: string, nowMs: number): Session | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (nowMs >= entry.until) {
      this.entries.delete(token);
      return undefined;
    }
    return entry.session;
  }

  /**
   * Read before looking a token up in the database and hand it to `set`: a revocation that lands
   * while the lookup is in flight must not let its (now stale) answer into the cache.
   */
  get generation(): number {
    return this.evictions;
  }

  set(token: string, session: Session, nowMs: number, generation: number): void {
    if (generation !== this.evictions) return;
    // Never past the token's own expiry: an expired token must go through the full check again.
    const until = Math.min(nowMs + this.ttlMs, session.claims.exp * 1000);
    if (until <= nowMs) return;
    this.entries.delete(token);
    if (this.entries.size >= this.maxEntries) {
      // Maps iterate in insertion order: the first key is the oldest entry.
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, { session, until });
  }

  /** Drops what a revocation (from this process or another, via pub/sub) made invalid. */
  evict(event: SessionEvent): void {
    this.evictions += 1;
    for (const [token, { session }] of this.entries) {
      const sameUser = String(session.user.id) === event.userId;
      const revoked =
        event.type === 'revoked'
          ? session.claims.jti === event.jti
          : sameUser && Math.round(session.claims.iat * 1000) < event.before;
      if (revoked) this.entries.delete(token);
    }
  }

  /** Drops every cached session of a user whose row changed, so the next request reloads it. */
  forgetUser(userId: number): void {
    this.evictions += 1;
    for (const [token, { session }] of this.entries) {
      if (session.user.id === userId) this.entries.delete(token);
    }
  }

  get size(): number {
    return this.entries.size;
  }
}
