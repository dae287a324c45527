import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../db/seed';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { users } from '../users/users.tables';
import { listNotifications, unreadNotificationCount } from './notifications.service';

describe('demo notifications', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
  }, 60_000);
  afterAll(() => database.close());

  const idOf = async (email: string) => {
    const [row] = await database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, email));
    return row?.id ?? 0;
  };

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
