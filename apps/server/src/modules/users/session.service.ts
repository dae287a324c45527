import { randomBytes } from 'node:crypto';
import { UNCONFIRMED_REASON } from '@atelier/contract';
import type { Db } from '../../db/client';
import { AppError, unauthorized } from '../../lib/app-error';
import { MemoryRateLimitStore, type RateLimitStore } from '../../plugins/rate-limit-store';
import { PUBSUB_CHANNELS, type PubSub, type SessionEvent } from '../../pubsub/pubsub';
import { hashPassword, verifyPassword } from './passwords';
import type { FamilyOfSql, Session } from './session';
import { SessionCache } from './session-cache';
import {
  importSessionKey,
  readSessionClaims,
  sessionInvalid,
  signSessionToken,
  type TokenSubject,
} from './session-tokens';
import type { SessionsContext } from './sessions.context';
import { SignInThrottle } from './sign-in-throttle';
import {
  deleteExpiredRevokedTokens,
  findUserByEmail,
  insertRevokedToken,
  prepareSessionLookup,
  setTokensValidAfter,
} from './users.repository';

/** A verified session: the user as stored now, and the claims of the token that proved it. */
export type { Session };

export const INVALID_CREDENTIALS = 'The e-mail address or password is incorrect.';
export const UNCONFIRMED_DETAIL =
  'Please confirm your e-mail address first: follow the link in the e-mail we sent you when you registered.';
const SIGNED_OUT = 'You have been signed out. Please sign in again.';

export type SessionsDeps = {
  db: Db;
  secret: string;
  pubsub: PubSub;
  /** The clock, replaceable in tests. */
  now?: () => number;
  /** Where the sign-in limits count (`app.rateLimits`); by default memory of their own. */
  rateLimits?: RateLimitStore;
  /** Second guardians' families (decision 071); without it everyone acts for their own account. */
  familyOfSql?: FamilyOfSql;
};

/** Builds the sessions' context once per process and starts listening for revocations. */
export async function sessionsContextOf(deps: SessionsDeps): Promise<SessionsContext> {
  const cache = new SessionCache();
  // Revocations made by other processes evict here too; our own evict before answering, so a
  // signed-out token is refused on this process even before pub/sub delivers the message.
  const unsubscribe = await deps.pubsub.subscribe(PUBSUB_CHANNELS.sessions, (message) => {
    cache.evict(message as SessionEvent);
  });
  return {
    db: deps.db,
    pubsub: deps.pubsub,
    now: deps.now ?? Date.now,
    key: await importSessionKey(deps.secret),
    lookupSession: prepareSessionLookup(deps.db, deps.familyOfSql),
    cache,
    throttle: new SignInThrottle(deps.rateLimits ?? new MemoryRateLimitStore()),
    // Started now, not on first use, so the first unknown address is not the slow one.
    dummyHash: hashPassword(randomBytes(32).toString('base64url')),
    unsubscribe,
  };
}

async function revoke(ctx: SessionsContext, event: SessionEvent): Promise<void> {
  ctx.cache.evict(event);
  await ctx.pubsub.publish(PUBSUB_CHANNELS.sessions, event);
}

/** A fresh session token for `user` (sign-in, registration, password change). */
export function issueSessionToken(ctx: SessionsContext, user: TokenSubject): Promise<string> {
  return signSessionToken(ctx.key, user, ctx.now());
}

/**
 * The session of a token verified within SESSION_CACHE_TTL_MS, without any await; undefined
 * when it must go through verifySessionToken. Lets the auth hook stay synchronous on the hot path.
 */
export function cachedSession(ctx: SessionsContext, token: string): Session | undefined {
  return ctx.cache.get(token, ctx.now());
}

/**
 * The session a token proves, or an `unauthorized` AppError when it is malformed, tampered,
 * signed with another algorithm, expired, revoked, or issued before the user's last
 * "sign out everywhere". Costs one database query, then nothing while the token stays in the
 * session cache (session-cache.ts). The returned object is shared: do not mutate it.
 */
export async function verifySessionToken(ctx: SessionsContext, token: string): Promise<Session> {
  const nowMs = ctx.now();
  const cached = ctx.cache.get(token, nowMs);
  if (cached) return cached;
  const generation = ctx.cache.generation;
  const claims = await readSessionClaims(ctx.key, token, nowMs);
  const userId = Number(claims.sub);
  const found = await ctx.lookupSession(userId, claims.jti);
  if (!found) throw sessionInvalid();
  const validAfter = found.user.tokensValidAfter;
  if (found.revoked || (validAfter && Math.round(claims.iat * 1000) < validAfter.getTime())) {
    throw unauthorized(SIGNED_OUT);
  }
  // Only a family account (student) can be a second guardian; staff always act as themselves.
  // Cached with the session: removing a guardian forgets the user's sessions (forgetUser).
  const family = found.user.role === 'student' ? found.familyId : null;
  const session = { user: found.user, claims, familyId: family ?? userId };
  ctx.cache.set(token, session, nowMs, generation);
  return session;
}

/**
 * Checks credentials under the sign-in limits (sign-in-throttle.ts) and returns a session token.
 * `ip` is the client's address.
 */
export async function signIn(
  ctx: SessionsContext,
  { email, password }: { email: string; password: string },
  ip: string,
): Promise<string> {
  await ctx.throttle.admit(email, ip);
  const user = await findUserByEmail(ctx.db, email);
  const matches = await verifyPassword(user?.passwordHash ?? (await ctx.dummyHash), password);
  if (!user || !matches) {
    await ctx.throttle.failed(email, ip);
    throw unauthorized(INVALID_CREDENTIALS);
  }
  await ctx.throttle.succeeded(email, ip);
  if (!user.confirmedAt) {
    throw new AppError('forbidden', UNCONFIRMED_DETAIL, { reason: UNCONFIRMED_REASON });
  }
  return signSessionToken(ctx.key, user, ctx.now());
}

/** Revokes the session's token and tells open sockets of that token to close. */
export async function signOut(ctx: SessionsContext, { user, claims }: Session): Promise<void> {
  const current = new Date(ctx.now());
  await insertRevokedToken(ctx.db, {
    jti: claims.jti,
    userId: user.id,
    expiresAt: new Date(claims.exp * 1000),
  });
  // Opportunistic clean-up: sign-outs are rare next to requests, and the index on expires_at
  // keeps this cheap, so no timer or per-request work is needed.
  await deleteExpiredRevokedTokens(ctx.db, current);
  await revoke(ctx, { type: 'revoked', jti: claims.jti, userId: String(user.id) });
}

/** Refuses every token issued to `userId` so far (password change or reset). */
export async function revokeAllSessions(ctx: SessionsContext, userId: number): Promise<void> {
  const instant = ctx.now();
  await setTokensValidAfter(ctx.db, userId, new Date(instant));
  await revoke(ctx, { type: 'revoked_all', userId: String(userId), before: instant });
}

/**
 * Call after changing a user's row (name, role, avatar, time zone…): this process then reloads
 * it on the next request; other processes do within SESSION_CACHE_TTL_MS.
 */
export function forgetUser(ctx: SessionsContext, userId: number): void {
  ctx.cache.forgetUser(userId);
}

/**
 * What other modules and the cable take of sessions, as functions over the one context
 * (`app.sessions`, built by auth.plugin.ts).
 */
export type SessionsPort = {
  issueSessionToken(user: TokenSubject): Promise<string>;
  verifySessionToken(token: string): Promise<Session>;
  signIn(credentials: { email: string; password: string }, ip: string): Promise<string>;
  signOut(session: Session): Promise<void>;
  revokeAllSessions(userId: number): Promise<void>;
  forgetUser(userId: number): void;
};

export const sessionsPort = (ctx: SessionsContext): SessionsPort => ({
  issueSessionToken: (user) => issueSessionToken(ctx, user),
  verifySessionToken: (token) => verifySessionToken(ctx, token),
  signIn: (credentials, ip) => signIn(ctx, credentials, ip),
  signOut: (session) => signOut(ctx, session),
  revokeAllSessions: (userId) => revokeAllSessions(ctx, userId),
  forgetUser: (userId) => forgetUser(ctx, userId),
});
