import {
  ACCOUNT_MESSAGES,
  type ChangeEmailBody,
  type ChangePasswordBody,
  IMAGE_TOO_LARGE_MESSAGE,
  type UpdateUserFields,
  type UserResource,
} from '@atelier/contract';
import { AppError, forbidden, notFound } from '../../lib/app-error';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors';
import { storedTranslations } from '../../lib/translated-content';
import { rateLimited } from '../../plugins/rate-limit';
import {
  hashPassword,
  type SessionUser,
  setUserEmail,
  setUserPassword,
  updateUserProfile,
  userByEmail,
  userById,
  verifyPassword,
} from '../users';
import {
  type AccountUserRow,
  asLanguage,
  assertUncommonPassword,
  fieldError,
  issueToken,
  toResource,
  usableToken,
} from './account-rules';
import type { AccountsContext } from './accounts.context';
import { markTokenUsed, retireUnusedTokens, runInTransaction } from './accounts.repository';

/** Who is acting: the signed-in user. */
export type Actor = Pick<SessionUser, 'id' | 'role'>;

export type AvatarUpload = { data: Buffer } | { tooLarge: true };

function assertMayChange(actor: Actor, userId: number): void {
  if (actor.id !== userId && actor.role !== 'admin') {
    throw forbidden('You may only change your own account.');
  }
}

async function targetUser(
  ctx: AccountsContext,
  actor: Actor,
  userId: number,
): Promise<AccountUserRow> {
  assertMayChange(actor, userId);
  const user = await userById(ctx.db, userId);
  if (!user) throw notFound('User');
  return user;
}

/** Checks `current_password` of the actor's own account, under a per-account limit. */
async function assertCurrentPassword(
  ctx: AccountsContext,
  user: AccountUserRow,
  password: string | undefined,
) {
  if (!password) throw fieldError('current_password', ACCOUNT_MESSAGES.required);
  const key = String(user.id);
  const hit = await ctx.limiters.passwordCheckPerAccount.hit(key);
  if (!hit.allowed) throw rateLimited(hit.retryAfterS, 'password attempts for this account');
  if (!(await verifyPassword(user.passwordHash, password))) {
    throw fieldError('current_password', ACCOUNT_MESSAGES.passwordIncorrect);
  }
  await ctx.limiters.passwordCheckPerAccount.reset(key);
}

/** Name, time zone, language, avatar and bio (in each language) of one account (own, or any for an admin). */
export async function updateUser(
  ctx: AccountsContext,
  actor: Actor,
  userId: number,
  fields: UpdateUserFields,
  avatar: AvatarUpload | undefined,
): Promise<UserResource> {
  const user = await targetUser(ctx, actor, userId);
  // Only staff are shown on the public instructors page; a family's bio would be shown nowhere,
  // so it is refused rather than silently kept (docs/product.md#public-site).
  if (fields.bio !== undefined && user.role === 'student') {
    throw fieldError('bio', ACCOUNT_MESSAGES.bioNotAllowed);
  }
  if (fields.translations?.ja?.bio !== undefined && user.role === 'student') {
    throw fieldError('translations.ja.bio', ACCOUNT_MESSAGES.bioNotAllowed);
  }
  if (avatar && 'tooLarge' in avatar) throw fieldError('avatar', IMAGE_TOO_LARGE_MESSAGE);
  const stored = avatar
    ? await ctx.images.storeImage(avatar.data, { kind: 'avatars', field: 'avatar' })
    : undefined;
  const removing = fields.remove_avatar === 'true';
  const changes = {
    ...(fields.name !== undefined ? { name: fields.name } : {}),
    ...(fields.timezone !== undefined ? { timezone: fields.timezone } : {}),
    ...(fields.locale !== undefined ? { locale: fields.locale } : {}),
    ...(fields.class_reminders !== undefined ? { classReminders: fields.class_reminders } : {}),
    ...(fields.bio !== undefined ? { bio: fields.bio === '' ? null : fields.bio } : {}),
    // Replaced as a whole, as admin bodies replace theirs (docs/architecture.md#translated-content).
    ...(fields.translations !== undefined
      ? { translations: storedTranslations(fields.translations) }
      : {}),
    ...(stored ? { avatarKey: stored.key } : removing ? { avatarKey: null } : {}),
  };
  let updated: AccountUserRow | undefined;
  try {
    updated = await updateUserProfile(ctx.db, user.id, changes, ctx.now());
  } catch (error) {
    if (stored) await ctx.images.deleteImage(stored.key);
    throw error;
  }
  if (!updated) {
    if (stored) await ctx.images.deleteImage(stored.key);
    throw notFound('User');
  }
  // Signed-in requests see the new name, language and picture at once.
  ctx.sessions.forgetUser(user.id);
  // The old picture is unreachable now; a failed delete only leaves an orphan file.
  if (user.avatarKey && user.avatarKey !== updated.avatarKey) {
    await ctx.images.deleteImage(user.avatarKey).catch(() => undefined);
  }
  return toResource(ctx, updated);
}

/**
 * Starts an e-mail change: the new address gets a confirmation link and nothing changes
 * until it is opened. An address that already has an account gets a notice instead, and the
 * answer is the same, so this cannot probe for accounts either.
 */
export async function requestEmailChange(
  ctx: AccountsContext,
  actor: Actor,
  userId: number,
  body: ChangeEmailBody,
): Promise<{ user: UserResource; pendingEmail: string }> {
  const user = await targetUser(ctx, actor, userId);
  if (actor.id === user.id) await assertCurrentPassword(ctx, user, body.current_password);
  if (body.email === user.email) throw fieldError('email', ACCOUNT_MESSAGES.emailUnchanged);
  await runInTransaction(ctx.db, async (tx) => {
    const owner = await userByEmail(tx, body.email);
    if (owner) {
      await ctx.mailer.queue(tx, {
        to: body.email,
        locale: asLanguage(owner.locale),
        template: 'email_taken',
        params: {},
      });
      return;
    }
    await retireUnusedTokens(tx, user.id, 'email_change', ctx.now());
    const token = await issueToken(ctx, tx, {
      userId: user.id,
      purpose: 'email_change',
      email: body.email,
    });
    await ctx.mailer.queue(tx, {
      to: body.email,
      locale: asLanguage(user.locale),
      template: 'email_change_confirm',
      params: { name: user.name, token, newEmail: body.email },
    });
  });
  ctx.mailer.wake();
  return { user: toResource(ctx, user), pendingEmail: body.email };
}

/** Applies an e-mail change from the mailed link and tells the old address. */
export async function applyEmailChange(ctx: AccountsContext, raw: string): Promise<UserResource> {
  try {
    const updated = await runInTransaction(ctx.db, async (tx) => {
      const { token, user } = await usableToken(ctx, tx, raw, 'email_change', true);
      const at = ctx.now();
      await markTokenUsed(tx, token.id, at);
      const changed = await setUserEmail(tx, user.id, token.email, at);
      if (!changed) throw notFound('User');
      await ctx.mailer.queue(tx, {
        to: user.email,
        locale: asLanguage(user.locale),
        template: 'email_changed',
        params: { name: user.name, newEmail: token.email },
      });
      return changed;
    });
    ctx.mailer.wake();
    ctx.sessions.forgetUser(updated.id);
    return toResource(ctx, updated);
  } catch (error) {
    // Someone registered the address between the request and the click.
    if (pgErrorCode(error) === PG_UNIQUE_VIOLATION) {
      throw new AppError('conflict', 'This e-mail address already belongs to another account.', {
        reason: 'email_taken',
      });
    }
    throw error;
  }
}

/**
 * Changes one's own password: the current one is required, every other session is signed
 * out, and the caller gets a fresh token. Not offered for other people's accounts, even to
 * admins: an admin who could set a password could take an account over unnoticed; the
 * owner can reset it by mail instead.
 */
export async function changePassword(
  ctx: AccountsContext,
  actor: Actor,
  userId: number,
  body: ChangePasswordBody,
): Promise<{ jwt: string }> {
  if (actor.id !== userId) throw forbidden('You may only change your own password.');
  const user = await userById(ctx.db, userId);
  if (!user) throw notFound('User');
  await assertCurrentPassword(ctx, user, body.current_password);
  assertUncommonPassword(body.password);
  const passwordHash = await hashPassword(body.password);
  await runInTransaction(ctx.db, async (tx) => {
    await setUserPassword(tx, user.id, passwordHash, ctx.now(), { confirm: false });
    await ctx.mailer.queue(tx, {
      to: user.email,
      locale: asLanguage(user.locale),
      template: 'password_changed',
      params: { name: user.name },
    });
  });
  ctx.mailer.wake();
  await ctx.sessions.revokeAllSessions(user.id);
  return { jwt: await ctx.sessions.issueSessionToken(user) };
}
