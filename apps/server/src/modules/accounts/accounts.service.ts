import {
  ACCOUNT_MESSAGES,
  type ChangeEmailBody,
  type ChangePasswordBody,
  DEFAULT_LANGUAGE,
  IMAGE_TOO_LARGE_MESSAGE,
  type Language,
  type RegisterBody,
  TOKEN_LIFETIME_S,
  type UpdateUserFields,
  type UserResource,
} from '@atelier/contract';
import { isCommonPassword } from '@atelier/contract/common-passwords';
import type { Db, Tx } from '../../db/client';
import { AppError, forbidden, notFound, ValidationError } from '../../lib/app-error';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors';
import type { Mailer } from '../../mail/mailer';
import { createRateLimiter, type RateLimiter, rateLimited } from '../../plugins/rate-limit';
import type { RateLimitStore } from '../../plugins/rate-limit-store';
import type { ImageStore } from '../../storage/images';
import { joinGuestHistory } from '../customers';
import { joinGuestOrders } from '../orders';
import {
  confirmUser,
  createUnconfirmedStudent,
  hashPassword,
  type SessionsPort,
  type SessionUser,
  setUserEmail,
  setUserPassword,
  type UserRow,
  updateUserProfile,
  userByEmail,
  userById,
  userResource,
  verifyPassword,
} from '../users';
import { hashAccountToken, newAccountToken } from './account-tokens';
import type { AccountTokenPurpose, RegistrationData } from './accounts.repository';
import {
  type AccountTokenRow,
  findLatestToken,
  findToken,
  insertAccountToken,
  markTokenUsed,
  retireUnusedTokens,
  runInTransaction,
} from './accounts.repository';

/** The account behind a link or a request: the users module's whole row. */
type AccountUserRow = UserRow;
type TokenWithUser = { token: AccountTokenRow; user: AccountUserRow };

/**
 * A token by its hash and purpose, with its user, asked of the users module in the same
 * executor (after the token's lock, when `lock` is set); undefined when either is missing.
 */
async function findTokenWithUser(
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

export type AccountsServiceDeps = {
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

/** Who is acting: the signed-in user. */
export type Actor = Pick<SessionUser, 'id' | 'role'>;

export type AvatarUpload = { data: Buffer } | { tooLarge: true };

const tokenInvalid = () =>
  new AppError(
    'not_found',
    'This link is not valid. Check that you opened the whole link from the e-mail.',
    { reason: 'invalid' },
  );
const tokenExpired = () =>
  new AppError('gone', 'This link has expired. Ask for a new one.', { reason: 'expired' });
const tokenUsed = () =>
  new AppError('gone', 'This link has already been used.', { reason: 'used' });

const fieldError = (field: string, detail: string) => new ValidationError([{ field, detail }]);

/** Refuses a password from the common list with a 422 on `field`. */
function assertUncommonPassword(password: string, field = 'password'): void {
  if (isCommonPassword(password)) throw fieldError(field, ACCOUNT_MESSAGES.passwordTooCommon);
}

const asLanguage = (value: string | null | undefined): Language =>
  value === 'ja' ? 'ja' : DEFAULT_LANGUAGE;

export function createAccountsService(deps: AccountsServiceDeps) {
  const { db, mailer, sessions, images } = deps;
  const now = deps.now ?? (() => new Date());
  const limiter = (name: AccountLimiterName) =>
    deps.limiters?.[name] ??
    createRateLimiter({ ...ACCOUNT_LIMITS[name], name: `accounts:${name}` }, deps.rateLimits);
  const limiters = Object.fromEntries(
    (Object.keys(ACCOUNT_LIMITS) as AccountLimiterName[]).map((name) => [name, limiter(name)]),
  ) as Record<AccountLimiterName, RateLimiter>;

  /** Counts one request against the IP and the address; the IP's attempt is given back if the address refuses. */
  async function limitPair(
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

  const avatarUrl = (key: string) => images.urls(key).thumbUrl;
  // Every answer here is about one account, to its owner or an admin: it carries the bio.
  const toResource = (user: AccountUserRow): UserResource =>
    userResource(user, avatarUrl, { own: true });

  const expiresAt = (purpose: AccountTokenPurpose) =>
    new Date(now().getTime() + TOKEN_LIFETIME_S[purpose] * 1000);

  /** Creates a token row and returns the raw token for the mail; only its hash is stored. */
  async function issueToken(
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
      expiresAt: expiresAt(token.purpose),
    });
    return raw;
  }

  /** The token and its user, refused with the reason the client shows. */
  async function usableToken(
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
    if (found.token.expiresAt.getTime() <= now().getTime()) throw tokenExpired();
    return found;
  }

  async function queueConfirmation(
    tx: Tx,
    user: AccountUserRow,
    registration: RegistrationData | null,
    redirect: string | null,
  ): Promise<void> {
    const token = await issueToken(tx, {
      userId: user.id,
      purpose: 'confirmation',
      email: user.email,
      redirect,
      registration,
    });
    await mailer.queue(tx, {
      to: user.email,
      locale: asLanguage(registration?.locale ?? user.locale),
      template: 'confirmation',
      params: { name: registration?.name ?? user.name, token },
    });
  }

  function assertMayChange(actor: Actor, userId: number): void {
    if (actor.id !== userId && actor.role !== 'admin') {
      throw forbidden('You may only change your own account.');
    }
  }

  async function targetUser(actor: Actor, userId: number): Promise<AccountUserRow> {
    assertMayChange(actor, userId);
    const user = await userById(db, userId);
    if (!user) throw notFound('User');
    return user;
  }

  /** Checks `current_password` of the actor's own account, under a per-account limit. */
  async function assertCurrentPassword(user: AccountUserRow, password: string | undefined) {
    if (!password) throw fieldError('current_password', ACCOUNT_MESSAGES.required);
    const key = String(user.id);
    const hit = await limiters.passwordCheckPerAccount.hit(key);
    if (!hit.allowed) throw rateLimited(hit.retryAfterS, 'password attempts for this account');
    if (!(await verifyPassword(user.passwordHash, password))) {
      throw fieldError('current_password', ACCOUNT_MESSAGES.passwordIncorrect);
    }
    await limiters.passwordCheckPerAccount.reset(key);
  }

  return {
    /**
     * Registration. Always answers the same: a new address gets an unconfirmed student and a
     * confirmation link; an unconfirmed one gets a new link carrying this registration's data; a
     * confirmed one gets "you already have an account". The password is hashed in every case,
     * so the answer takes as long whichever it was.
     */
    async register(body: RegisterBody, ip: string): Promise<{ email: string }> {
      const { user: input, query } = body;
      assertUncommonPassword(input.password);
      await limitPair(
        limiters.registerPerIp,
        limiters.registerPerEmail,
        ip,
        input.email,
        'registrations',
      );
      const registration: RegistrationData = {
        passwordHash: await hashPassword(input.password),
        name: input.name,
        timezone: input.timezone,
        locale: input.locale ?? null,
      };
      const redirect = query?.redirect ?? null;

      const attempt = () =>
        runInTransaction(db, async (tx) => {
          const existing = await userByEmail(tx, input.email);
          if (existing?.confirmedAt) {
            await mailer.queue(tx, {
              to: existing.email,
              locale: asLanguage(existing.locale),
              template: 'already_registered',
              params: { name: existing.name },
            });
            return;
          }
          const user =
            existing ??
            (await createUnconfirmedStudent(tx, { email: input.email, ...registration }));
          await queueConfirmation(tx, user, registration, redirect);
        });
      try {
        await attempt();
      } catch (error) {
        // Two registrations of one new address at once: the loser finds the winner's row.
        if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
        await attempt();
      }
      mailer.wake();
      return { email: input.email };
    },

    async checkConfirmationToken(raw: string) {
      const { token, user } = await usableToken(db, raw, 'confirmation');
      return {
        id: raw,
        type: 'user_tokens' as const,
        attributes: {
          email: user.email,
          name: token.registration?.name ?? user.name,
          expires_at: token.expiresAt.toISOString(),
          redirect: token.redirect,
        },
      };
    },

    /** Confirms the address, applies the registration and signs in. */
    async confirm(raw: string): Promise<{ jwt: string; redirect: string | null }> {
      const { user, redirect } = await runInTransaction(db, async (tx) => {
        const { token } = await usableToken(tx, raw, 'confirmation', true);
        const at = now();
        await markTokenUsed(tx, token.id, at);
        await retireUnusedTokens(tx, token.userId, 'confirmation', at);
        const confirmed = await confirmUser(tx, token.userId, at, token.registration);
        // The address is proven now: a walk-in's history with it joins the account
        // (docs/product.md#customers), in the same transaction.
        const joined = await joinGuestHistory(tx, confirmed.id, confirmed.email);
        await joinGuestOrders(tx, joined, confirmed.id);
        return { user: confirmed, redirect: token.redirect };
      });
      return { jwt: await sessions.issueSessionToken(user), redirect };
    },

    /** A new confirmation link for an unconfirmed address; the answer never says which. */
    async resendConfirmation(email: string, ip: string): Promise<{ email: string }> {
      await limitPair(
        limiters.resendPerIp,
        limiters.resendPerEmail,
        ip,
        email,
        'confirmation e-mails',
      );
      await runInTransaction(db, async (tx) => {
        const user = await userByEmail(tx, email);
        if (!user || user.confirmedAt) return;
        const latest = await findLatestToken(tx, user.id, 'confirmation');
        await queueConfirmation(tx, user, latest?.registration ?? null, latest?.redirect ?? null);
      });
      mailer.wake();
      return { email };
    },

    /**
     * A new link for the holder of an expired (or lost-race) confirmation link. The token proves
     * the holder read that mailbox, so answering per token reveals nothing new.
     */
    async resendConfirmationForToken(raw: string, ip: string): Promise<{ email: string }> {
      const found = await findTokenWithUser(db, hashAccountToken(raw), 'confirmation');
      if (!found) throw tokenInvalid();
      if (found.user.confirmedAt) throw tokenUsed();
      await limitPair(
        limiters.resendPerIp,
        limiters.resendPerEmail,
        ip,
        found.user.email,
        'confirmation e-mails',
      );
      await runInTransaction(db, async (tx) => {
        const latest = await findLatestToken(tx, found.user.id, 'confirmation');
        await queueConfirmation(
          tx,
          found.user,
          latest?.registration ?? found.token.registration,
          latest?.redirect ?? found.token.redirect,
        );
      });
      mailer.wake();
      return { email: found.user.email };
    },

    /** Mails a reset link when the address has an account; answers the same either way. */
    async requestPasswordReset(email: string, ip: string): Promise<{ email: string }> {
      await limitPair(limiters.resetPerIp, limiters.resetPerEmail, ip, email, 'password resets');
      await runInTransaction(db, async (tx) => {
        const user = await userByEmail(tx, email);
        if (!user) return;
        // Only the newest link works: an older mail lying around is no way in.
        await retireUnusedTokens(tx, user.id, 'password_reset', now());
        const token = await issueToken(tx, {
          userId: user.id,
          purpose: 'password_reset',
          email: user.email,
        });
        await mailer.queue(tx, {
          to: user.email,
          locale: asLanguage(user.locale),
          template: 'password_reset',
          params: { name: user.name, token },
        });
      });
      mailer.wake();
      return { email };
    },

    async checkPasswordReset(raw: string) {
      const { token, user } = await usableToken(db, raw, 'password_reset');
      return {
        id: raw,
        type: 'password_resets' as const,
        attributes: { email: user.email, expires_at: token.expiresAt.toISOString() },
      };
    },

    /**
     * Sets the new password, confirms the address (the link proved the mailbox), signs out every
     * session and signs in afresh.
     */
    async resetPassword(raw: string, password: string): Promise<{ jwt: string }> {
      // Refuse a bad link before paying for a hash.
      await usableToken(db, raw, 'password_reset');
      assertUncommonPassword(password);
      const passwordHash = await hashPassword(password);
      const user = await runInTransaction(db, async (tx) => {
        const { token, user } = await usableToken(tx, raw, 'password_reset', true);
        const at = now();
        await markTokenUsed(tx, token.id, at);
        await retireUnusedTokens(tx, user.id, 'password_reset', at);
        await setUserPassword(tx, user.id, passwordHash, at, { confirm: true });
        if (!user.confirmedAt) await retireUnusedTokens(tx, user.id, 'confirmation', at);
        await mailer.queue(tx, {
          to: user.email,
          locale: asLanguage(user.locale),
          template: 'password_changed',
          params: { name: user.name },
        });
        return user;
      });
      mailer.wake();
      await sessions.revokeAllSessions(user.id);
      return { jwt: await sessions.issueSessionToken(user) };
    },

    /** Name, time zone, language, avatar and bio of one account (own, or any for an admin). */
    async updateUser(
      actor: Actor,
      userId: number,
      fields: UpdateUserFields,
      avatar: AvatarUpload | undefined,
    ): Promise<UserResource> {
      const user = await targetUser(actor, userId);
      // Only staff are shown on the public instructors page; a family's bio would be shown nowhere,
      // so it is refused rather than silently kept (docs/product.md#public-site).
      if (fields.bio !== undefined && user.role === 'student') {
        throw fieldError('bio', ACCOUNT_MESSAGES.bioNotAllowed);
      }
      if (avatar && 'tooLarge' in avatar) throw fieldError('avatar', IMAGE_TOO_LARGE_MESSAGE);
      const stored = avatar
        ? await images.storeImage(avatar.data, { kind: 'avatars', field: 'avatar' })
        : undefined;
      const removing = fields.remove_avatar === 'true';
      const changes = {
        ...(fields.name !== undefined ? { name: fields.name } : {}),
        ...(fields.timezone !== undefined ? { timezone: fields.timezone } : {}),
        ...(fields.locale !== undefined ? { locale: fields.locale } : {}),
        ...(fields.class_reminders !== undefined ? { classReminders: fields.class_reminders } : {}),
        ...(fields.bio !== undefined ? { bio: fields.bio === '' ? null : fields.bio } : {}),
        ...(stored ? { avatarKey: stored.key } : removing ? { avatarKey: null } : {}),
      };
      let updated: AccountUserRow | undefined;
      try {
        updated = await updateUserProfile(db, user.id, changes, now());
      } catch (error) {
        if (stored) await images.deleteImage(stored.key);
        throw error;
      }
      if (!updated) {
        if (stored) await images.deleteImage(stored.key);
        throw notFound('User');
      }
      // Signed-in requests see the new name, language and picture at once.
      sessions.forgetUser(user.id);
      // The old picture is unreachable now; a failed delete only leaves an orphan file.
      if (user.avatarKey && user.avatarKey !== updated.avatarKey) {
        await images.deleteImage(user.avatarKey).catch(() => undefined);
      }
      return toResource(updated);
    },

    /**
     * Starts an e-mail change: the new address gets a confirmation link and nothing changes
     * until it is opened. An address that already has an account gets a notice instead, and the
     * answer is the same, so this cannot probe for accounts either.
     */
    async requestEmailChange(
      actor: Actor,
      userId: number,
      body: ChangeEmailBody,
    ): Promise<{ user: UserResource; pendingEmail: string }> {
      const user = await targetUser(actor, userId);
      if (actor.id === user.id) await assertCurrentPassword(user, body.current_password);
      if (body.email === user.email) throw fieldError('email', ACCOUNT_MESSAGES.emailUnchanged);
      await runInTransaction(db, async (tx) => {
        const owner = await userByEmail(tx, body.email);
        if (owner) {
          await mailer.queue(tx, {
            to: body.email,
            locale: asLanguage(owner.locale),
            template: 'email_taken',
            params: {},
          });
          return;
        }
        await retireUnusedTokens(tx, user.id, 'email_change', now());
        const token = await issueToken(tx, {
          userId: user.id,
          purpose: 'email_change',
          email: body.email,
        });
        await mailer.queue(tx, {
          to: body.email,
          locale: asLanguage(user.locale),
          template: 'email_change_confirm',
          params: { name: user.name, token, newEmail: body.email },
        });
      });
      mailer.wake();
      return { user: toResource(user), pendingEmail: body.email };
    },

    /** Applies an e-mail change from the mailed link and tells the old address. */
    async applyEmailChange(raw: string): Promise<UserResource> {
      try {
        const updated = await runInTransaction(db, async (tx) => {
          const { token, user } = await usableToken(tx, raw, 'email_change', true);
          const at = now();
          await markTokenUsed(tx, token.id, at);
          const changed = await setUserEmail(tx, user.id, token.email, at);
          if (!changed) throw notFound('User');
          await mailer.queue(tx, {
            to: user.email,
            locale: asLanguage(user.locale),
            template: 'email_changed',
            params: { name: user.name, newEmail: token.email },
          });
          return changed;
        });
        mailer.wake();
        sessions.forgetUser(updated.id);
        return toResource(updated);
      } catch (error) {
        // Someone registered the address between the request and the click.
        if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
          throw new AppError(
            'conflict',
            'This e-mail address already belongs to another account.',
            { reason: 'email_taken' },
          );
        }
        throw error;
      }
    },

    /**
     * Changes one's own password: the current one is required, every other session is signed
     * out, and the caller gets a fresh token. Not offered for other people's accounts, even to
     * admins: an admin who could set a password could take an account over unnoticed; the
     * owner can reset it by mail instead.
     */
    async changePassword(
      actor: Actor,
      userId: number,
      body: ChangePasswordBody,
    ): Promise<{ jwt: string }> {
      if (actor.id !== userId) throw forbidden('You may only change your own password.');
      const user = await userById(db, userId);
      if (!user) throw notFound('User');
      await assertCurrentPassword(user, body.current_password);
      assertUncommonPassword(body.password);
      const passwordHash = await hashPassword(body.password);
      await runInTransaction(db, async (tx) => {
        await setUserPassword(tx, user.id, passwordHash, now(), { confirm: false });
        await mailer.queue(tx, {
          to: user.email,
          locale: asLanguage(user.locale),
          template: 'password_changed',
          params: { name: user.name },
        });
      });
      mailer.wake();
      await sessions.revokeAllSessions(user.id);
      return { jwt: await sessions.issueSessionToken(user) };
    },
  };
}

export type AccountsService = ReturnType<typeof createAccountsService>;
