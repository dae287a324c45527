import { hashPassword, setUserPassword, userByEmail } from '../users';
import {
  asLanguage,
  assertUncommonPassword,
  issueToken,
  limitPair,
  usableToken,
} from './account-rules';
import type { AccountsContext } from './accounts.context';
import { markTokenUsed, retireUnusedTokens, runInTransaction } from './accounts.repository';

/** Mails a reset link when the address has an account; answers the same either way. */
export async function requestPasswordReset(
  ctx: AccountsContext,
  email: string,
  ip: string,
): Promise<{ email: string }> {
  await limitPair(
    ctx.limiters.resetPerIp,
    ctx.limiters.resetPerEmail,
    ip,
    email,
    'password resets',
  );
  await runInTransaction(ctx.db, async (tx) => {
    const user = await userByEmail(tx, email);
    if (!user) return;
    // Only the newest link works: an older mail lying around is no way in.
    await retireUnusedTokens(tx, user.id, 'password_reset', ctx.now());
    const token = await issueToken(ctx, tx, {
      userId: user.id,
      purpose: 'password_reset',
      email: user.email,
    });
    await ctx.mailer.queue(tx, {
      to: user.email,
      locale: asLanguage(user.locale),
      template: 'password_reset',
      params: { name: user.name, token },
    });
  });
  ctx.mailer.wake();
  return { email };
}

export async function checkPasswordReset(ctx: AccountsContext, raw: string) {
  const { token, user } = await usableToken(ctx, ctx.db, raw, 'password_reset');
  return {
    id: raw,
    type: 'password_resets' as const,
    attributes: { email: user.email, expires_at: token.expiresAt.toISOString() },
  };
}

/**
 * Sets the new password, confirms the address (the link proved the mailbox), signs out every
 * session and signs in afresh.
 */
export async function resetPassword(
  ctx: AccountsContext,
  raw: string,
  password: string,
): Promise<{ jwt: string }> {
  // Refuse a bad link before paying for a hash.
  await usableToken(ctx, ctx.db, raw, 'password_reset');
  assertUncommonPassword(password);
  const passwordHash = await hashPassword(password);
  const user = await runInTransaction(ctx.db, async (tx) => {
    const { token, user } = await usableToken(ctx, tx, raw, 'password_reset', true);
    const at = ctx.now();
    await markTokenUsed(tx, token.id, at);
    await retireUnusedTokens(tx, user.id, 'password_reset', at);
    await setUserPassword(tx, user.id, passwordHash, at, { confirm: true });
    if (!user.confirmedAt) await retireUnusedTokens(tx, user.id, 'confirmation', at);
    await ctx.mailer.queue(tx, {
      to: user.email,
      locale: asLanguage(user.locale),
      template: 'password_changed',
      params: { name: user.name },
    });
    return user;
  });
  ctx.mailer.wake();
  await ctx.sessions.revokeAllSessions(user.id);
  return { jwt: await ctx.sessions.issueSessionToken(user) };
}
