import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedDemo } from '../../seed/demo-seed';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { messages } from '../messages/messages.tables';
import { userIdByEmail } from '../users/users-testing';
import { listNotifications, unreadNotificationCount } from './notifications.service';
import { notifications } from './notifications.tables';

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

  it('word class-message notices as real ones, about the seeded messages, naming no other school', async () => {
    const notices = await database.db
      .select({ title: notifications.title, content: notifications.content })
      .from(notifications)
      .where(eq(notifications.recordType, 'messages'));
    const titles = (await database.db.select({ title: messages.title }).from(messages)).map(
      (m) => `New message: ${m.title}`,
    );
    expect(notices.length).toBeGreaterThan(0);
    for (const notice of notices) expect(titles).toContain(notice.title);
    const all = await database.db.select({ title: notifications.title }).from(notifications);
    expect(all.map((n) => n.title).join('\n')).not.toMatch(/Kids Art Studio/);
  });
});
