import {
  ACCOUNT_MESSAGES,
  ACCOUNTS_API,
  API,
  confirmResponseSchema,
  fieldMessages,
  userDocumentSchema,
  userTokenDocumentSchema,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, mailTo, tokenFromMail } from '../../mail/mail-testing';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { users } from '../users/users.tables';
import { hashAccountToken } from './account-tokens';
import { ACCOUNT_LIMITS } from './accounts.context';
import { accountTokens } from './accounts.tables';
import { bearer, nextIp, signedInUser, uniqueEmail, validRegistration } from './accounts-testing';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

// Every registration hashes a password with argon2id on purpose (tens of ms each).
describe('registration and confirmation', { timeout: 120_000 }, () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ APP_URL: 'https://school.example' });
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const register = (user: Record<string, unknown>, query?: unknown, ip = nextIp()) =>
    t.app.inject({
      method: 'POST',
      url: ACCOUNTS_API.register,
      payload: query === undefined ? { user } : { user, query },
      remoteAddress: ip,
    });
  const checkToken = (token: string) =>
    t.app.inject({ method: 'GET', url: ACCOUNTS_API.userToken(token) });
  // No body, as a browser's fetch(url, {method: 'PUT'}) sends it.
  const confirm = (token: string) =>
    t.app.inject({ method: 'PUT', url: ACCOUNTS_API.userToken(token) });
  const signIn = (email: string, password: string) =>
    t.app.inject({
      method: 'POST',
      url: API.signIn,
      payload: { auth: { email, password } },
      remoteAddress: nextIp(),
    });
  const userByEmail = async (email: string) =>
    (await t.app.db.select().from(users).where(eq(users.email, email)))[0];

  /** Registers `email` and returns the raw token from the confirmation mail. */
  async function registerAndGetToken(email: string, overrides = {}, query?: unknown) {
    const res = await register(validRegistration(email, overrides), query);
    expect(res.statusCode).toBe(202);
    return tokenFromMail(await latestMail(t.app, email, 'confirmation'), '/app/register/');
  }

  it('creates an unconfirmed student and mails a confirmation link built from APP_URL', async () => {
    const email = uniqueEmail('new');
    const res = await register(validRegistration(email.toUpperCase()));
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ data: null });

    const user = await userByEmail(email);
    expect(user).toMatchObject({
      role: 'student',
      confirmedAt: null,
      timezone: 'Asia/Tokyo',
      name: 'Rin Registrant',
    });
    const mail = await latestMail(t.app, email);
    expect(mail?.template).toBe('confirmation');
    expect(mail?.status).toBe('sent');
    expect(mail?.subject).toContain(t.config.schoolName);
    const link = mail?.links.find((l) => l.includes('/register/'));
    expect(link).toMatch(/^https:\/\/school\.example\/app\/register\/[A-Za-z0-9_-]{43}$/);
    expect(mail?.html).toContain(link);
  });

  it('stores only the SHA-256 of the token, never the token itself', async () => {
    const email = uniqueEmail('hash');
    const token = await registerAndGetToken(email);
    const user = await userByEmail(email);
    const rows = await t.app.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, user?.id ?? 0));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.tokenHash).toBe(hashAccountToken(token));
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it('checks, confirms and signs in, giving back the redirect stored with the token', async () => {
    const email = uniqueEmail('confirm');
    const token = await registerAndGetToken(email, {}, { redirect: '/cart?step=checkout' });

    const check = await checkToken(token);
    expect(check.statusCode).toBe(200);
    const checked = userTokenDocumentSchema.parse(check.json());
    expect(checked.data.attributes).toMatchObject({
      email,
      name: 'Rin Registrant',
      redirect: '/cart?step=checkout',
    });

    expect((await signIn(email, 'purple giraffe skates')).json().errors[0].meta).toEqual({
      reason: 'unconfirmed',
    });

    const res = await confirm(token);
    expect(res.statusCode).toBe(200);
    const { data } = confirmResponseSchema.parse(res.json());
    expect(data.redirect).toBe('/cart?step=checkout');
    const me = await t.app.inject({ method: 'GET', url: API.me, headers: bearer(data.jwt) });
    expect(me.statusCode).toBe(200);
    expect(userDocumentSchema.parse(me.json()).data.attributes.email).toBe(email);
    expect((await userByEmail(email))?.confirmedAt).toBeInstanceOf(Date);
    expect((await signIn(email, 'purple giraffe skates')).statusCode).toBe(200);
  });

  it('a confirmation link works once: afterwards check and confirm answer 410 used', async () => {
    const token = await registerAndGetToken(uniqueEmail('once'));
    expect((await confirm(token)).statusCode).toBe(200);
    for (const res of [await confirm(token), await checkToken(token)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().errors[0]).toMatchObject({ code: 'gone', meta: { reason: 'used' } });
    }
  });

  it('an unknown token is 404 invalid', async () => {
    for (const res of [await checkToken('not-a-real-token'), await confirm('x'.repeat(43))]) {
      expect(res.statusCode).toBe(404);
      expect(res.json().errors[0]).toMatchObject({
        code: 'not_found',
        meta: { reason: 'invalid' },
      });
    }
  });

  it('an expired link is 410 expired, and the holder can ask for a new one', async () => {
    const email = uniqueEmail('expired');
    const token = await registerAndGetToken(email);
    // The clock is faked by ageing the row, not by sleeping.
    await t.app.db
      .update(accountTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(accountTokens.tokenHash, hashAccountToken(token)));
    for (const res of [await checkToken(token), await confirm(token)]) {
      expect(res.statusCode).toBe(410);
      expect(res.json().errors[0].meta).toEqual({ reason: 'expired' });
    }
    expect((await userByEmail(email))?.confirmedAt).toBeNull();

    const resend = await t.app.inject({
      method: 'POST',
      url: ACCOUNTS_API.resendConfirmationForToken(token),
      remoteAddress: nextIp(),
    });
    expect(resend.statusCode).toBe(202);
    const fresh = tokenFromMail(await latestMail(t.app, email, 'confirmation'), '/register/');
    expect(fresh).not.toBe(token);
    expect((await confirm(fresh)).statusCode).toBe(200);
    // Nothing left to resend for a confirmed account.
    const again = await t.app.inject({
      method: 'POST',
      url: ACCOUNTS_API.resendConfirmationForToken(token),
      remoteAddress: nextIp(),
    });
    expect(again.statusCode).toBe(410);
    expect(again.json().errors[0].meta).toEqual({ reason: 'used' });
  });

  it('an expired token 24 hours after issue: the lifetime written is 24 h', async () => {
    const email = uniqueEmail('lifetime');
    const before = Date.now();
    const token = await registerAndGetToken(email);
    const [row] = await t.app.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.tokenHash, hashAccountToken(token)));
    const lifetimeMs = (row?.expiresAt.getTime() ?? 0) - before;
    expect(lifetimeMs).toBeGreaterThan(24 * 3600_000 - 60_000);
    expect(lifetimeMs).toBeLessThanOrEqual(24 * 3600_000 + 60_000);
  });

  describe('no account enumeration', () => {
    it('registering a taken address answers exactly as a new one and mails the owner instead', async () => {
      const owner = await signedInUser(t, 'student');
      const fresh = uniqueEmail('fresh');
      const known = await register(validRegistration(owner.email));
      const unknown = await register(validRegistration(fresh));
      expect(known.statusCode).toBe(unknown.statusCode);
      expect(known.body).toBe(unknown.body);
      expect(known.headers['content-type']).toBe(unknown.headers['content-type']);
      expect(known.headers['content-length']).toBe(unknown.headers['content-length']);

      expect((await latestMail(t.app, owner.email))?.template).toBe('already_registered');
      expect((await latestMail(t.app, fresh))?.template).toBe('confirmation');
      // The owner's account is untouched: still signs in with the old password.
      expect((await signIn(owner.email, owner.password)).statusCode).toBe(200);
    });

    it('resending a confirmation answers the same for unknown, confirmed and unconfirmed addresses', async () => {
      const confirmed = await signedInUser(t, 'student');
      const unconfirmed = uniqueEmail('pending');
      await registerAndGetToken(unconfirmed);
      const before = (await mailTo(t.app, unconfirmed)).length;
      const answers = [];
      for (const email of [uniqueEmail('nobody'), confirmed.email, unconfirmed]) {
        answers.push(
          await t.app.inject({
            method: 'POST',
            url: ACCOUNTS_API.resendConfirmation,
            payload: { email },
            remoteAddress: nextIp(),
          }),
        );
      }
      for (const res of answers) {
        expect(res.statusCode).toBe(202);
        expect(res.body).toBe(answers[0]?.body);
      }
      expect(await mailTo(t.app, confirmed.email)).toHaveLength(0);
      const after = await mailTo(t.app, unconfirmed);
      expect(after).toHaveLength(before + 1);
      expect(after.at(-1)?.template).toBe('confirmation');
    });
  });

  it('registering an unconfirmed address again: only the newest registration’s password is confirmed', async () => {
    const email = uniqueEmail('prehijack');
    // Someone who cannot read the mailbox registers it first…
    const squatterToken = await registerAndGetToken(email, { password: 'squatter password 1' });
    // …then the owner registers with their own password and opens their link.
    const ownerToken = await registerAndGetToken(email, {
      password: 'owner password 22',
      name: 'Real Owner',
    });
    expect(ownerToken).not.toBe(squatterToken);
    expect((await confirm(ownerToken)).statusCode).toBe(200);

    expect((await signIn(email, 'owner password 22')).statusCode).toBe(200);
    expect((await signIn(email, 'squatter password 1')).statusCode).toBe(401);
    expect((await userByEmail(email))?.name).toBe('Real Owner');
    // The other link is dead now.
    expect((await confirm(squatterToken)).statusCode).toBe(410);
  });

  it('mails in the language chosen at registration', async () => {
    const email = uniqueEmail('ja');
    await register(validRegistration(email, { locale: 'ja' }));
    const mail = await latestMail(t.app, email);
    expect(mail?.locale).toBe('ja');
    expect(mail?.subject).toContain('メールアドレスの確認');
    expect(mail?.text).toContain('メールアドレスを確認する');
    expect((await userByEmail(email))?.locale).toBe('ja');
  });

  it('leaves the account without a language of its own when the registration names none', async () => {
    const email = uniqueEmail('nolocale');
    const { locale: _none, ...withoutLocale } = validRegistration(email);
    expect((await register(withoutLocale)).statusCode).toBe(202);
    const token = tokenFromMail(await latestMail(t.app, email, 'confirmation'), '/app/register/');
    expect((await confirm(token)).statusCode).toBe(200);
    expect((await userByEmail(email))?.locale).toBeNull();
    // The mail still goes out in the default language.
    expect((await latestMail(t.app, email, 'confirmation'))?.locale).toBe('en');
  });

  describe('validation', () => {
    it('answers 422 with "Required" for every missing field', async () => {
      const res = await register({});
      expect(res.statusCode).toBe(422);
      expect(fieldMessages(res.json())).toEqual({
        name: 'Required',
        email: 'Required',
        password: 'Required',
        timezone: 'Required',
        terms_accepted: 'Required',
      });
    });

    it('refuses short and common passwords, unknown time zones and unaccepted terms', async () => {
      const email = uniqueEmail('invalid');
      const cases: [Record<string, unknown>, string, string][] = [
        [{ password: 'short' }, 'password', ACCOUNT_MESSAGES.passwordTooShort],
        [{ password: 'Password123' }, 'password', ACCOUNT_MESSAGES.passwordTooCommon],
        [{ password: 'qwertyuiop' }, 'password', ACCOUNT_MESSAGES.passwordTooCommon],
        [{ timezone: 'Mars/Olympus_Mons' }, 'timezone', ACCOUNT_MESSAGES.timezoneInvalid],
        [{ terms_accepted: false }, 'terms_accepted', ACCOUNT_MESSAGES.termsRequired],
        [{ email: 'not-an-address' }, 'email', 'Enter a valid e-mail address'],
      ];
      for (const [override, field, message] of cases) {
        const res = await register(validRegistration(email, override));
        expect(res.statusCode, JSON.stringify(override)).toBe(422);
        expect(fieldMessages(res.json())[field]).toBe(message);
      }
      expect(await userByEmail(email)).toBeUndefined();
      expect(await mailTo(t.app, email)).toHaveLength(0);
    });

    it('accepts only same-origin paths as the redirect', async () => {
      for (const redirect of [
        '//evil.example/x',
        '/\\evil.example',
        'https://evil.example/',
        'javascript:alert(1)',
        'cart',
      ]) {
        const res = await register(validRegistration(uniqueEmail('redirect')), { redirect });
        expect(res.statusCode, redirect).toBe(422);
        expect(fieldMessages(res.json())).toEqual({ redirect: 'Invalid input' });
      }
    });
  });

  it('every accounts, family and search endpoint is in the OpenAPI description', async () => {
    const { paths } = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const expected: [string, string][] = [
      ['/api/v1/users', 'post'],
      ['/api/v1/user_token', 'post'],
      ['/api/v1/user_token/{token}', 'get'],
      ['/api/v1/user_token/{token}', 'put'],
      ['/api/v1/user_token/{token}/resend', 'post'],
      ['/api/v1/password_resets', 'post'],
      ['/api/v1/password_resets/{token}', 'get'],
      ['/api/v1/password_resets/{token}', 'put'],
      ['/api/v1/users/{id}', 'put'],
      ['/api/v1/users/{id}/email', 'put'],
      ['/api/v1/users/{id}/password', 'put'],
      ['/api/v1/users/email_token/{token}', 'put'],
      ['/api/v1/users/{id}/attendee_profiles', 'get'],
      ['/api/v1/users/{id}/attendee_profiles', 'post'],
      ['/api/v1/users/{id}/attendee_profiles/{profileId}', 'put'],
      ['/api/v1/users/{id}/attendee_profiles/{profileId}', 'delete'],
      ['/api/v1/users/search', 'get'],
    ];
    for (const [path, method] of expected) {
      expect(paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    expect(JSON.stringify(paths)).not.toContain('/dev/mail');
  });

  describe('rate limits', () => {
    it('limits registrations per address, whichever network they come from', async () => {
      const email = uniqueEmail('limit');
      const { limit } = ACCOUNT_LIMITS.registerPerEmail;
      for (let i = 0; i < limit; i++) {
        expect((await register(validRegistration(email))).statusCode).toBe(202);
      }
      const refused = await register(validRegistration(email));
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    });

    it('limits registrations per network', async () => {
      const ip = nextIp();
      const { limit } = ACCOUNT_LIMITS.registerPerIp;
      for (let i = 0; i < limit; i++) {
        expect(
          (await register(validRegistration(uniqueEmail('ip')), undefined, ip)).statusCode,
        ).toBe(202);
      }
      expect((await register(validRegistration(uniqueEmail('ip')), undefined, ip)).statusCode).toBe(
        429,
      );
      expect((await register(validRegistration(uniqueEmail('ip')))).statusCode).toBe(202);
    });

    it('limits confirmation resends per address', async () => {
      const email = uniqueEmail('resend-limit');
      const resend = () =>
        t.app.inject({
          method: 'POST',
          url: ACCOUNTS_API.resendConfirmation,
          payload: { email },
          remoteAddress: nextIp(),
        });
      for (let i = 0; i < ACCOUNT_LIMITS.resendPerEmail.limit; i++) {
        expect((await resend()).statusCode).toBe(202);
      }
      expect((await resend()).statusCode).toBe(429);
    });
  });
});
