import { randomUUID } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import {
  API,
  SESSION_LIFETIME_S,
  sessionClaimsSchema,
  userDocumentSchema,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { decodeJwt, decodeProtectedHeader, generateKeyPair, SignJWT, UnsecuredJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MemoryRateLimitStore } from '../../plugins/rate-limit-store';
import { PUBSUB_CHANNELS, type SessionEvent } from '../../pubsub/pubsub';
import { createTestApp, TEST_JWT_SECRET, type TestApp } from '../../testing/test-app';
import { INVALID_CREDENTIALS, UNCONFIRMED_DETAIL } from './session.service';
import { SIGN_IN_LIMITS, signInDelayMs } from './sign-in-throttle';
import { revokedTokens, users } from './users.tables';
import { insertTestUser } from './users-testing';

const HOUR_S = 3600;
const secretBytes = new TextEncoder().encode(TEST_JWT_SECRET);
const nowS = () => Date.now() / 1000;

type SigningKey = Parameters<SignJWT['sign']>[0];
type Forged = { sub: string; role?: string; iat?: number; exp?: number; jti?: string };

/** A token made outside the server, to control its times and algorithm. */
function forgeToken(claims: Forged, alg = 'HS256', key: SigningKey = secretBytes) {
  const iat = claims.iat ?? nowS();
  return new SignJWT({ role: claims.role ?? 'student' })
    .setProtectedHeader({ alg, typ: 'JWT' })
    .setSubject(claims.sub)
    .setIssuedAt(iat)
    .setExpirationTime(claims.exp ?? Math.floor(iat) + SESSION_LIFETIME_S)
    .setJti(claims.jti ?? randomUUID())
    .sign(key);
}

// Sign-ins hash with argon2id on purpose (tens of ms each): the rate-limit cases make dozens.
describe('session routes', { timeout: 60_000 }, () => {
  let t: TestApp;
  let studentId: number;
  let adminId: number;
  const student = { email: 'sam@session.test', password: 'correct horse battery' };
  const unconfirmed = { email: 'una@session.test', password: 'still unconfirmed 1' };

  const signIn = (auth: unknown, remoteAddress = '127.0.0.1') =>
    t.app.inject({ method: 'POST', url: API.signIn, payload: { auth }, remoteAddress });
  const me = (token: string) =>
    t.app.inject({ method: 'GET', url: API.me, headers: { authorization: `Bearer ${token}` } });
  const signOut = (token: string) =>
    t.app.inject({
      method: 'DELETE',
      url: API.signOut,
      headers: { authorization: `Bearer ${token}` },
    });
  const tokenFor = async (credentials: { email: string; password: string }, ip = '127.0.0.9') => {
    const res = await signIn(credentials, ip);
    expect(res.statusCode).toBe(200);
    return res.json().data.jwt as string;
  };

  // The limits' clock stands still unless a test moves it on: no sleeping through the sign-in
  // waits, and a slow password check does not end a wait the test is looking at.
  const clock = {
    nowMs: Date.now(),
    now: () => clock.nowMs,
    advance: (ms: number) => {
      clock.nowMs += ms;
    },
  };

  beforeAll(async () => {
    t = await createTestApp({}, { rateLimits: new MemoryRateLimitStore({ now: clock.now }) });
    [studentId, adminId] = await Promise.all([
      insertTestUser(t.app.db, { ...student, name: 'Sam Student' }),
      insertTestUser(t.app.db, {
        email: 'ada@session.test',
        password: 'admin pass 1',
        role: 'admin',
      }),
      insertTestUser(t.app.db, { ...unconfirmed, confirmed: false }),
    ]);
  }, 60_000);
  afterAll(() => t.close());

  describe('POST /api/v1/users/sign_in', () => {
    it('returns an HS256 session token for 24 h naming the user and role', async () => {
      const before = nowS();
      const res = await signIn(student);
      expect(res.statusCode).toBe(200);
      const jwt = res.json().data.jwt;
      expect(decodeProtectedHeader(jwt).alg).toBe('HS256');
      const claims = sessionClaimsSchema.parse(decodeJwt(jwt));
      expect(claims).toMatchObject({ sub: String(studentId), role: 'student' });
      expect(claims.iat).toBeGreaterThanOrEqual(Math.floor(before));
      expect(claims.exp).toBe(Math.floor(claims.iat) + SESSION_LIFETIME_S);
      expect(claims.jti).toMatch(/^[0-9a-f-]{36}$/);
    });

    it('matches the e-mail address whatever its case and surrounding spaces', async () => {
      const res = await signIn({ email: '  SAM@Session.TEST ', password: student.password });
      expect(res.statusCode).toBe(200);
    });

    it('answers a wrong password and an unknown address with the same 401', async () => {
      const wrongPassword = await signIn({ email: student.email, password: 'nope' });
      const unknownEmail = await signIn({ email: 'nobody@session.test', password: 'nope' });
      expect(wrongPassword.statusCode).toBe(401);
      expect(unknownEmail.statusCode).toBe(401);
      expect(wrongPassword.json()).toEqual({
        errors: [{ status: '401', code: 'unauthorized', detail: INVALID_CREDENTIALS }],
      });
      expect(unknownEmail.body).toBe(wrongPassword.body);
    });

    it('refuses an unconfirmed account with the right password: 403, reason unconfirmed', async () => {
      const res = await signIn(unconfirmed);
      expect(res.statusCode).toBe(403);
      expect(res.json()).toEqual({
        errors: [
          {
            status: '403',
            code: 'forbidden',
            detail: UNCONFIRMED_DETAIL,
            meta: { reason: 'unconfirmed' },
          },
        ],
      });
    });

    it('gives an unconfirmed account with a wrong password the plain 401', async () => {
      const res = await signIn({ email: unconfirmed.email, password: 'wrong' });
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].detail).toBe(INVALID_CREDENTIALS);
    });

    it('answers a malformed body with 422 field messages', async () => {
      const bad = await signIn({ email: 'nope' });
      expect(bad.statusCode).toBe(422);
      expect(bad.json().errors).toEqual([
        {
          status: '422',
          code: 'validation',
          detail: 'Enter a valid e-mail address',
          meta: { type: 'validate', field: 'email' },
        },
        {
          status: '422',
          code: 'validation',
          detail: 'Required',
          meta: { type: 'validate', field: 'password' },
        },
      ]);

      const empty = await signIn({ email: '', password: '' });
      expect(empty.json().errors.map((e: { meta: object }) => e.meta)).toEqual([
        { type: 'validate', field: 'email' },
        { type: 'validate', field: 'password' },
      ]);
      expect(empty.json().errors.map((e: { detail: string }) => e.detail)).toEqual([
        'Required',
        'Required',
      ]);

      const missing = await t.app.inject({ method: 'POST', url: API.signIn, payload: {} });
      expect(missing.statusCode).toBe(422);
      expect(missing.json().errors[0].meta).toEqual({ type: 'validate', field: 'auth' });
    });

    it('refuses a multipart or gzip-encoded body with a 4xx error document', async () => {
      // Multipart parsing is only registered where a route takes a file, and request bodies are
      // never decompressed: both reach sign-in as bodies it cannot read.
      const boundary = 'b0undary';
      const form = await t.app.inject({
        method: 'POST',
        url: API.signIn,
        headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
        payload: `--${boundary}\r\nContent-Disposition: form-data; name="email"\r\n\r\nx\r\n--${boundary}--\r\n`,
      });
      expect(form.statusCode).toBe(415);
      expect(form.json().errors[0].status).toBe('415');

      const gzipped = await t.app.inject({
        method: 'POST',
        url: API.signIn,
        headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
        payload: gzipSync(JSON.stringify({ auth: { email: student.email, password: 'x' } })),
      });
      expect(gzipped.statusCode).toBe(400);
      expect(gzipped.json().errors[0].status).toBe('400');
    });
  });

  describe('sign-in limits', () => {
    const { perIp, freeFailures } = SIGN_IN_LIMITS;
    const wrong = (email: string, ip: string) => signIn({ email, password: 'a wrong guess' }, ip);
    const expectWait = (res: Awaited<ReturnType<typeof signIn>>, seconds: number) => {
      expect(res.statusCode).toBe(429);
      expect(res.headers['retry-after']).toBe(String(seconds));
      expect(res.json().errors[0]).toMatchObject({
        status: '429',
        code: 'rate_limited',
        detail: 'Too many sign-in attempts for this account. Please wait a minute and try again.',
      });
    };

    // Before decision 020, ten failures locked the account for 15 minutes, the right password included:
    // anyone could lock a known teacher out. Now nobody but the failing client is held up.
    it('ten wrong passwords from many addresses leave the owner able to sign in', async () => {
      const target = { email: 'locked@session.test', password: 'the real password' };
      await insertTestUser(t.app.db, target);
      for (let i = 1; i <= 10; i++) {
        expect((await wrong(target.email, `10.0.1.${i}`)).statusCode).toBe(401);
      }
      expect((await signIn(target, '10.0.1.200')).statusCode).toBe(200);
      expect((await signIn(target, '10.0.1.1')).statusCode).toBe(200);
    });

    it(`after ${freeFailures} failures a client waits 1 s, 2 s, 4 s…; elsewhere the owner signs in`, async () => {
      const owner = { email: 'guessed@session.test', password: 'the owner knows it' };
      await insertTestUser(t.app.db, owner);
      const ip = '10.0.4.1';
      for (let i = 0; i < freeFailures; i++) {
        expect((await wrong(owner.email, ip)).statusCode).toBe(401);
      }
      // During the wait even the right password is refused, with how long to wait.
      expectWait(await signIn(owner, ip), 1);
      // The same account from another address is not held up.
      expect((await signIn(owner, '10.0.4.2')).statusCode).toBe(200);
      for (const seconds of [1, 2, 4]) {
        clock.advance(seconds * 1000 - 100);
        expect((await wrong(owner.email, ip)).statusCode).toBe(429);
        clock.advance(100);
        expect((await wrong(owner.email, ip)).statusCode).toBe(401);
        expectWait(await wrong(owner.email, ip), seconds * 2);
      }
      clock.advance(8000);
      expect((await signIn(owner, ip)).statusCode).toBe(200);
      // The success forgot this client's failures: the free ones are free again.
      for (let i = 0; i < freeFailures; i++) {
        expect((await wrong(owner.email, ip)).statusCode).toBe(401);
      }
      expectWait(await wrong(owner.email, ip), 1);
    });

    it('caps the growing wait at a minute', () => {
      expect([0, 2, 3, 4, 5, 8, 9, 10, 1000].map(signInDelayMs)).toEqual([
        0, 0, 1000, 2000, 4000, 32_000, 60_000, 60_000, 60_000,
      ]);
    });

    it('lets one of many attempts sent at once through when a client must wait', async () => {
      const ip = '10.0.5.1';
      const email = 'concurrent@session.test';
      for (let i = 0; i < freeFailures; i++) expect((await wrong(email, ip)).statusCode).toBe(401);
      clock.advance(1000);
      const answers = await Promise.all(Array.from({ length: 5 }, () => wrong(email, ip)));
      expect(answers.map((res) => res.statusCode).sort()).toEqual([401, 429, 429, 429, 429]);
    });

    it(`limits one address to ${perIp.limit} failures across accounts; other addresses still sign in`, async () => {
      const ip = '10.0.2.1';
      for (let i = 1; i <= perIp.limit; i++) {
        const res = await signIn({ email: `spray${i}@session.test`, password: 'x' }, ip);
        expect(res.statusCode).toBe(401);
      }
      const refused = await signIn(student, ip);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().errors[0].detail).toBe(
        'Too many sign-in attempts from your network. Please wait 15 minutes and try again.',
      );
      expect((await signIn(student, '10.0.2.2')).statusCode).toBe(200);
    });

    it("a successful sign-in clears the client's failures and does not use up the address's", async () => {
      const owner = { email: 'forgetful@session.test', password: 'finally remembered' };
      await insertTestUser(t.app.db, owner);
      const ip = '10.0.3.1';
      const failures = async (n: number) => {
        for (let i = 0; i < n; i++) {
          clock.advance(signInDelayMs(i));
          expect((await wrong(owner.email, ip)).statusCode).toBe(401);
        }
      };
      await failures(9);
      clock.advance(signInDelayMs(9));
      expect((await signIn(owner, ip)).statusCode).toBe(200);
      await failures(9);
      clock.advance(signInDelayMs(9));
      expect((await signIn(owner, ip)).statusCode).toBe(200);
      // 18 failures and 2 successes from this address: under its limit of 30.
      expect((await signIn(owner, ip)).statusCode).toBe(200);
    });
  });

  describe('GET /api/v1/users/me', () => {
    it('returns the signed-in user as a JSON:API users resource, with one query', async () => {
      const token = await tokenFor(student);
      const queriesBefore = t.database.queryCount();
      const res = await me(token);
      expect(t.database.queryCount() - queriesBefore).toBe(1);
      expect(res.statusCode).toBe(200);
      expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
      expect(userDocumentSchema.parse(res.json())).toEqual({
        data: {
          id: String(studentId),
          type: 'users',
          attributes: {
            name: 'Sam Student',
            email: student.email,
            avatar_url: null,
            role: 'student',
            timezone: 'America/New_York',
            locale: 'en',
            bio: null,
            translations: {},
            class_reminders: 'each_class',
            // Its own family: the student is nobody's second guardian (decision 071).
            family_id: String(studentId),
          },
        },
      });
    });

    it('serves a token it has just verified again without a query', async () => {
      const token = await tokenFor(student);
      expect((await me(token)).statusCode).toBe(200);
      const queriesBefore = t.database.queryCount();
      expect((await me(token)).statusCode).toBe(200);
      expect(t.database.queryCount()).toBe(queriesBefore);
    });

    it('shows a changed user row once the session service is told to forget it', async () => {
      const id = await insertTestUser(t.app.db, {
        email: 'renamed@session.test',
        password: 'pw pw pw',
      });
      const token = await t.app.sessions.issueSessionToken({ id, role: 'student' });
      expect((await me(token)).json().data.attributes.name).toBe('Test User');
      await t.app.db.update(users).set({ name: 'New Name' }).where(eq(users.id, id));
      t.app.sessions.forgetUser(id);
      expect((await me(token)).json().data.attributes.name).toBe('New Name');
    });

    it('shows the avatar thumbnail URL when the user has an avatar', async () => {
      const id = await insertTestUser(t.app.db, {
        email: 'face@session.test',
        password: 'pw pw pw',
      });
      await t.app.db.update(users).set({ avatarKey: 'avatar-key-1' }).where(eq(users.id, id));
      const token = await t.app.sessions.issueSessionToken({ id, role: 'student' });
      const { avatar_url } = (await me(token)).json().data.attributes;
      expect(avatar_url).toBe(t.app.images.urls('avatar-key-1').thumbUrl);
      expect(avatar_url).toContain('avatar-key-1');
    });

    it('answers 401 without a token', async () => {
      const res = await t.app.inject({ method: 'GET', url: API.me });
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0]).toMatchObject({ status: '401', code: 'unauthorized' });
    });

    it('answers 401 for an Authorization header that is not a bearer token', async () => {
      const token = await tokenFor(student);
      for (const header of [`Basic ${token}`, 'Bearer', 'Bearer not.a.jwt', token]) {
        const res = await t.app.inject({
          method: 'GET',
          url: API.me,
          headers: { authorization: header },
        });
        expect(res.statusCode, header).toBe(401);
      }
    });

    it('answers 401 for an expired token, saying it expired', async () => {
      const iat = nowS() - 25 * HOUR_S;
      const token = await forgeToken({ sub: String(studentId), iat, exp: Math.floor(nowS()) - 1 });
      const res = await me(token);
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].detail).toBe('Your session has expired. Please sign in again.');
    });

    it('answers 401 for a tampered token', async () => {
      const token = await tokenFor(student);
      const [header, payload, signature] = token.split('.') as [string, string, string];
      const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
      const promoted = Buffer.from(
        JSON.stringify({ ...claims, role: 'admin', sub: String(adminId) }),
      ).toString('base64url');
      expect((await me(`${header}.${promoted}.${signature}`)).statusCode).toBe(401);
      const flipped = `${signature.slice(0, -2)}${signature.endsWith('AA') ? 'BB' : 'AA'}`;
      expect((await me(`${header}.${payload}.${flipped}`)).statusCode).toBe(401);
    });

    it('answers 401 for a token signed with another secret', async () => {
      const other = new TextEncoder().encode('another-secret-that-is-also-32-characters-long');
      expect(
        (await me(await forgeToken({ sub: String(studentId) }, 'HS256', other))).statusCode,
      ).toBe(401);
    });

    it('answers 401 for alg-swapped tokens: none, HS512 with the same secret, RS256', async () => {
      const claims = { sub: String(adminId), role: 'admin', jti: randomUUID() };
      const none = new UnsecuredJWT(claims)
        .setIssuedAt()
        .setExpirationTime(Math.floor(nowS()) + HOUR_S)
        .encode();
      const hs512 = await forgeToken(claims, 'HS512');
      const { privateKey } = await generateKeyPair('RS256');
      const rs256 = await forgeToken(claims, 'RS256', privateKey);
      // The control: the same claims signed as the server signs are accepted.
      expect((await me(await forgeToken(claims))).statusCode).toBe(200);
      for (const token of [none, hs512, rs256]) {
        expect((await me(token)).statusCode, decodeProtectedHeader(token).alg).toBe(401);
      }
    });

    it('answers 401 for a valid token of a user who no longer exists', async () => {
      const id = await insertTestUser(t.app.db, {
        email: 'gone@session.test',
        password: 'pw pw pw',
      });
      const token = await t.app.sessions.issueSessionToken({ id, role: 'student' });
      await t.app.db.delete(users).where(eq(users.id, id));
      expect((await me(token)).statusCode).toBe(401);
    });

    it('lets a public route answer a request carrying a bad token, as a guest', async () => {
      const res = await t.app.inject({
        method: 'GET',
        url: API.health,
        headers: { authorization: 'Bearer not.a.jwt' },
      });
      expect(res.statusCode).toBe(200);
    });
  });

  describe('token refresh', () => {
    it('past half its life, a response carries a fresh token in Authorization', async () => {
      const old = await forgeToken({ sub: String(studentId), iat: nowS() - 13 * HOUR_S });
      const res = await me(old);
      expect(res.statusCode).toBe(200);
      expect(res.headers['access-control-expose-headers']).toBe('Authorization');
      const header = String(res.headers.authorization);
      expect(header).toMatch(/^Bearer /);
      const fresh = header.slice('Bearer '.length);
      const claims = sessionClaimsSchema.parse(decodeJwt(fresh));
      expect(claims.sub).toBe(String(studentId));
      expect(claims.iat).toBeGreaterThan(nowS() - 60);
      expect(claims.jti).not.toBe(decodeJwt(old).jti);
      const again = await me(fresh);
      expect(again.statusCode).toBe(200);
      expect(again.headers.authorization).toBeUndefined();
    });

    it('before half its life, no fresh token is sent', async () => {
      const young = await forgeToken({ sub: String(studentId), iat: nowS() - 11 * HOUR_S });
      const res = await me(young);
      expect(res.statusCode).toBe(200);
      expect(res.headers.authorization).toBeUndefined();
    });

    it('a refused token gets no fresh token', async () => {
      const expired = await forgeToken({
        sub: String(studentId),
        iat: nowS() - 30 * HOUR_S,
        exp: Math.floor(nowS()) - 6 * HOUR_S,
      });
      const res = await me(expired);
      expect(res.statusCode).toBe(401);
      expect(res.headers.authorization).toBeUndefined();
    });
  });

  describe('DELETE /api/v1/users/sign_out', () => {
    it('revokes the token (204), tells open sockets, and leaves other sessions alone', async () => {
      const token = await tokenFor(student);
      const other = await tokenFor(student);
      expect((await me(token)).statusCode).toBe(200);
      const events: SessionEvent[] = [];
      const stop = await t.app.pubsub.subscribe(PUBSUB_CHANNELS.sessions, (m) =>
        events.push(m as SessionEvent),
      );
      const res = await signOut(token);
      await stop();
      expect(res.statusCode).toBe(204);
      expect(res.body).toBe('');

      const { jti, exp } = sessionClaimsSchema.parse(decodeJwt(token));
      expect(events).toEqual([{ type: 'revoked', jti, userId: String(studentId) }]);
      const [row] = await t.app.db.select().from(revokedTokens).where(eq(revokedTokens.jti, jti));
      expect(row?.expiresAt.getTime()).toBe(exp * 1000);

      const after = await me(token);
      expect(after.statusCode).toBe(401);
      expect(after.json().errors[0].detail).toBe('You have been signed out. Please sign in again.');
      expect((await signOut(token)).statusCode).toBe(401);
      expect((await me(other)).statusCode).toBe(200);
    });

    it('sends no fresh token on the sign-out of an old token', async () => {
      const old = await forgeToken({ sub: String(studentId), iat: nowS() - 20 * HOUR_S });
      const res = await signOut(old);
      expect(res.statusCode).toBe(204);
      expect(res.headers.authorization).toBeUndefined();
    });

    it('answers 401 without a token', async () => {
      const res = await t.app.inject({ method: 'DELETE', url: API.signOut });
      expect(res.statusCode).toBe(401);
    });

    it('purges revocations of tokens that have expired anyway', async () => {
      const stale = randomUUID();
      const live = randomUUID();
      await t.app.db.insert(revokedTokens).values([
        { jti: stale, userId: studentId, expiresAt: new Date(Date.now() - 1000) },
        { jti: live, userId: studentId, expiresAt: new Date(Date.now() + HOUR_S * 1000) },
      ]);
      expect((await signOut(await tokenFor(student))).statusCode).toBe(204);
      const left = (await t.app.db.select({ jti: revokedTokens.jti }).from(revokedTokens)).map(
        (r) => r.jti,
      );
      expect(left).not.toContain(stale);
      expect(left).toContain(live);
    });

    it('a revocation published by another server process evicts this process’s cached session', async () => {
      const token = await tokenFor(student);
      expect((await me(token)).statusCode).toBe(200);
      const { jti } = sessionClaimsSchema.parse(decodeJwt(token));
      // What another process's sign-out does: the row, then the message.
      await t.app.db
        .insert(revokedTokens)
        .values({ jti, userId: studentId, expiresAt: new Date(Date.now() + HOUR_S * 1000) });
      await t.app.pubsub.publish(PUBSUB_CHANNELS.sessions, {
        type: 'revoked',
        jti,
        userId: String(studentId),
      } satisfies SessionEvent);
      expect((await me(token)).statusCode).toBe(401);
    });
  });

  describe('revokeAllSessions', () => {
    it('refuses every earlier token of the user, announces it, and accepts tokens issued after', async () => {
      const id = await insertTestUser(t.app.db, {
        email: 'reset@session.test',
        password: 'pw pw pw',
      });
      const first = await t.app.sessions.issueSessionToken({ id, role: 'student' });
      const second = await t.app.sessions.issueSessionToken({ id, role: 'student' });
      const bystander = await tokenFor(student);
      expect((await me(first)).statusCode).toBe(200);
      expect((await me(second)).statusCode).toBe(200);

      const events: SessionEvent[] = [];
      const stop = await t.app.pubsub.subscribe(PUBSUB_CHANNELS.sessions, (m) =>
        events.push(m as SessionEvent),
      );
      const before = Date.now();
      await t.app.sessions.revokeAllSessions(id);
      await stop();

      expect(events).toHaveLength(1);
      expect(events[0]).toMatchObject({ type: 'revoked_all', userId: String(id) });
      expect((events[0] as { before: number }).before).toBeGreaterThanOrEqual(before);
      expect((await me(first)).statusCode).toBe(401);
      expect((await me(second)).statusCode).toBe(401);
      expect((await me(bystander)).statusCode).toBe(200);
      // Issued right after, possibly in the same second: still valid.
      const fresh = await t.app.sessions.issueSessionToken({ id, role: 'student' });
      expect((await me(fresh)).statusCode).toBe(200);
    });
  });
});
