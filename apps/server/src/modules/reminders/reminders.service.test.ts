import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, mailTo } from '../../mail/mail-testing';
import { reminderReads } from '../../read-models/reminder-recipients';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { klasses } from '../classes/classes.tables';
import { notifications } from '../notifications/notifications.tables';
import { remindersContextOf } from './reminders.routes';
import { sendDueDigests, sendDueReminders } from './reminders.service';
import { enrollFamily, family, programmeWithKlasses } from './reminders-testing';

// Families are reminded a day before each class, in their own zone with the zone named
// (docs/product.md#class-reminders). The clock is pinned; each test uses its own dates, far from
// the others', so one test's sweep finds only its own classes.

const at = (iso: string) => new Date(iso);
const HOUR = 3_600_000;

describe('class reminders', () => {
  let t: TestApp;
  let now = at('2026-01-01T00:00:00Z');
  const ctx = () => remindersContextOf(t.app, t.config, reminderReads, () => now);

  beforeAll(async () => {
    t = await createTestApp();
  }, 60_000);
  afterAll(() => t.close());

  const noticesOf = (userId: number) =>
    t.database.db
      .select({
        title: notifications.title,
        content: notifications.content,
        recordId: notifications.recordId,
      })
      .from(notifications)
      .where(eq(notifications.recipientId, userId));

  const startOf = async (klassId: number) => {
    const [row] = await t.database.db
      .select({ startsAt: klasses.startsAt })
      .from(klasses)
      .where(eq(klasses.id, klassId));
    return row?.startsAt;
  };

  it('around the March change to daylight time, reminds 24 real hours ahead and says EDT', async () => {
    // Clocks in New York jump from 2 AM EST to 3 AM EDT on Sunday, March 8, 2026: a class at
    // 4 PM that Sunday is 20:00 UTC, and 24 hours before it is 3 PM EST on Saturday, not 4 PM.
    const classAt = at('2026-03-08T20:00:00Z');
    const p = await programmeWithKlasses(t.database.db, {
      name: 'Spring Drawing',
      klasses: [classAt],
    });
    const f = await family(t.database.db, { children: ['Mia'] });
    await enrollFamily(t.database.db, p.scheduleId, f, at('2026-02-01T00:00:00Z'));

    now = new Date(classAt.getTime() - 24 * HOUR - 60_000);
    expect(await sendDueReminders(ctx())).toBe(0);

    now = at('2026-03-07T20:00:00Z'); // Saturday 3:00 PM EST: exactly 24 hours before.
    expect(await sendDueReminders(ctx())).toBe(1);
    const mail = await latestMail(t.app, f.email, 'class_reminder');
    expect(mail?.subject).toBe(`${t.config.schoolName}: Spring Drawing on Sun Mar 8, 4:00 PM EDT`);
    expect(mail?.text).toContain('Mia has Spring Drawing on Sun Mar 8, 4:00 PM EDT.');
    // The time written is the class's real start.
    expect(await startOf(p.klassIds[0] as number)).toEqual(classAt);
    expect(await noticesOf(f.id)).toEqual([
      {
        title: 'Reminder: Spring Drawing',
        content: 'Mia: Sun Mar 8, 4:00 PM EDT.',
        recordId: p.klassIds[0],
      },
    ]);
  });

  it('around the November change back, tells the two 1:30 AMs apart and says EST after it', async () => {
    // Sunday, November 1, 2026: 1:00–2:00 AM happens twice in New York, first EDT then EST.
    const firstHalfPast = at('2026-11-01T05:30:00Z');
    const secondHalfPast = at('2026-11-01T06:30:00Z');
    const afternoon = at('2026-11-01T21:00:00Z'); // 4:00 PM EST
    const p = await programmeWithKlasses(t.database.db, {
      name: 'Night Owls',
      klasses: [firstHalfPast, secondHalfPast, afternoon],
    });
    const f = await family(t.database.db, { children: ['Leo'] });
    await enrollFamily(t.database.db, p.scheduleId, f, at('2026-10-01T00:00:00Z'));

    now = at('2026-10-31T06:00:00Z');
    expect(await sendDueReminders(ctx())).toBe(1);
    now = at('2026-10-31T06:30:00Z');
    expect(await sendDueReminders(ctx())).toBe(1);
    // 24 real hours before 4 PM EST is 5 PM EDT on Saturday; an hour earlier is too early.
    now = at('2026-10-31T20:59:00Z');
    expect(await sendDueReminders(ctx())).toBe(0);
    now = at('2026-10-31T21:00:00Z');
    expect(await sendDueReminders(ctx())).toBe(1);

    const subjects = (await mailTo(t.app, f.email)).map((m) => m.subject);
    expect(subjects).toEqual([
      `${t.config.schoolName}: Night Owls on Sun Nov 1, 1:30 AM EDT`,
      `${t.config.schoolName}: Night Owls on Sun Nov 1, 1:30 AM EST`,
      `${t.config.schoolName}: Night Owls on Sun Nov 1, 4:00 PM EST`,
    ]);
  });

  it('writes a New York class in a Tokyo family’s own time, naming the zone, in its language', async () => {
    const classAt = at('2026-04-14T20:00:00Z'); // Tue Apr 14, 4:00 PM EDT in New York
    const p = await programmeWithKlasses(t.database.db, {
      name: 'Ink Painting',
      klasses: [classAt],
    });
    const english = await family(t.database.db, {
      children: ['Aoi'],
      timezone: 'Asia/Tokyo',
    });
    const japanese = await family(t.database.db, {
      children: ['Ren', 'Sora'],
      timezone: 'Asia/Tokyo',
      locale: 'ja',
    });
    await enrollFamily(t.database.db, p.scheduleId, english, at('2026-03-01T00:00:00Z'));
    await enrollFamily(t.database.db, p.scheduleId, japanese, at('2026-03-01T00:00:00Z'));

    now = at('2026-04-14T08:00:00Z');
    // Two children, one family: one reminder each.
    expect(await sendDueReminders(ctx())).toBe(2);
    const en = await latestMail(t.app, english.email, 'class_reminder');
    expect(en?.text).toContain('Aoi has Ink Painting on Wed Apr 15, 5:00 AM GMT+9.');
    const ja = await latestMail(t.app, japanese.email, 'class_reminder');
    expect(ja?.locale).toBe('ja');
    expect(ja?.text).toContain(
      '4月15日(水) 5:00 JST から Ren、Sora さんの Ink Painting があります。',
    );
    expect((await mailTo(t.app, japanese.email)).length).toBe(1);
  });

  it('names the programme in Japanese to a Japanese family and in English to the others', async () => {
    const classAt = at('2026-05-12T20:00:00Z');
    const p = await programmeWithKlasses(t.database.db, {
      name: 'Brush Lettering',
      translations: { ja: { name: '筆文字' } },
      klasses: [classAt],
    });
    const english = await family(t.database.db, { children: ['Kai'], timezone: 'Asia/Tokyo' });
    const japanese = await family(t.database.db, {
      children: ['Mio'],
      timezone: 'Asia/Tokyo',
      locale: 'ja',
    });
    await enrollFamily(t.database.db, p.scheduleId, english, at('2026-03-01T00:00:00Z'));
    await enrollFamily(t.database.db, p.scheduleId, japanese, at('2026-03-01T00:00:00Z'));

    now = at('2026-05-12T08:00:00Z');
    expect(await sendDueReminders(ctx())).toBe(2);
    const en = await latestMail(t.app, english.email, 'class_reminder');
    expect(en?.text).toContain('Kai has Brush Lettering on');
    const ja = await latestMail(t.app, japanese.email, 'class_reminder');
    expect(ja?.text).toContain('Mio さんの 筆文字 があります。');
    expect(ja?.text).not.toContain('Brush Lettering');
  });

  it('names all of a family’s children even when a batch ends between them', async () => {
    const p = await programmeWithKlasses(t.database.db, {
      name: 'Batch Class',
      klasses: [at('2026-08-04T20:00:00Z')],
    });
    const first = await family(t.database.db, { children: ['Ann', 'Bob'] });
    const second = await family(t.database.db, { children: ['Cy', 'Di'] });
    await enrollFamily(t.database.db, p.scheduleId, first, at('2026-07-01T00:00:00Z'));
    await enrollFamily(t.database.db, p.scheduleId, second, at('2026-07-01T00:00:00Z'));
    now = at('2026-08-04T00:00:00Z');
    // Three rows a batch: the first ends after the second family's first child.
    expect(await sendDueReminders({ ...ctx(), batchSize: 3 })).toBe(2);
    expect((await latestMail(t.app, first.email))?.text).toContain('Ann and Bob have Batch Class');
    expect((await latestMail(t.app, second.email))?.text).toContain('Cy and Di have Batch Class');
  });

  it('gives an online class’s join link, and every reminder a signed one-click unsubscribe', async () => {
    const p = await programmeWithKlasses(t.database.db, {
      name: 'Online Sketching',
      format: 'online',
      meetingUrl: 'https://meet.example/sketch',
      klasses: [at('2026-05-05T22:00:00Z')],
    });
    const f = await family(t.database.db, { children: ['Kai'] });
    await enrollFamily(t.database.db, p.scheduleId, f, at('2026-04-01T00:00:00Z'));
    now = at('2026-05-05T00:00:00Z');
    expect(await sendDueReminders(ctx())).toBe(1);

    const mail = await latestMail(t.app, f.email, 'class_reminder');
    expect(mail?.text).toContain('Join the class: https://meet.example/sketch');
    const unsubscribe = mail?.links.find((l) => l.includes('/class_reminders/unsubscribe/'));
    expect(unsubscribe).toMatch(
      new RegExp(`^${t.config.appUrl}/api/v1/class_reminders/unsubscribe/${f.id}\\.[\\w-]{43}$`),
    );
    expect(mail?.headers).toEqual({
      'List-Unsubscribe': `<${unsubscribe}>`,
      'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click',
    });
  });

  it('reminds nobody who turned reminders off, chose the digest, booked too late, or of a cancelled class', async () => {
    const classAt = at('2026-06-10T16:00:00Z');
    const p = await programmeWithKlasses(t.database.db, {
      name: 'Quiet Class',
      klasses: [classAt, at('2026-06-10T18:00:00Z')],
    });
    const off = await family(t.database.db, { children: ['A'], reminders: 'off' });
    const digest = await family(t.database.db, { children: ['B'], reminders: 'weekly_digest' });
    // Booked 20 hours before the class: the receipt was the reminder.
    const late = await family(t.database.db, { children: ['C'] });
    await enrollFamily(t.database.db, p.scheduleId, off, at('2026-06-01T00:00:00Z'));
    await enrollFamily(t.database.db, p.scheduleId, digest, at('2026-06-01T00:00:00Z'));
    await enrollFamily(t.database.db, p.scheduleId, late, new Date(classAt.getTime() - 20 * HOUR));
    const onTime = await family(t.database.db, { children: ['D'] });
    await enrollFamily(t.database.db, p.scheduleId, onTime, at('2026-06-01T00:00:00Z'));
    await t.database.db
      .update(klasses)
      .set({ status: 'cancelled' })
      .where(eq(klasses.id, p.klassIds[1] as number));

    now = at('2026-06-10T00:00:00Z');
    expect(await sendDueReminders(ctx())).toBe(1);
    for (const quiet of [off, digest, late]) expect(await mailTo(t.app, quiet.email)).toEqual([]);
    expect((await mailTo(t.app, onTime.email)).map((m) => m.template)).toEqual(['class_reminder']);
    // Run again: nothing is sent twice.
    expect(await sendDueReminders(ctx())).toBe(0);
  });

  it('sends a weekly digest on Sunday evening in the family’s zone, once, listing the coming week', async () => {
    const p = await programmeWithKlasses(t.database.db, {
      name: 'Weekly Watercolour',
      klasses: [
        at('2026-07-11T20:00:00Z'), // Sat Jul 11: this week, not listed
        at('2026-07-14T20:00:00Z'), // Tue Jul 14, 4:00 PM EDT
        at('2026-07-16T20:00:00Z'), // Thu Jul 16
        at('2026-07-20T20:00:00Z'), // the Monday after: next week's digest
      ],
    });
    const f = await family(t.database.db, { children: ['Ivy'], reminders: 'weekly_digest' });
    await enrollFamily(t.database.db, p.scheduleId, f, at('2026-07-01T00:00:00Z'));

    now = at('2026-07-12T21:59:00Z'); // Sunday 5:59 PM EDT
    expect(await sendDueDigests(ctx())).toBe(0);
    now = at('2026-07-12T22:00:00Z'); // Sunday 6:00 PM EDT
    expect(await sendDueDigests(ctx())).toBe(1);
    expect(await sendDueDigests(ctx())).toBe(0);
    // A digest family gets no reminder per class.
    now = at('2026-07-14T00:00:00Z');
    expect(await sendDueReminders(ctx())).toBe(0);

    const mails = await mailTo(t.app, f.email);
    expect(mails.map((m) => m.template)).toEqual(['class_digest']);
    const text = mails[0]?.text ?? '';
    expect(text).toContain('Your family has 2 classes in the coming week:');
    expect(text).toContain('Tue Jul 14, 4:00 PM EDT · Weekly Watercolour · Ivy');
    expect(text).toContain('Thu Jul 16, 4:00 PM EDT · Weekly Watercolour · Ivy');
    expect(text).not.toContain('Jul 11');
    expect(text).not.toContain('Jul 20');
    expect(mails[0]?.headers?.['List-Unsubscribe-Post']).toBe('List-Unsubscribe=One-Click');
  });
});
