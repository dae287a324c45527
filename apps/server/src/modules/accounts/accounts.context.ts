import type { Db } from '../../db/client';
import type { Mailer } from '../../mail/mailer';
import { createRateLimiter, type RateLimiter } from '../../plugins/rate-limit';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import type { ImageStore } from '../../storage/images';
import type { SessionsPort } from '../users';

const MINUTE_MS = 60_000;
/**
 * Limits on requests that send mail or check a password, per client IP and per target address
 * (or account). Mail requests are limited so nobody can use the school to flood a mailbox; they
 * are the same for known and unknown addresses, so a 429 tells nothing about accounts either.
 * Password checks (current_password) are limited per account against guessing with a stolen
 * session.
 */
export const ACCOUNT_LIMITS = {
  registerPerIp: { limit: 20, windowMs: 60 * MINUTE_MS },
  registerPerEmail: { limit: 5, windowMs: 60 * MINUTE_MS },
  resendPerIp: { limit: 10, windowMs: 15 * MINUTE_MS },
  resendPerEmail: { limit: 3, windowMs: 15 * MINUTE_MS },
  resetPerIp: { limit: 10, windowMs: 15 * MINUTE_MS },
  resetPerEmail: { limit: 3, windowMs: 15 * MINUTE_MS },
  passwordCheckPerAccount: { limit: 10, windowMs: 15 * MINUTE_MS },
} as const;
export type AccountLimiterName = keyof typeof ACCOUNT_LIMITS;

/** What the accounts services need from the app (docs/architecture.md#sessions). */
export type AccountsContext = {
  db: Db;
  mailer: Mailer;
  sessions: Pick<SessionsPort, 'issueSessionToken' | 'revokeAllSessions' | 'forgetUser'>;
  images: Pick<ImageStore, 'storeImage' | 'deleteImage' | 'urls'>;
  /** The clock, replaceable in tests. */
  now: () => Date;
  limiters: Record<AccountLimiterName, RateLimiter>;
};

export type AccountsDeps = {
  db: Db;
  mailer: Mailer;
  sessions: Pick<SessionsPort, 'issueSessionToken' | 'revokeAllSessions' | 'forgetUser'>;
  images: Pick<ImageStore, 'storeImage' | 'deleteImage' | 'urls'>;
  /** The clock, replaceable in tests. */
  now?: () => Date;
  /** Where the limits count: the app's store (`app.rateLimits`), or memory of their own. */
  rateLimits?: RateLimitStore;
  /** Replaces single limiters (tests). */
  limiters?: Partial<Record<AccountLimiterName, RateLimiter>>;
};

/** The accounts context: the limits count in `rateLimits` (the app's store) unless replaced. */
export function accountsContextOf(deps: AccountsDeps): AccountsContext {
  const limiter = (name: AccountLimiterName) =>
    deps.limiters?.[name] ??
    createRateLimiter({ ...ACCOUNT_LIMITS[name], name: `accounts:${name}` }, deps.rateLimits);
  const limiters = Object.fromEntries(
    (Object.keys(ACCOUNT_LIMITS) as AccountLimiterName[]).map((name) => [name, limiter(name)]),
  ) as Record<AccountLimiterName, RateLimiter>;
  return {
    db: deps.db,
    mailer: deps.mailer,
    sessions: deps.sessions,
    images: deps.images,
    now: deps.now ?? (() => new Date()),
    limiters,
  };
}
