import {
  ACCOUNTS_API,
  API,
  fieldMessages,
  TEXT_MESSAGES,
  userDocumentSchema,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  bearer,
  nextIp,
  type SignedInUser,
  signedInUser,
  uniqueEmail,
  validRegistration,
} from './accounts-testing';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

// Every text field of the accounts routes goes through the contract's text schema: a control
// character is a 422 on its field, and a NUL never reaches the database (docs/product.md#validation).
describe('accounts routes: text and ids the database cannot hold', { timeout: 120_000 }, () => {
  let t: TestApp;
  let member: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    member = await signedInUser(t, 'student');
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const register = (user: Record<string, unknown>) =>
    t.app.inject({
      method: 'POST',
      url: ACCOUNTS_API.register,
      payload: { user },
      remoteAddress: nextIp(),
    });

  it('refuses a registration whose name holds a NUL or another control character', async () => {
    for (const name of ['Rin\u0000', 'Rin\u0007', '\u001bRin', 'Rin\u007fR', 'Rin\nR']) {
      const res = await register(validRegistration(uniqueEmail(), { name }));
      expect(res.statusCode, JSON.stringify(name)).toBe(422);
      expect(fieldMessages(res.json())).toEqual({ name: TEXT_MESSAGES.controlCharacter });
    }
    expect((await register(validRegistration(uniqueEmail(), { name: '山田 凛' }))).statusCode).toBe(
      202,
    );
  });

  it('refuses a NUL in the e-mail address and the password, at registration and sign-in', async () => {
    const email = await register(validRegistration(`rin\u0000${uniqueEmail()}`));
    expect(email.statusCode).toBe(422);
    expect(Object.keys(fieldMessages(email.json()))).toEqual(['email']);

    const password = await register(
      validRegistration(uniqueEmail(), { password: 'purple giraffe\u0000 skates' }),
    );
    expect(password.statusCode).toBe(422);
    expect(fieldMessages(password.json())).toEqual({ password: TEXT_MESSAGES.controlCharacter });

    const signIn = await t.app.inject({
      method: 'POST',
      url: API.signIn,
      payload: { auth: { email: member.email, password: `${member.password}\u0000` } },
      remoteAddress: nextIp(),
    });
    expect(signIn.statusCode).toBe(422);
    expect(fieldMessages(signIn.json())).toEqual({ password: TEXT_MESSAGES.controlCharacter });
  });

  it('refuses account settings with a control character, and ids beyond an integer', async () => {
    const update = (id: string | number, user: Record<string, unknown>) =>
      t.app.inject({
        method: 'PUT',
        url: ACCOUNTS_API.user(id),
        payload: { user },
        headers: bearer(member.jwt),
      });
    const named = await update(member.id, { name: 'New\u0000Name' });
    expect(named.statusCode).toBe(422);
    expect(fieldMessages(named.json())).toEqual({ name: TEXT_MESSAGES.controlCharacter });
    const fine = await update(member.id, { name: 'New Name' });
    expect(userDocumentSchema.parse(fine.json()).data.attributes.name).toBe('New Name');

    for (const bad of ['2147483648', '9223372036854775808', '0x10', '1e3']) {
      expect((await update(bad, { name: 'X' })).statusCode, bad).toBe(422);
      const email = await t.app.inject({
        method: 'PUT',
        url: ACCOUNTS_API.userEmail(bad),
        payload: { email: uniqueEmail(), current_password: member.password },
        headers: bearer(member.jwt),
      });
      expect(email.statusCode, bad).toBe(422);
      expect(fieldMessages(email.json())).toEqual({ id: 'Invalid input' });
    }
  });
});
