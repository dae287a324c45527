import {
  ACCOUNTS_API,
  fieldMessages,
  ID_MAX,
  TEXT_MESSAGES,
  userListDocumentSchema,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bearer, type SignedInUser, signedInUser } from '../accounts/accounts-testing';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

// The staff search reads its keyword, ids and page through the contract's text, id and page
// schemas: a NUL keyword or an overflowing id is a 422 on its field, never a 500.
describe('user search: input the database cannot hold', { timeout: 60_000 }, () => {
  let t: TestApp;
  let teacher: SignedInUser;
  beforeAll(async () => {
    t = await createTestApp();
    teacher = await signedInUser(t, 'teacher');
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const search = (query: string) =>
    t.app.inject({
      method: 'GET',
      url: `${ACCOUNTS_API.usersSearch}?${query}`,
      headers: bearer(teacher.jwt),
    });

  it('refuses a keyword holding a control character with a 422 on keyword', async () => {
    for (const keyword of ['%00', 'ab%07', '%1B%5B31m', 'a%7F']) {
      const res = await search(`keyword=${keyword}`);
      expect(res.statusCode, keyword).toBe(422);
      expect(fieldMessages(res.json())).toEqual({ keyword: TEXT_MESSAGES.controlCharacter });
    }
    expect((await search(`keyword=${encodeURIComponent('山田')}`)).statusCode).toBe(200);
  });

  it('refuses exceptions and pages beyond a PostgreSQL integer', async () => {
    for (const bad of ['2147483648', '9223372036854775808', '0x10', '1e3']) {
      const excepted = await search(`exceptions=1,${bad}`);
      expect(excepted.statusCode, bad).toBe(422);
      expect(Object.keys(fieldMessages(excepted.json()))[0]).toMatch(/^exceptions/);
      const paged = await search(`page=${bad}`);
      expect(paged.statusCode, bad).toBe(422);
      expect(fieldMessages(paged.json())).toEqual({ page: 'Invalid input' });
    }
    const last = await search(`page=${ID_MAX}&exceptions=${ID_MAX}`);
    expect(last.statusCode).toBe(200);
    expect(userListDocumentSchema.parse(last.json()).data).toEqual([]);
  });
});
