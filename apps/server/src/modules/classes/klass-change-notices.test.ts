import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { familiesEnrolledIn } from '../../read-models/audiences';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { notifications } from '../notifications/notifications.tables';
import { attendeeProfiles } from '../users/users.tables';
import { as, type Cast, enroll, programmeWithSchedule } from './classes-testing';
import { klassChange, tellFamiliesOfKlassChange } from './klass-change-notices';

// A session cancelled, restored or moved is news for every family with a child in the schedule
// (docs/product.md#routes-and-screens, "Notifications dialog"): one notice per family, in its language, opening /classes.
describe('families hear when a session changes', () => {
  let t: TestApp;
  let c: Cast;
  let klassIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const { scheduleId, schedule } = await programmeWithSchedule(t, c, {
      programme: { name: 'Comics Drawing' },
    });
    klassIds = (schedule.included as { type: string; id: string }[])
      .filter((r) => r.type === 'klasses')
      .map((r) => r.id);
    // Both of the parent's children attend; the student is not in this schedule.
    await enroll(t, scheduleId, [c.parent.attendees.mia, c.parent.attendees.leo]);
    await speaks('ja');
  }, 60_000);
  afterAll(() => t.close());

  /** The parent chooses a language in account settings. */
  async function speaks(locale: 'en' | 'ja') {
    const saved = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${c.parent.id}`,
      headers: as(c.parent),
      payload: { user: { locale } },
    });
    expect(saved.statusCode).toBe(200);
  }

  const noticesOf = (userId: number) =>
    t.database.db
      .select({
        title: notifications.title,
        content: notifications.content,
        type: notifications.recordType,
        recordId: notifications.recordId,
        senderId: notifications.senderId,
      })
      .from(notifications)
      .where(eq(notifications.recipientId, userId))
      .orderBy(notifications.id);

  const patch = (id: string, klass: Record<string, unknown>) =>
    t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klasses/${id}`,
      headers: as(c.admin),
      payload: { klass },
    });

  it('tells each family once, in its language, that a session is cancelled, back on or moved', async () => {
    const id = klassIds[0] as string;
    expect((await patch(id, { status: 'cancelled' })).statusCode).toBe(200);
    expect((await patch(id, { status: 'scheduled' })).statusCode).toBe(200);
    expect(
      (
        await patch(id, {
          starts_at: '2030-03-09T16:00:00-05:00',
          ends_at: '2030-03-09T18:00:00-05:00',
        })
      ).statusCode,
    ).toBe(200);

    const parent = await noticesOf(c.parent.id);
    // Two children, one family: one notice per change.
    expect(parent).toHaveLength(3);
    expect(parent.map((n) => n.type)).toEqual(['klasses', 'klasses', 'klasses']);
    expect(parent.every((n) => n.recordId === Number(id) && n.senderId === c.admin.id)).toBe(true);
    expect(parent[0]?.title).toBe('Comics Drawing の回が休講になりました');
    expect(parent[1]?.title).toBe('Comics Drawing の回が再開されます');
    expect(parent[2]?.title).toBe('Comics Drawing の回の日時が変わりました');
    expect(parent[2]?.content).toMatch(/2030/);
    // The zone is named, as Japanese writes New York's winter offset.
    expect(parent[2]?.content).toMatch(/ GMT-5 の回は .+ GMT-5 に変更になりました。$/);
    // Nobody outside the schedule hears of it.
    expect(await noticesOf(c.student.id)).toHaveLength(0);
  });

  it('says nothing when nothing a family cares about changed', async () => {
    const id = klassIds[1] as string;
    const before = (await noticesOf(c.parent.id)).length;
    const current = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klasses/${id}`,
      headers: as(c.admin),
      payload: { klass: { status: 'scheduled' } },
    });
    expect(current.statusCode).toBe(200);
    expect(await noticesOf(c.parent.id)).toHaveLength(before);
  });

  it('writes English for a family that reads English', async () => {
    await speaks('en');
    const id = klassIds[2] as string;
    await patch(id, { status: 'cancelled' });
    const last = (await noticesOf(c.parent.id)).at(-1);
    expect(last?.title).toBe('Comics Drawing: a session is cancelled');
    // The time names its zone: "… 10:00 AM EST".
    expect(last?.content).toMatch(
      /^The session of .+ \d{1,2}:\d{2}\s[AP]M EST will not take place\.$/,
    );
  });

  // Editing a schedule's weekly pattern moves, drops or adds its upcoming sessions (decision 011):
  // each family hears of it once per edit, summed up (docs/decisions/043-attendance-and-pattern-edit-notices.md).
  describe('when a schedule’s pattern is edited', () => {
    let figure: { scheduleId: string; firstKlass: number };

    beforeAll(async () => {
      const made = await programmeWithSchedule(t, c, { programme: { name: 'Figure Drawing' } });
      figure = {
        scheduleId: made.scheduleId,
        firstKlass: Number(
          (made.schedule.included as { type: string; id: string }[]).find(
            (r) => r.type === 'klasses',
          )?.id,
        ),
      };
      const [zoe] = await t.database.db
        .insert(attendeeProfiles)
        .values({ userId: c.student.id, name: 'Zoe Student' })
        .returning({ id: attendeeProfiles.id });
      await enroll(t, figure.scheduleId, [c.parent.attendees.mia, c.parent.attendees.leo]);
      await enroll(t, figure.scheduleId, [zoe?.id ?? 0]);
    });

    const edit = (schedule: Record<string, unknown>) =>
      t.app.inject({
        method: 'PATCH',
        url: `/api/v1/klass_group_schedules/${figure.scheduleId}`,
        headers: as(c.admin),
        payload: { klass_group_schedule: schedule },
      });

    it('still tells the other families when telling one fails, then reports the failure', async () => {
      const told: number[] = [];
      const failing = async (input: { recipientId: number }) => {
        told.push(input.recipientId);
        if (told.length === 1) throw new Error('notification store down');
      };
      await expect(
        tellFamiliesOfKlassChange(
          {
            db: t.database.db,
            familiesEnrolledIn: (id) => familiesEnrolledIn(t.database.db, id),
          },
          failing,
          { id: figure.firstKlass, scheduleId: Number(figure.scheduleId) },
          { kind: 'cancelled', startsAt: new Date('2030-01-05T15:00:00Z') },
          c.admin.id,
        ),
      ).rejects.toThrow('notification store down');
      expect([...told].sort()).toEqual([c.parent.id, c.student.id].sort());
    });

    it('tells each family once per edit, in its language, summing up every session moved', async () => {
      await speaks('ja');
      const before = {
        parent: (await noticesOf(c.parent.id)).length,
        student: (await noticesOf(c.student.id)).length,
      };
      // Eight Saturdays move from 10:00 to 13:00: one notice each, not eight.
      const res = await edit({ slots: [{ weekday: 6, start_time: '13:00', end_time: '15:00' }] });
      expect(res.statusCode).toBe(200);

      const parent = (await noticesOf(c.parent.id)).slice(before.parent);
      expect(parent).toHaveLength(1);
      expect(parent[0]).toMatchObject({
        title: 'Figure Drawing の日程が変わりました',
        type: 'klasses',
        recordId: figure.firstKlass,
        senderId: c.admin.id,
      });
      // Five changes spelled out, three counted.
      expect(parent[0]?.content).toMatch(/ほか3件。カレンダーでご確認ください。$/);

      const student = (await noticesOf(c.student.id)).slice(before.student);
      expect(student).toHaveLength(1);
      expect(student[0]?.title).toBe('Figure Drawing: the class schedule has changed');
      expect(student[0]?.content).toMatch(
        /^Sat, Jan 5, 2030, 10:00\sAM – 12:00\sPM EST is now Sat, Jan 5, 2030, 1:00\sPM – 3:00\sPM EST; Sat, Jan 12, 2030, 10:00\sAM/,
      );
      expect(student[0]?.content).toMatch(
        /; and 3 more changes\. See your calendar for every session\.$/,
      );
      // Staff are not families.
      expect(await noticesOf(c.teacher.id)).toHaveLength(0);
    });

    it('tells of the sessions an earlier end date drops, and points at the next session', async () => {
      await speaks('en');
      const before = (await noticesOf(c.parent.id)).length;
      expect((await edit({ end_date: '2030-02-09' })).statusCode).toBe(200);
      const fresh = (await noticesOf(c.parent.id)).slice(before);
      expect(fresh).toHaveLength(1);
      expect(fresh[0]?.content).toMatch(
        /^Sat, Feb 16, 2030, 1:00\sPM – 3:00\sPM EST will not take place; Sat, Feb 23, 2030, 1:00\sPM – 3:00\sPM EST will not take place\. See your calendar for every session\.$/,
      );
      expect(fresh[0]?.recordId).toBe(figure.firstKlass);
    });

    it('says nothing when no upcoming session changes, nor when the edit is refused', async () => {
      const before = {
        parent: (await noticesOf(c.parent.id)).length,
        student: (await noticesOf(c.student.id)).length,
      };
      // A holiday on a Wednesday: the pattern changed, its sessions did not.
      expect((await edit({ exception_dates: ['2030-01-09'] })).statusCode).toBe(200);
      expect((await edit({ name: 'Saturday afternoons', capacity: 12 })).statusCode).toBe(200);
      // The same pattern again.
      expect(
        (await edit({ slots: [{ weekday: 6, start_time: '13:00', end_time: '15:00' }] }))
          .statusCode,
      ).toBe(200);
      // Refused (422): nothing changed, nobody is told.
      expect((await edit({ end_date: '2029-01-01' })).statusCode).toBe(422);
      expect(await noticesOf(c.parent.id)).toHaveLength(before.parent);
      expect(await noticesOf(c.student.id)).toHaveLength(before.student);
    });

    it('tells of new sessions a later end date adds', async () => {
      const before = (await noticesOf(c.student.id)).length;
      expect((await edit({ end_date: '2030-02-16' })).statusCode).toBe(200);
      const fresh = (await noticesOf(c.student.id)).slice(before);
      expect(fresh).toHaveLength(1);
      expect(fresh[0]?.content).toMatch(
        /^New session on Sat, Feb 16, 2030, 1:00\sPM – 3:00\sPM EST\. See your calendar/,
      );
    });
  });

  // What the school wrote reaches each family in its own language (docs/architecture.md#translated-content):
  // the programme's Japanese name for a family reading Japanese, the English one for the others.
  it('names the programme in each family’s language', async () => {
    await speaks('ja');
    const made = await programmeWithSchedule(t, c, {
      programme: { name: 'Watercolour', translations: { ja: { name: '水彩画' } } },
    });
    const firstKlass = (made.schedule.included as { type: string; id: string }[]).find(
      (r) => r.type === 'klasses',
    )?.id as string;
    const [kim] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: c.student.id, name: 'Kim Student' })
      .returning({ id: attendeeProfiles.id });
    await enroll(t, made.scheduleId, [c.parent.attendees.mia]);
    await enroll(t, made.scheduleId, [kim?.id ?? 0]);
    const before = {
      parent: (await noticesOf(c.parent.id)).length,
      student: (await noticesOf(c.student.id)).length,
    };

    expect((await patch(firstKlass, { status: 'cancelled' })).statusCode).toBe(200);
    const edited = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_group_schedules/${made.scheduleId}`,
      headers: as(c.admin),
      payload: {
        klass_group_schedule: { slots: [{ weekday: 6, start_time: '13:00', end_time: '15:00' }] },
      },
    });
    expect(edited.statusCode).toBe(200);

    const parent = (await noticesOf(c.parent.id)).slice(before.parent);
    expect(parent.map((n) => n.title)).toEqual([
      '水彩画 の回が休講になりました',
      '水彩画 の日程が変わりました',
    ]);
    // The student's account chose no language: English, the programme's own name.
    const student = (await noticesOf(c.student.id)).slice(before.student);
    expect(student.map((n) => n.title)).toEqual([
      'Watercolour: a session is cancelled',
      'Watercolour: the class schedule has changed',
    ]);
  });
});

describe('klassChange', () => {
  const at = (iso: string) => new Date(iso);
  it('names a cancellation, a restoration and a move, and nothing else', () => {
    const base = { startsAt: at('2030-01-05T15:00:00Z'), status: 'scheduled' };
    expect(klassChange(base, { ...base, status: 'cancelled' })).toMatchObject({
      kind: 'cancelled',
    });
    expect(klassChange({ ...base, status: 'cancelled' }, base)).toMatchObject({
      kind: 'restored',
    });
    expect(klassChange(base, { ...base, startsAt: at('2030-01-06T15:00:00Z') })).toMatchObject({
      kind: 'moved',
    });
    expect(klassChange(base, { ...base })).toBeNull();
    // A cancelled session re-timed is still cancelled: nobody is coming either way.
    const off = { ...base, status: 'cancelled' };
    expect(klassChange(off, { ...off, startsAt: at('2030-01-06T15:00:00Z') })).toBeNull();
  });
});
