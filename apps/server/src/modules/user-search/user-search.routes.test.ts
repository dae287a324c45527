import {
  ACCOUNTS_API,
  fieldMessages,
  ID_MAX,
  PAGE_SIZE,
  TEXT_MESSAGES,
  userListDocumentSchema,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { likePattern } from '../../lib/like-pattern';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { bearer, type SignedInUser, signedInUser } from '../accounts/accounts-testing';
import { insertUserRows } from '../users/users-testing';

// Building the app on a fresh database takes seconds on a busy machine.
const HOOK_TIMEOUT_MS = 60_000;

describe('GET /api/v1/users/search', { timeout: 60_000 }, () => {
  let t: TestApp;
  let teacher: SignedInUser;
  let admin: SignedInUser;
  let student: SignedInUser;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    t = await createTestApp();
    teacher = await signedInUser(t, 'teacher', { name: 'Tess Teacher', email: 'tess@search.test' });
    admin = await signedInUser(t, 'admin', { name: 'Adam Admin', email: 'adam@search.test' });
    student = await signedInUser(t, 'student', { name: 'Stu Dent', email: 'stu@search.test' });
    const rows = await insertUserRows(t.app.db, [
      { name: 'Hanako Yamada', email: 'hanako@search.test', passwordHash: 'x', role: 'student' },
      { name: 'Yamada Taro', email: 'taro@Elsewhere.test', passwordHash: 'x', role: 'student' },
      {
        name: 'Maria Lopez',
        email: 'maria.yamada@search.test',
        passwordHash: 'x',
        role: 'teacher',
      },
      {
        name: '50%_off Person',
        email: 'percent@search.test',
        passwordHash: 'x',
        role: 'student',
      },
    ]);
    for (const row of rows) ids[row.name] = row.id;
  }, HOOK_TIMEOUT_MS);
  afterAll(() => t.close());

  const search = (actor: SignedInUser | null, query: string) =>
    t.app.inject({
      method: 'GET',
      url: `${ACCOUNTS_API.usersSearch}?${query}`,
      headers: actor ? bearer(actor.jwt) : {},
    });
  const names = async (actor: SignedInUser, query: string) => {
    const res = await search(actor, query);
    expect(res.statusCode, res.body).toBe(200);
    return userListDocumentSchema.parse(res.json()).data.map((u) => u.attributes.name);
  };

  it('matches name or e-mail, case-insensitively, ordered by name', async () => {
    expect(await names(teacher, 'keyword=YAMADA')).toEqual([
      'Hanako Yamada',
      'Maria Lopez',
      'Yamada Taro',
    ]);
    expect(await names(admin, 'keyword=elsewhere')).toEqual(['Yamada Taro']);
  });

  it('filters by role and leaves out the exceptions, comma-separated or repeated', async () => {
    expect(await names(teacher, 'keyword=yamada&role=teacher')).toEqual(['Maria Lopez']);
    expect(
      await names(
        teacher,
        `keyword=yamada&exceptions=${ids['Hanako Yamada']},${ids['Maria Lopez']}`,
      ),
    ).toEqual(['Yamada Taro']);
    expect(
      await names(
        teacher,
        `keyword=yamada&exceptions=${ids['Hanako Yamada']}&exceptions=${ids['Yamada Taro']}`,
      ),
    ).toEqual(['Maria Lopez']);
  });

  it('takes the keyword literally: % and _ are not wildcards', async () => {
    expect(await names(teacher, 'keyword=50%25_')).toEqual(['50%_off Person']);
    expect(await names(teacher, 'keyword=%25')).toEqual(['50%_off Person']);
    expect(likePattern('a\\b%_')).toBe('%a\\\\b\\%\\_%');
  });

  it('is for teachers and admins: 401 for guests, 403 for students', async () => {
    expect((await search(null, 'keyword=a')).statusCode).toBe(401);
    expect((await search(student, 'keyword=a')).statusCode).toBe(403);
  });

  it('refuses malformed exceptions and roles with 422', async () => {
    expect((await search(teacher, 'exceptions=1,abc')).statusCode).toBe(422);
    expect((await search(teacher, 'role=owner')).statusCode).toBe(422);
  });

  it('pages with a fixed page size, in one query per page', async () => {
    await insertUserRows(
      t.app.db,
      Array.from({ length: PAGE_SIZE + 5 }, (_, i) => ({
        name: `Paged ${String(i).padStart(2, '0')}`,
        email: `paged${i}@search.test`,
        passwordHash: 'x',
      })),
    );
    const before = t.database.queryCount();
    const first = userListDocumentSchema.parse((await search(teacher, 'keyword=paged')).json());
    const queries = t.database.queryCount() - before;
    expect(first.data).toHaveLength(PAGE_SIZE);
    expect(first.meta).toEqual({ total: PAGE_SIZE + 5, page: 1, per_page: PAGE_SIZE });
    const second = userListDocumentSchema.parse(
      (await search(teacher, 'keyword=paged&page=2')).json(),
    );
    expect(second.data.map((u) => u.attributes.name)).toEqual(
      Array.from({ length: 5 }, (_, i) => `Paged ${PAGE_SIZE + i}`),
    );
    // The session check is cached after the first request of a token; the search is one query.
    expect(queries).toBeLessThanOrEqual(2);
  });

  // The staff search reads its keyword, ids and page through the contract's text, id and page
  // schemas: a NUL keyword or an overflowing id is a 422 on its field, never a 500.
  describe('user search: input the database cannot hold', () => {
    let teacher: SignedInUser;
    beforeAll(async () => {
      teacher = await signedInUser(t, 'teacher');
    });

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
});
