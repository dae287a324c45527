import type { Language, Role } from '@atelier/contract';
import type { TestAppHandle as TestApp } from '../../lib/test-app-handle';
import { insertTestUser } from '../users/users-testing';

let ipCounter = 0;
/** A fresh client address, so one test's requests never count against another's rate limits. */
export const nextIp = () => {
  ipCounter += 1;
  return `10.${(ipCounter >> 16) & 255}.${(ipCounter >> 8) & 255}.${ipCounter & 255}`;
};

let emailCounter = 0;
export const uniqueEmail = (prefix = 'user') => {
  emailCounter += 1;
  return `${prefix}-${emailCounter}-${Date.now().toString(36)}@accounts.test`;
};

export const bearer = (jwt: string) => ({ authorization: `Bearer ${jwt}` });

export type SignedInUser = { id: number; email: string; password: string; jwt: string; role: Role };

/** A confirmed user of `role` and a session token for them. */
export async function signedInUser(
  t: TestApp,
  role: Role = 'student',
  overrides: { email?: string; password?: string; name?: string; locale?: Language | null } = {},
): Promise<SignedInUser> {
  const email = overrides.email ?? uniqueEmail(role);
  const password = overrides.password ?? 'a perfectly fine passphrase';
  const id = await insertTestUser(t.app.db, {
    email,
    password,
    role,
    name: overrides.name,
    locale: overrides.locale,
  });
  const jwt = await t.app.sessions.issueSessionToken({ id, role });
  return { id, email, password, jwt, role };
}

export const validRegistration = (email: string, overrides: Record<string, unknown> = {}) => ({
  name: 'Rin Registrant',
  email,
  password: 'purple giraffe skates',
  timezone: 'Asia/Tokyo',
  locale: 'en',
  terms_accepted: true,
  ...overrides,
});
