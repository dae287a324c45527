import { randomBytes } from 'node:crypto';
import { type SessionClaims, UNCONFIRMED_REASON } from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, unauthorized } from '../../lib/app-error';
import { MemoryRateLimitStore, type RateLimitStore } from '../../plugins/rate-limit-store';
import { PUBSUB_CHANNELS, type PubSub, type SessionEvent } from '../../pubsub/pubsub';
import { hashPassword, verifyPassword } from './passwords';
import { SessionCache } from './session-cache';
import {
  importSessionKey,
  readSessionClaims,
  sessionInvalid,
  signSessionToken,
  type TokenSubject,
} from './session-tokens';
import { SignInThrottle } from './sign-in-throttle';
import {
  deleteExpiredRevokedTokens,
  findUserByEmail,
  insertRevokedToken,
  prepareSessionLookup,
  type SessionUser,
  setTokensValidAfter,
} from './users.repository';

/** A verified session: the user as stored now, and the claims of the token that proved it. */
export type Session = { user: SessionUser; claims: SessionClaims };

export const INVALID_CREDENTIALS = 'The e-mail address or password is incorrect.';
export const UNCONFIRMED_DETAIL =
  'Please confirm your e-mail address first: follow the link in the e-mail we sent you when you registered.';
const SIGNED_OUT = 'You have been signed out. Please sign in again.';

export type SessionServiceDeps = {
  db: Db;
  secret: string;
  pubsub: PubSub;
  /** The clock, replaceable in tests. */
  now?: () => number;
  /** Where the sign-in limits count (`app.rateLimits`); by default memory of their own. */
  rateLimits?: RateLimitStore;
};

export type SessionService = {
  /** A fresh session token for `user` (sign-in, registration, password change). */
  issueSessionToken(user: TokenSubject): Promise<string>;
  /**
   * The session a token proves, or an `unauthorized` AppError when it is malformed, tampered,
   * signed with another algorithm, expired, revoked, or issued before the user's last
   * "sign out everywhere". Costs one database query, then nothing while the token stays in the
   * session cache (session-cache.ts). The returned object is shared: do not mutate it.
   */
  verifySessionToken(token: string): Promise<Session>;
  /**
   * The session of a token verified within SESSION_CACHE_TTL_MS, without any await; undefined
   * when it must go through verifySessionToken. Lets the auth hook stay synchronous on the hot path.
   */
  cachedSession(token: string): Session | undefined;
  /**
   * Checks credentials under the sign-in limits (sign-in-throttle.ts) and returns a session token.
   * `ip` is the client's address.
   */
  signIn(credentials: { email: string; password: string }, ip: string): Promise<string>;
  /** Revokes the session's token and tells open sockets of that token to close. */
  signOut(session: Session): Promise<void>;
  /** Refuses every token issued to `userId` so far (password change or reset). */
  revokeAllSessions(userId: number): Promise<void>;
  /**
   * Call after changing a user's row (name, role, avatar, time zone…): this process then reloads
   * it on the next request; other processes do within SESSION_CACHE_TTL_MS.
   */
  forgetUser(userId: number): void;
  /** Stops listening for revocations from other processes. */
  close(): Promise<void>;
};

export async function createSessionService(deps: SessionServiceDeps): Promise<SessionService> {
  const { db, pubsub } = deps;
  const now = deps.now ?? Date.now;
  const key = await importSessionKey(deps.secret);
  const lookupSession = prepareSessionLookup(db);
  const throttle = new SignInThrottle(deps.rateLimits ?? new MemoryRateLimitStore());
  // Unknown addresses are checked against this hash so that answering takes as long as for a
  // real account: the timing must not tell which addresses have accounts.
  // Started now, not on first use, so the first unknown address is not the slow one.
  const dummyHash = hashPassword(randomBytes(32).toString('base64url'));

  const cache = new SessionCache();
  // Revocations made by other processes evict here too; our own evict before answering, so a
  // signed-out token is refused on this process even before pub/sub delivers the message.
  const unsubscribe = await pubsub.subscribe(PUBSUB_CHANNELS.sessions, (message) => {
    cache.evict(message as SessionEvent);
  });
  const revoke = async (event: SessionEvent) => {
    cache.evict(event);
    await pubsub.publish(PUBSUB_CHANNELS.sessions, event);
  };

  return {
    issueSessionToken: (user) => signSessionToken(key, user, now()),

    cachedSession: (token) => cache.get(token, now()),

    async verifySessionToken(token) {
      const nowMs = now();
      const cached = cache.get(token, nowMs);
      if (cached) return cached;
      const generation = cache.generation;
      const claims = await readSessionClaims(key, token, nowMs);
      const userId = Number(claims.sub);
      const found = await lookupSession(userId, claims.jti);
      if (!found) throw sessionInvalid();
      const validAfter = found.user.tokensValidAfter;
      if (found.revoked || (validAfter && Math.round(claims.iat * 1000) < validAfter.getTime())) {
        throw unauthorized(SIGNED_OUT);
      }
      const session = { user: found.user, claims };
      cache.set(token, session, nowMs, generation);
      return session;
    },

    async signIn({ email, password }, ip) {
      await throttle.admit(email, ip);
      const user = await findUserByEmail(db, email);
      const matches = await verifyPassword(user?.passwordHash ?? (await dummyHash), password);
      if (!user || !matches) {
        await throttle.failed(email, ip);
        throw unauthorized(INVALID_CREDENTIALS);
      }
      await throttle.succeeded(email, ip);
      if (!user.confirmedAt) {
        throw new AppError('forbidden', UNCONFIRMED_DETAIL, { reason: UNCONFIRMED_REASON });
      }
      return signSessionToken(key, user, now());
    },

    async signOut({ user, claims }) {
      const current = new Date(now());
      await insertRevokedToken(db, {
        jti: claims.jti,
        userId: user.id,
        expiresAt: new Date(claims.exp * 1000),
      });
      // Opportunistic clean-up: sign-outs are rare next to requests, and the index on expires_at
      // keeps this cheap, so no timer or per-request work is needed.
      await deleteExpiredRevokedTokens(db, current);
      await revoke({ type: 'revoked', jti: claims.jti, userId: String(user.id) });
    },

    async revokeAllSessions(userId) {
      const instant = now();
      await setTokensValidAfter(db, userId, new Date(instant));
      await revoke({ type: 'revoked_all', userId: String(userId), before: instant });
    },

    forgetUser: (userId) => cache.forgetUser(userId),

    close: () => unsubscribe(),
  };
}
