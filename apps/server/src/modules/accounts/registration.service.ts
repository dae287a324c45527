import type { RegisterBody } from '@atelier/contract';
import { PG_UNIQUE_VIOLATION, pgErrorCode } from '../../lib/pg-errors';
import { joinGuestHistory } from '../customers';
import { joinGuestOrders } from '../orders';
import { confirmUser, createUnconfirmedStudent, hashPassword, userByEmail } from '../users';
import {
  asLanguage,
  assertUncommonPassword,
  findTokenWithUser,
  limitPair,
  queueConfirmation,
  tokenInvalid,
  tokenUsed,
  usableToken,
} from './account-rules';
import { hashAccountToken } from './account-tokens';
import type { AccountsContext } from './accounts.context';
import {
  findLatestToken,
  markTokenUsed,
  type RegistrationData,
  retireUnusedTokens,
  runInTransaction,
} from './accounts.repository';

/**
 * Registration. Always answers the same: a new address gets an unconfirmed student and a
 * confirmation link; an unconfirmed one gets a new link carrying this registration's data; a
 * confirmed one gets "you already have an account". The password is hashed in every case,
 * so the answer takes as long whichever it was.
 */
export async function register(
  ctx: AccountsContext,
  body: RegisterBody,
  ip: string,
): Promise<{ email: string }> {
  const { user: input, query } = body;
  assertUncommonPassword(input.password);
  await limitPair(
    ctx.limiters.registerPerIp,
    ctx.limiters.registerPerEmail,
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
    runInTransaction(ctx.db, async (tx) => {
      const existing = await userByEmail(tx, input.email);
      if (existing?.confirmedAt) {
        await ctx.mailer.queue(tx, {
          to: existing.email,
          locale: asLanguage(existing.locale),
          template: 'already_registered',
          params: { name: existing.name },
        });
        return;
      }
      const user =
        existing ?? (await createUnconfirmedStudent(tx, { email: input.email, ...registration }));
      await queueConfirmation(ctx, tx, user, registration, redirect);
    });
  try {
    await attempt();
  } catch (error) {
    // Two registrations of one new address at once: the loser finds the winner's row.
    if (pgErrorCode(error) !== PG_UNIQUE_VIOLATION) throw error;
    await attempt();
  }
  ctx.mailer.wake();
  return { email: input.email };
}

export async function checkConfirmationToken(ctx: AccountsContext, raw: string) {
  const { token, user } = await usableToken(ctx, ctx.db, raw, 'confirmation');
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
}

/** Confirms the address, applies the registration and signs in. */
export async function confirmAddress(
  ctx: AccountsContext,
  raw: string,
): Promise<{ jwt: string; redirect: string | null }> {
  const { user, redirect } = await runInTransaction(ctx.db, async (tx) => {
    const { token } = await usableToken(ctx, tx, raw, 'confirmation', true);
    const at = ctx.now();
    await markTokenUsed(tx, token.id, at);
    await retireUnusedTokens(tx, token.userId, 'confirmation', at);
    const confirmed = await confirmUser(tx, token.userId, at, token.registration);
    // The address is proven now: a walk-in's history with it joins the account
    // (docs/product.md#customers), in the same transaction.
    const joined = await joinGuestHistory(tx, confirmed.id, confirmed.email);
    await joinGuestOrders(tx, joined, confirmed.id);
    return { user: confirmed, redirect: token.redirect };
  });
  return { jwt: await ctx.sessions.issueSessionToken(user), redirect };
}

/** A new confirmation link for an unconfirmed address; the answer never says which. */
export async function resendConfirmation(
  ctx: AccountsContext,
  email: string,
  ip: string,
): Promise<{ email: string }> {
  await limitPair(
    ctx.limiters.resendPerIp,
    ctx.limiters.resendPerEmail,
    ip,
    email,
    'confirmation e-mails',
  );
  await runInTransaction(ctx.db, async (tx) => {
    const user = await userByEmail(tx, email);
    if (!user || user.confirmedAt) return;
    const latest = await findLatestToken(tx, user.id, 'confirmation');
    await queueConfirmation(ctx, tx, user, latest?.registration ?? null, latest?.redirect ?? null);
  });
  ctx.mailer.wake();
  return { email };
}

/**
 * A new link for the holder of an expired (or lost-race) confirmation link. The token proves
 * the holder read that mailbox, so answering per token reveals nothing new.
 */
export async function resendConfirmationForToken(
  ctx: AccountsContext,
  raw: string,
  ip: string,
): Promise<{ email: string }> {
  const found = await findTokenWithUser(ctx.db, hashAccountToken(raw), 'confirmation');
  if (!found) throw tokenInvalid();
  if (found.user.confirmedAt) throw tokenUsed();
  await limitPair(
    ctx.limiters.resendPerIp,
    ctx.limiters.resendPerEmail,
    ip,
    found.user.email,
    'confirmation e-mails',
  );
  await runInTransaction(ctx.db, async (tx) => {
    const latest = await findLatestToken(tx, found.user.id, 'confirmation');
    await queueConfirmation(
      ctx,
      tx,
      found.user,
      latest?.registration ?? found.token.registration,
      latest?.redirect ?? found.token.redirect,
    );
  });
  ctx.mailer.wake();
  return { email: found.user.email };
}
