import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { anyUserExists } from '../modules/users';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { seedIfEmpty } from './demo-seed';

describe('seedIfEmpty', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 60_000);
  afterAll(() => database.close());

  it('fills an empty database once, and leaves one with accounts alone', async () => {
    expect(await anyUserExists(database.db)).toBe(false);
    expect(await seedIfEmpty(database.db)).toBe(true);
    expect(await anyUserExists(database.db)).toBe(true);
    expect(await seedIfEmpty(database.db)).toBe(false);
  }, 120_000);
});
