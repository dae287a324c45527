import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { seedDemoUsers } from './users.seed';
import { peopleByIds } from './users.service';
import { userIdByEmail } from './users-testing';

describe('peopleByIds', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoUsers(database.db);
  }, 60_000);
  afterAll(() => database.close());

  it('answers each id once, by id, without secrets, and leaves out ids with no user', async () => {
    const teacher = await userIdByEmail(database.db, 'teacher@atelier.test');
    const people = await peopleByIds(database.db, [teacher, teacher, 999_999]);
    expect([...people.keys()]).toEqual([teacher]);
    const person = people.get(teacher);
    expect(person).toMatchObject({ id: teacher, email: 'teacher@atelier.test', role: 'teacher' });
    expect(Object.keys(person ?? {}).sort()).toEqual(
      ['avatarKey', 'email', 'id', 'locale', 'name', 'role', 'timezone'].sort(),
    );
  });

  it('asks nothing for no ids', async () => {
    expect((await peopleByIds(database.db, [])).size).toBe(0);
  });
});
