import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from '../../db/demo-accounts';
import { Mailer } from '../../mail/mailer';
import { reminderReads } from '../../read-models/reminder-recipients';
import { seedDemo } from '../../seed/demo-seed';
import { createTestDatabase, type TestDatabase } from '../../testing/test-database';
import { users } from '../users/users.tables';
import { sweepReminders } from './reminders.service';

// A demo started (and every end-to-end run, which reads the demo accounts' mail and
// notifications) stays quiet: its made-up families have reminders off (decision 049).
describe('demo data and class reminders', () => {
  let database: TestDatabase;
  const seededAt = new Date();
  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemo(database.db);
  }, 60_000);
  afterAll(() => database.close());

  it('seeds every demo account with reminders off, so no sweep in the week after mails them', async () => {
    const rows = await database.db
      .select({ choice: users.classReminders })
      .from(users)
      .where(
        inArray(
          users.email,
          DEMO_ACCOUNTS.map((a) => a.email),
        ),
      );
    expect(rows.length).toBe(DEMO_ACCOUNTS.length);
    expect(new Set(rows.map((r) => r.choice))).toEqual(new Set(['off']));

    const queued: string[] = [];
    const notified: number[] = [];
    const mailer = new Mailer({
      schoolName: 'S',
      appUrl: 'http://s.test',
      contactEmail: 'o@s.test',
    });
    mailer.queue = async (_executor, request) => {
      queued.push(request.to);
      return 0;
    };
    for (let hours = 0; hours <= 8 * 24; hours += 6) {
      await sweepReminders({
        db: database.db,
        reads: reminderReads,
        mailer,
        notify: async (input) => notified.push(input.recipientId),
        secret: 'a-server-secret-of-at-least-32-characters',
        appUrl: 'http://s.test',
        leadMs: 24 * 3_600_000,
        now: () => new Date(seededAt.getTime() + hours * 3_600_000),
        log: { warn: () => undefined },
      });
    }
    expect(queued).toEqual([]);
    expect(notified).toEqual([]);
  });
});
