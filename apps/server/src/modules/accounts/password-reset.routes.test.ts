import {
  ACCOUNT_MESSAGES,
  ACCOUNTS_API,
  API,
  fieldMessages,
  passwordResetDocumentSchema,
  sessionResponseSchema,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, mailTo, tokenFromMail } from '../../mail/mail-testing';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { users } from '../users/users.tables';
import { insertTestUser } from '../users/users-testing';
import { hashAccountToken } from './account-tokens';
import { ACCOUNT_LIMITS } from './accounts.context';
import { accountTokens } from './accounts.tables';
import { bearer, nextIp, signedInUser, uniqueEmail } from './accounts-testing';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

describe('password reset', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const requestReset = (email: string, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: ACCOUNTS_API.passwordResets,
      payload: { email },
      remoteAddress: ip,
    });
  const check = (token: string) =>
    t.app.inject({ method: 'GET', url: ACCOUNTS_API.passwordReset(token) });
  const reset = (token: string, password: string) =>
    t.app.inject({ method: 'PUT', url: ACCOUNTS_API.passwordReset(token), payload: { password } });
  const me = (jwt: string) => t.app.inject({ method: 'GET', url: API.me, headers: bearer(jwt) });
  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: API.signIn,
      payload: { auth: { email, password } },
      remoteAddress: nextIp(),
    });

  async function resetToken(email: string) {
    expect((await requestReset(email)).statusCode).toBe(202);
    return tokenFromMail(await latestMail(t.app, email, 'password_reset'), '/password_reset/');
  }

  it('answers known and unknown addresses exactly alike, and mails only the known one', async () => {
    const user = await signedInUser(t);
    const unknownEmail = uniqueEmail('ghost');
    const known = await requestReset(user.email);
    const unknown = await requestReset(unknownEmail);
    expect(known.statusCode).toBe(202);
    expect(unknown.statusCode).toBe(202);
    expect(known.body).toBe(unknown.body);
    expect(known.body).toBe('{"data":null}');
    expect(known.headers['content-length']).toBe(unknown.headers['content-length']);
    expect((await latestMail(t.app, user.email))?.template).toBe('password_reset');
    expect(await mailTo(t.app, unknownEmail)).toHaveLength(0);
  });

  it('sets the new password, signs out every session, signs in afresh and tells the owner', async () => {
    const user = await signedInUser(t);
    const otherDevice = await t.app.sessions.issueSessionToken({ id: user.id, role: 'student' });
    expect((await me(otherDevice)).statusCode).toBe(200);

    const token = await resetToken(user.email);
    const checked = await check(token);
    expect(checked.statusCode).toBe(200);
    const attributes = passwordResetDocumentSchema.parse(checked.json()).data.attributes;
    expect(attributes.email).toBe(user.email);
    const lifetimeMs = new Date(attributes.expires_at).getTime() - Date.now();
    expect(lifetimeMs).toBeGreaterThan(58 * 60_000);
    expect(lifetimeMs).toBeLessThanOrEqual(60 * 60_000);

    const res = await reset(token, 'a brand new secret 42');
    expect(res.statusCode).toBe(200);
    const { jwt } = sessionResponseSchema.parse(res.json()).data;

    expect((await me(user.jwt)).statusCode).toBe(401);
    expect((await me(otherDevice)).statusCode).toBe(401);
    expect((await me(jwt)).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(401);
    expect((await signIn(user.email, 'a brand new secret 42')).statusCode).toBe(200);
    expect((await latestMail(t.app, user.email))?.template).toBe('password_changed');
  });

  it('a reset link works once', async () => {
    const user = await signedInUser(t);
    const token = await resetToken(user.email);
    expect((await reset(token, 'first new password 1')).statusCode).toBe(200);
    const again = await reset(token, 'second new password 2');
    expect(again.statusCode).toBe(410);
    expect(again.json().errors[0].meta).toEqual({ reason: 'used' });
    expect((await check(token)).statusCode).toBe(410);
    expect((await signIn(user.email, 'first new password 1')).statusCode).toBe(200);
  });

  it('an expired link is refused with 410 expired and changes nothing', async () => {
    const user = await signedInUser(t);
    const token = await resetToken(user.email);
    await t.app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1) })
      .where(eq(accountTokens.tokenHash, hashAccountToken(token)));
    for (const res of [await check(token), await reset(token, 'too late password 9')]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().errors[0].meta).toEqual({ reason: 'expired' });
    }
    expect((await me(user.jwt)).statusCode).toBe(200);
    expect((await signIn(user.email, user.password)).statusCode).toBe(200);
  });

  it('asking again makes the older link useless', async () => {
    const user = await signedInUser(t);
    const first = await resetToken(user.email);
    const second = await resetToken(user.email);
    expect((await check(first)).json().errors[0].meta).toEqual({ reason: 'used' });
    expect((await check(second)).statusCode).toBe(200);
  });

  it('refuses a common password with a field message and keeps the link usable', async () => {
    const user = await signedInUser(t);
    const token = await resetToken(user.email);
    const res = await reset(token, 'iloveyou123');
    expect(res.statusCode).toBe(422);
    expect(fieldMessages(res.json())).toEqual({ password: ACCOUNT_MESSAGES.passwordTooCommon });
    const short = await reset(token, 'short');
    expect(fieldMessages(short.json())).toEqual({ password: ACCOUNT_MESSAGES.passwordTooShort });
    expect((await check(token)).statusCode).toBe(200);
  });

  it('an unknown link is 404 invalid', async () => {
    const res = await reset('no-such-token', 'whatever password 1');
    expect(res.statusCode).toBe(404);
    expect(res.json().errors[0].meta).toEqual({ reason: 'invalid' });
  });

  it('resetting the password of an unconfirmed account confirms it: the link proved the mailbox', async () => {
    const email = uniqueEmail('unconfirmed');
    const id = await insertTestUser(t.app.db, {
      email,
      password: 'forgotten password 1',
      confirmed: false,
    });
    const token = await resetToken(email);
    expect((await reset(token, 'remembered password 2')).statusCode).toBe(200);
    const [row] = await t.app.db.select().from(users).where(eq(users.id, id));
    expect(row?.confirmedAt).toBeInstanceOf(Date);
    expect((await signIn(email, 'remembered password 2')).statusCode).toBe(200);
  });

  it('limits reset requests per address and per network, alike for unknown addresses', async () => {
    const email = uniqueEmail('nobody');
    for (let i = 0; i < ACCOUNT_LIMITS.resetPerEmail.limit; i++) {
      expect((await requestReset(email)).statusCode).toBe(202);
    }
    expect((await requestReset(email)).statusCode).toBe(429);

    const ip = nextIp();
    for (let i = 0; i < ACCOUNT_LIMITS.resetPerIp.limit; i++) {
      expect((await requestReset(uniqueEmail('spray'), ip)).statusCode).toBe(202);
    }
    const refused = await requestReset(uniqueEmail('spray'), ip);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().errors[0].code).toBe('rate_limited');
  });
});
