import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { notifications } from '../notifications/notifications.tables';
import { as, type Cast, cast, enroll, programmeWithSchedule } from './classes-testing';
import { sessionChange } from './session-change-notices';

// A session cancelled, restored or moved is news for every family with a child in the schedule
// (docs/product.md#routes-and-screens, "Notifications dialog"): one notice per family, in its language, opening /classes.
describe('families hear when a session changes', () => {
  let t: TestApp;
  let c: Cast;
  let sessionIds: string[];

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    const { scheduleId, schedule } = await programmeWithSchedule(t, c, {
      programme: { name: 'Comics Drawing' },
    });
    sessionIds = (schedule.included as { type: string; id: string }[])
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
    const id = sessionIds[0] as string;
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
    // Nobody outside the schedule hears of it.
    expect(await noticesOf(c.student.id)).toHaveLength(0);
  });

  it('says nothing when nothing a family cares about changed', async () => {
    const id = sessionIds[1] as string;
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
    const id = sessionIds[2] as string;
    await patch(id, { status: 'cancelled' });
    const last = (await noticesOf(c.parent.id)).at(-1);
    expect(last?.title).toBe('Comics Drawing: a session is cancelled');
    expect(last?.content).toMatch(/^The session of .+ will not take place\.$/);
  });
});

describe('sessionChange', () => {
  const at = (iso: string) => new Date(iso);
  it('names a cancellation, a restoration and a move, and nothing else', () => {
    const base = { startsAt: at('2030-01-05T15:00:00Z'), status: 'scheduled' };
    expect(sessionChange(base, { ...base, status: 'cancelled' })).toMatchObject({
      kind: 'cancelled',
    });
    expect(sessionChange({ ...base, status: 'cancelled' }, base)).toMatchObject({
      kind: 'restored',
    });
    expect(sessionChange(base, { ...base, startsAt: at('2030-01-06T15:00:00Z') })).toMatchObject({
      kind: 'moved',
    });
    expect(sessionChange(base, { ...base })).toBeNull();
    // A cancelled session re-timed is still cancelled: nobody is coming either way.
    const off = { ...base, status: 'cancelled' };
    expect(sessionChange(off, { ...off, startsAt: at('2030-01-06T15:00:00Z') })).toBeNull();
  });
});
