import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { userIdByEmail } from '../users/users-testing';
import { listNotifications, unreadNotificationCount } from './notifications.service';

describe('demo notifications', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
  }, 60_000);
  afterAll(() => database.close());

  const idOf = (email: string) => userIdByEmail(database.db, email);

  it('give the demo student and parent unread notifications from the teacher', async () => {
    for (const email of ['student@atelier.test', 'parent@atelier.test']) {
      const id = await idOf(email);
      expect((await unreadNotificationCount(database.db, id)).data, email).toBe(2);
      const doc = await listNotifications(database.db, id, 1);
      expect(doc.included?.map((s) => s.attributes.name)).toContain('Theo Teacher');
    }
    const admin = await idOf('admin@atelier.test');
    expect((await unreadNotificationCount(database.db, admin)).data).toBe(0);
  });
});
