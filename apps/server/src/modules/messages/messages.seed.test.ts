import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  messageById,
  receivedMessages,
  sentMessages,
} from '../../read-models/message-lists/message-lists.queries';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { seedDemoNotifications } from '../notifications';
import { notifications } from '../notifications/notifications.tables';
import { seedDemoUsers } from '../users';
import { userIdByEmail } from '../users/users-testing';
import { seedDemoMessages } from './messages.seed';

describe('demo class messages', () => {
  let database: TestDatabase;
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoUsers(database.db);
    await seedDemoNotifications(database.db);
    await seedDemoMessages(database.db);
  }, 60_000);
  afterAll(() => database.close());

  const idOf = (email: string) => userIdByEmail(database.db, email);

  it('are the messages the demo notifications open, one read and one not', async () => {
    const opened = await database.db
      .select({ recipientId: notifications.recipientId, recordId: notifications.recordId })
      .from(notifications)
      .where(eq(notifications.recordType, 'messages'));
    expect(opened.length).toBeGreaterThan(0);
    for (const n of opened) {
      const mine = await receivedMessages(database.db, n.recipientId, { limit: 20, offset: 0 });
      expect(mine.rows.map((r) => r.id)).toContain(n.recordId);
    }
    const teacher = await idOf('teacher@atelier.test');
    const sent = await sentMessages(database.db, teacher, { limit: 20, offset: 0 });
    expect(sent.rows.map((r) => [r.title, r.recipientCount, r.readCount])).toEqual([
      ['No class next Monday', 1, 0],
      ['Bring a sketchbook', 1, 1],
    ]);
  });

  it('are seeded once', async () => {
    await seedDemoMessages(database.db);
    const teacher = await idOf('teacher@atelier.test');
    expect((await sentMessages(database.db, teacher, { limit: 20, offset: 0 })).total).toBe(2);
    expect((await messageById(database.db, 3))?.id).toBeUndefined();
  });
});
