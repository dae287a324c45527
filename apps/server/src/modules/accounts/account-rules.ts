import {
  ACCOUNT_MESSAGES,
  DEFAULT_LANGUAGE,
  type Language,
  TOKEN_LIFETIME_S,
  type UserResource,
} from '@atelier/contract';
import { isCommonPassword } from '@atelier/contract/common-passwords';
import type { Db, Tx } from '../../db/client';
import { AppError, ValidationError } from '../../lib/app-error';
import { type RateLimiter, rateLimited } from '../../plugins/rate-limit';
import { type UserRow, userById, userResource } from '../users';
import { hashAccountToken, newAccountToken } from './account-tokens';
import type { AccountsContext } from './accounts.context';
import {
  type AccountTokenPurpose,
  type AccountTokenRow,
  findToken,
  insertAccountToken,
  type RegistrationData,
} from './accounts.repository';

// What registration, password resets and account settings share: mailed links, their refusals,
// the paired limits and the account's answer (docs/architecture.md#sessions).

/** The account behind a link or a request: the users module's whole row. */
export type AccountUserRow = UserRow;
type TokenWithUser = { token: AccountTokenRow; user: AccountUserRow };

/**
 * A token by its hash and purpose, with its user, asked of the users module in the same
 * executor (after the token's lock, when `lock` is set); undefined when either is missing.
 */
export async function findTokenWithUser(
  executor: Db | Tx,
  tokenHash: string,
  purpose: AccountTokenPurpose,
  options: { lock?: boolean } = {},
): Promise<TokenWithUser | undefined> {
  const token = await findToken(executor, tokenHash, purpose, options);
  if (!token) return undefined;
  const user = await userById(executor, token.userId);
  return user ? { token, user } : undefined;
}

export const tokenInvalid = () =>
  new AppError(
    'not_found',
    'This link is not valid. Check that you opened the whole link from the e-mail.',
    { reason: 'invalid' },
  );
export const tokenExpired = () =>
  new AppError('gone', 'This link has expired. Ask for a new one.', { reason: 'expired' });
export const tokenUsed = () =>
  new AppError('gone', 'This link has already been used.', { reason: 'used' });

export const fieldError = (field: string, detail: string) =>
  new ValidationError([{ field, detail }]);

/** Refuses a password from the common list with a 422 on `field`. */
export function assertUncommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw fieldError(field, ACCOUNT_MESSAGES.passwordTooCommon);
}

export const asLanguage = (value: string | null | undefined): Language =>
  value === 'ja' ? 'ja' : DEFAULT_LANGUAGE;

/** Counts one request against the IP and the address; the IP's attempt is given back if the address refuses. */
export async function limitPair(
  ipLimiter: RateLimiter,
  keyLimiter: RateLimiter,
  ip: string,
  key: string,
  what: string,
): Promise<void> {
  const byIp = await ipLimiter.hit(ip);
  if (!byIp.allowed) throw rateLimited(byIp.retryAfterS, `${what} from your network`);
  const byKey = await keyLimiter.hit(key);
  if (!byKey.allowed) {
    await ipLimiter.refund(ip);
    throw rateLimited(byKey.retryAfterS, `${what} for this e-mail address`);
  }
}

// Every answer here is about one account, to its owner or an admin: it carries the bio.
export const toResource = (ctx: AccountsContext, user: AccountUserRow): UserResource =>
  userResource(user, (key) => ctx.images.urls(key).thumbUrl, { own: true });

const expiresAt = (ctx: AccountsContext, purpose: AccountTokenPurpose) =>
  new Date(ctx.now().getTime() + TOKEN_LIFETIME_S[purpose] * 1000);

/** Creates a token row and returns the raw token for the mail; only its hash is stored. */
export async function issueToken(
  ctx: AccountsContext,
  tx: Tx,
  token: {
    userId: number;
    purpose: AccountTokenPurpose;
    email: string;
    redirect?: string | null;
    registration?: RegistrationData | null;
  },
): Promise<string> {
  const raw = newAccountToken();
  await insertAccountToken(tx, {
    ...token,
    tokenHash: hashAccountToken(raw),
    expiresAt: expiresAt(ctx, token.purpose),
  });
  return raw;
}

/** The token and its user, refused with the reason the client shows. */
export async function usableToken(
  ctx: AccountsContext,
  executor: Db | Tx,
  raw: string,
  purpose: AccountTokenPurpose,
  lock = false,
): Promise<TokenWithUser> {
  const found = await findTokenWithUser(executor, hashAccountToken(raw), purpose, { lock });
  if (!found) throw tokenInvalid();
  if (found.token.usedAt) throw tokenUsed();
  // A confirmed account has nothing left to confirm, whichever link confirmed it.
  if (purpose === 'confirmation' && found.user.confirmedAt) throw tokenUsed();
  if (found.token.expiresAt.getTime() <= ctx.now().getTime()) throw tokenExpired();
  return found;
}

export async function queueConfirmation(
  ctx: AccountsContext,
  tx: Tx,
  user: AccountUserRow,
  registration: RegistrationData | null,
  redirect: string | null,
): Promise<void> {
  const token = await issueToken(ctx, tx, {
    userId: user.id,
    purpose: 'confirmation',
    email: user.email,
    redirect,
    registration,
  });
  await ctx.mailer.queue(tx, {
    to: user.email,
    locale: asLanguage(registration?.locale ?? user.locale),
    template: 'confirmation',
    params: { name: registration?.name ?? user.name, token },
  });
}
