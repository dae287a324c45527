import { randomUUID, webcrypto } from 'node:crypto';
import {
  type Role,
  SESSION_LIFETIME_S,
  type SessionClaims,
  sessionClaimsSchema,
} from '@atelier/contract';
import { errors, jwtVerify, SignJWT } from 'jose';
import { AppError } from '../../lib/app-error';

/** The only algorithm a session token may use (docs/architecture.md#sessions). */
export const SESSION_ALGORITHM = 'HS256';

/** The HMAC key of session tokens, imported once: re-importing it per request costs throughput. */
export type SessionKey = webcrypto.CryptoKey;

export function importSessionKey(secret: string): Promise<SessionKey> {
  return webcrypto.subtle.importKey(
    'raw',
    new TextEncoder().encode(secret),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign', 'verify'],
  );
}

/** Who a token is issued to. */
export type TokenSubject = { id: number; role: Role };

/**
 * Signs a session token for `subject`, valid SESSION_LIFETIME_S from `nowMs`. `iat` keeps its
 * milliseconds (see sessionClaimsSchema) so "sign out everywhere" can order tokens of the same
 * second; `exp` is whole seconds, as clients read it.
 */
export function signSessionToken(
  key: SessionKey,
  subject: TokenSubject,
  nowMs: number = Date.now(),
): Promise<string> {
  return new SignJWT({ role: subject.role })
    .setProtectedHeader({ alg: SESSION_ALGORITHM, typ: 'JWT' })
    .setSubject(String(subject.id))
    .setIssuedAt(nowMs / 1000)
    .setExpirationTime(Math.floor(nowMs / 1000) + SESSION_LIFETIME_S)
    .setJti(randomUUID())
    .sign(key);
}

export const sessionExpired = () =>
  new AppError('unauthorized', 'Your session has expired. Please sign in again.');
export const sessionInvalid = () =>
  new AppError('unauthorized', 'Your session is not valid. Please sign in again.');

/**
 * Checks a token's signature, algorithm and expiry and returns its claims. Pinning the algorithm
 * list refuses `alg: none` and algorithm-swapped tokens whatever their signature says. This does
 * not know about revocation: verifySessionToken (session.service.ts) adds that.
 */
export async function readSessionClaims(
  key: SessionKey,
  token: string,
  nowMs: number = Date.now(),
): Promise<SessionClaims> {
  let payload: unknown;
  try {
    ({ payload } = await jwtVerify(token, key, {
      algorithms: [SESSION_ALGORITHM],
      currentDate: new Date(nowMs),
      requiredClaims: ['sub', 'iat', 'exp', 'jti'],
    }));
  } catch (error) {
    if (error instanceof errors.JWTExpired) throw sessionExpired();
    throw sessionInvalid();
  }
  const claims = sessionClaimsSchema.safeParse(payload);
  // The contract refuses a `sub` that is not a database id (only a forged token has one).
  if (!claims.success) throw sessionInvalid();
  return claims.data;
}

/** Past half its life a token is replaced on the next response, so active users stay signed in. */
export function isPastHalfLife(claims: SessionClaims, nowMs: number = Date.now()): boolean {
  return nowMs / 1000 >= claims.iat + (claims.exp - claims.iat) / 2;
}
