import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mailTo } from '../../mail/mail-testing';
import { reminderReads } from '../../read-models/reminder-recipients';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { notifications } from '../notifications/notifications.tables';
import { remindersContextOf } from './reminders.routes';
import { sendDueReminders } from './reminders.service';
import { enrollFamily, family, programmeWithKlasses } from './reminders-testing';

// Every server process sweeps for reminders (docs/architecture.md#class-reminders): two sweeps at
// once, as two processes would run them, still send each family one reminder per class.
describe('class reminders under concurrent sweeps', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  it('sends each (class, family) reminder once, whichever sweep claims it', async () => {
    const p = await programmeWithKlasses(t.database.db, {
      name: 'Crowded Class',
      klasses: [new Date('2026-09-01T20:00:00Z'), new Date('2026-09-01T22:00:00Z')],
    });
    const families = [];
    for (let i = 0; i < 6; i++) {
      const f = await family(t.database.db, { children: [`Child ${i}`, `Sibling ${i}`] });
      await enrollFamily(t.database.db, p.scheduleId, f, new Date('2026-08-01T00:00:00Z'));
      families.push(f);
    }
    const now = () => new Date('2026-09-01T06:00:00Z');
    const [a, b] = await Promise.all([
      sendDueReminders(remindersContextOf(t.app, t.config, reminderReads, now)),
      sendDueReminders(remindersContextOf(t.app, t.config, reminderReads, now)),
    ]);
    // Two classes for six families: twelve reminders between both sweeps, none twice.
    expect(a + b).toBe(12);
    for (const f of families) {
      expect((await mailTo(t.app, f.email)).map((m) => m.template)).toEqual([
        'class_reminder',
        'class_reminder',
      ]);
    }
    const notices = await t.database.db
      .select({ id: notifications.id })
      .from(notifications)
      .where(
        inArray(
          notifications.recipientId,
          families.map((f) => f.id),
        ),
      );
    expect(notices).toHaveLength(12);
  });
});
