import { MESSAGES_API, MESSAGES_MESSAGES } from '@atelier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail, mailTo } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { klassGroupSchedules } from '../classes/classes.tables';
import {
  as,
  type Cast,
  enroll,
  type Person,
  person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { notifications } from '../notifications/notifications.tables';
import { attendeeProfiles, users } from '../users/users.tables';

// Class messages (docs/product.md#class-messages): who may write to whom, who receives them
// (each family once), their notifications and e-mails in each family's language, and the
// sender's read receipts.
describe('class messages', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  /** Taught by c.teacher: the parent (two children), Sam and Jun (reads Japanese); Cam left. */
  let mine: { id: string; klasses: string[] };
  /** Taught by c.otherTeacher: Kim only. */
  let theirs: { id: string; klasses: string[] };
  /** Taught by c.teacher, nobody enrolled. */
  let empty: { id: string; klasses: string[] };
  let jun: Person;
  let kim: Person;
  let cam: Person;

  const klassesOf = (schedule: { included?: { type: string; id: string }[] }) =>
    (schedule.included ?? []).filter((r) => r.type === 'klasses').map((r) => r.id);

  async function child(parent: Person, name: string): Promise<number> {
    const [row] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: parent.id, name, birthday: '2016-05-05' })
      .returning({ id: attendeeProfiles.id });
    if (!row) throw new Error('no child');
    return row.id;
  }

  async function speaks(who: Person, locale: 'en' | 'ja') {
    const res = await t.app.inject({
      method: 'PUT',
      url: `/api/v1/users/${who.id}`,
      headers: as(who),
      payload: { user: { locale } },
    });
    expect(res.statusCode).toBe(200);
  }

  async function emailOf(who: Person): Promise<string> {
    const [row] = await t.database.db
      .select({ email: users.email })
      .from(users)
      .where(eq(users.id, who.id));
    return row?.email ?? '';
  }

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    jun = await person(t, 'student', 'Jun Family');
    kim = await person(t, 'student', 'Kim Family');
    cam = await person(t, 'student', 'Cam Family');
    await speaks(jun, 'ja');
    const a = await programmeWithSchedule(t, c, { programme: { name: 'Comics Drawing' } });
    mine = { id: a.scheduleId, klasses: klassesOf(a.schedule) };
    const b = await programmeWithSchedule(t, c, {
      programme: { name: 'Figure Drawing' },
      schedule: { teacher_id: String(c.otherTeacher.id), name: 'Evenings' },
    });
    theirs = { id: b.scheduleId, klasses: klassesOf(b.schedule) };
    const e = await programmeWithSchedule(t, c, { programme: { name: 'Art Science' } });
    empty = { id: e.scheduleId, klasses: klassesOf(e.schedule) };
    await enroll(t, mine.id, [c.parent.attendees.mia, c.parent.attendees.leo]);
    await enroll(t, mine.id, [
      await child(c.student, 'Sam Junior'),
      await child(jun, 'Jun Junior'),
    ]);
    await enroll(t, mine.id, [await child(cam, 'Cam Junior')], 'cancelled');
    await enroll(t, theirs.id, [await child(kim, 'Kim Junior')]);
  }, 60_000);
  afterAll(() => t.close());

  const send = (who: Person | undefined, message: unknown) =>
    t.app.inject({
      method: 'POST',
      url: MESSAGES_API.list,
      headers: who ? as(who) : {},
      payload: { message },
    });
  const get = (who: Person | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? as(who) : {} });
  const text = { title: 'Bring an apron', body: 'We paint on Saturday.\n\nSee you!' };
  const fieldsOf = (res: { json(): { errors: { meta?: { field?: string } }[] } }) =>
    res.json().errors.map((e) => e.meta?.field);

  const noticesOf = (who: Person, messageId?: string) =>
    t.database.db
      .select({
        title: notifications.title,
        content: notifications.content,
        recordId: notifications.recordId,
        senderId: notifications.senderId,
      })
      .from(notifications)
      .where(
        and(
          eq(notifications.recipientId, who.id),
          eq(notifications.recordType, 'messages'),
          messageId ? eq(notifications.recordId, Number(messageId)) : undefined,
        ),
      );

  describe('who may send', () => {
    it('asks a guest to sign in and refuses families (403)', async () => {
      expect(
        (await send(undefined, { ...text, klass_group_schedule_id: mine.id })).statusCode,
      ).toBe(401);
      expect((await send(c.parent, { ...text, klass_group_schedule_id: mine.id })).statusCode).toBe(
        403,
      );
      for (const url of [MESSAGES_API.list, MESSAGES_API.schedules, MESSAGES_API.families]) {
        expect((await get(c.parent, url)).statusCode).toBe(403);
        expect((await get(undefined, url)).statusCode).toBe(401);
      }
    });

    it('keeps a teacher to the classes they teach and the families enrolled in them (403)', async () => {
      const other = await send(c.teacher, { ...text, klass_group_schedule_id: theirs.id });
      expect(other.statusCode).toBe(403);
      expect(other.json().errors[0].detail).toBe(MESSAGES_MESSAGES.notYourSchedule);
      expect((await send(c.teacher, { ...text, klass_id: theirs.klasses[0] })).statusCode).toBe(
        403,
      );
      const family = await send(c.teacher, {
        ...text,
        user_ids: [String(c.parent.id), String(kim.id)],
      });
      expect(family.statusCode).toBe(403);
      expect(family.json().errors[0].detail).toBe(MESSAGES_MESSAGES.notYourFamily);
      // A family whose only enrollment was cancelled is no longer the teacher's to write to.
      expect((await send(c.teacher, { ...text, user_ids: [String(cam.id)] })).statusCode).toBe(403);
      expect(await noticesOf(kim)).toHaveLength(0);
    });
  });

  describe('bad input', () => {
    it('answers 422 with a message on each field, never a 500', async () => {
      const cases: [unknown, string[]][] = [
        [{ ...text }, ['audience']],
        [{ ...text, klass_group_schedule_id: mine.id, klass_id: mine.klasses[0] }, ['audience']],
        [{ title: '  ', body: '', klass_id: mine.klasses[0] }, ['title', 'body']],
        [{ ...text, title: 'x'.repeat(121), klass_id: mine.klasses[0] }, ['title']],
        [{ ...text, body: 'x'.repeat(5001), klass_id: mine.klasses[0] }, ['body']],
        [{ ...text, body: 'nul \u0000 here', klass_id: mine.klasses[0] }, ['body']],
        [{ ...text, user_ids: [] }, ['user_ids']],
        [{ ...text, user_ids: 'everyone' }, ['user_ids']],
        [{ ...text, user_ids: ['0x10'] }, ['user_ids.0']],
        [{ ...text, klass_group_schedule_id: 12 }, ['klass_group_schedule_id']],
        [{ ...text, klass_id: '99999999999' }, ['klass_id']],
        [{ ...text, title: ['a'], klass_id: mine.klasses[0] }, ['title']],
      ];
      for (const [message, fields] of cases) {
        const res = await send(c.teacher, message);
        expect(res.statusCode, JSON.stringify(message).slice(0, 80)).toBe(422);
        expect(fieldsOf(res).sort()).toEqual([...fields].sort());
      }
      expect((await send(c.teacher, 'a message')).statusCode).toBe(422);
      const garbage = await t.app.inject({
        method: 'POST',
        url: MESSAGES_API.list,
        headers: { ...as(c.teacher), 'content-type': 'application/json' },
        payload: '{"message": {',
      });
      expect(garbage.statusCode).toBe(400);
    });

    it('refuses unknown classes, accounts that are not families, and a class with nobody in it', async () => {
      const schedule = await send(c.admin, { ...text, klass_group_schedule_id: '999999' });
      expect(schedule.statusCode).toBe(422);
      expect(schedule.json().errors[0].meta.field).toBe('klass_group_schedule_id');
      const klass = await send(c.admin, { ...text, klass_id: '999999' });
      expect(fieldsOf(klass)).toEqual(['klass_id']);
      for (const ids of [
        [String(c.otherTeacher.id)],
        ['999999'],
        [String(c.parent.id), '999999'],
      ]) {
        const res = await send(c.admin, { ...text, user_ids: ids });
        expect(res.statusCode).toBe(422);
        expect(res.json().errors[0]).toMatchObject({
          detail: MESSAGES_MESSAGES.notAFamily,
          meta: { field: 'user_ids' },
        });
      }
      const nobody = await send(c.teacher, { ...text, klass_group_schedule_id: empty.id });
      expect(nobody.statusCode).toBe(422);
      expect(nobody.json().errors[0].detail).toBe(MESSAGES_MESSAGES.nobodyEnrolled);
    });
  });

  describe('sending', () => {
    let toSchedule: string;

    it('reaches every family enrolled in the schedule once, in its language, by notification and e-mail', async () => {
      const res = await send(c.teacher, { ...text, klass_group_schedule_id: mine.id });
      expect(res.statusCode).toBe(201);
      const message = res.json().data;
      toSchedule = message.id;
      expect(message.attributes).toMatchObject({
        title: 'Bring an apron',
        body: 'We paint on Saturday.\n\nSee you!',
        audience: 'schedule',
        sender: { id: String(c.teacher.id), name: 'Theo Teacher' },
        klass_group_schedule: { id: mine.id, klass_group_name: 'Comics Drawing' },
        klass: null,
        recipient_count: 3,
        read_count: 0,
        recipients: null,
      });

      // Two children, one family: one notification, one e-mail.
      const parent = await noticesOf(c.parent, toSchedule);
      expect(parent).toEqual([
        {
          title: 'New message: Bring an apron',
          content: 'About Comics Drawing: We paint on Saturday. See you!',
          recordId: Number(toSchedule),
          senderId: c.teacher.id,
        },
      ]);
      expect(await noticesOf(jun, toSchedule)).toMatchObject([
        {
          title: '新しいメッセージ: Bring an apron',
          content: 'Comics Drawingについて: We paint on Saturday. See you!',
        },
      ]);
      expect(await noticesOf(c.student, toSchedule)).toHaveLength(1);
      // A cancelled enrollment and another class's family hear nothing.
      expect(await noticesOf(cam)).toHaveLength(0);
      expect(await noticesOf(kim)).toHaveLength(0);

      const parentMail = (await mailTo(t.app, await emailOf(c.parent))).filter(
        (m) => m.template === 'class_message',
      );
      expect(parentMail).toHaveLength(1);
      expect(parentMail[0]?.locale).toBe('en');
      expect(parentMail[0]?.subject).toContain('Bring an apron');
      expect(parentMail[0]?.text).toContain('Theo Teacher wrote about Comics Drawing:');
      expect(
        parentMail[0]?.links.some((l) => l.endsWith(`/app/classes?message=${toSchedule}`)),
      ).toBe(true);
      const junMail = await latestMail(t.app, await emailOf(jun), 'class_message');
      expect(junMail?.locale).toBe('ja');
      expect(junMail?.text).toContain('Jun Family 様');
      expect(junMail?.text).toContain('Comics Drawingについてのメッセージです。');
      expect(await latestMail(t.app, await emailOf(cam), 'class_message')).toBeUndefined();
    });

    it('writes to one session’s families (admins to any class), keeping the session', async () => {
      const res = await send(c.admin, {
        ...text,
        title: 'Room change',
        klass_id: theirs.klasses[1],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.attributes).toMatchObject({
        audience: 'klass',
        klass_group_schedule: {
          id: theirs.id,
          name: 'Evenings',
          klass_group_name: 'Figure Drawing',
        },
        klass: { id: theirs.klasses[1] },
        recipient_count: 1,
      });
      expect(await noticesOf(kim, res.json().data.id)).toHaveLength(1);
      expect(await noticesOf(c.parent, res.json().data.id)).toHaveLength(0);
      // The teacher writes to a session of their own class.
      const own = await send(c.teacher, { ...text, klass_id: mine.klasses[0] });
      expect(own.statusCode).toBe(201);
      expect(own.json().data.attributes.recipient_count).toBe(3);
    });

    it('writes to chosen families, each once however often named', async () => {
      const res = await send(c.teacher, {
        ...text,
        title: 'Mia’s portfolio',
        user_ids: [String(c.parent.id), String(c.parent.id), String(jun.id)],
      });
      expect(res.statusCode).toBe(201);
      expect(res.json().data.attributes).toMatchObject({
        audience: 'users',
        klass_group_schedule: null,
        recipient_count: 2,
      });
      const notice = await noticesOf(c.parent, res.json().data.id);
      expect(notice).toHaveLength(1);
      // Without a class, the notification says only the message.
      expect(notice[0]?.content).toBe('We paint on Saturday. See you!');
      // Admins write to any family account.
      const admin = await send(c.admin, { ...text, user_ids: [String(kim.id), String(cam.id)] });
      expect(admin.statusCode).toBe(201);
      expect(admin.json().data.attributes.recipient_count).toBe(2);
    });

    it('gives the sender read receipts; a family reading it marks it read once', async () => {
      const before = await get(c.teacher, MESSAGES_API.one(toSchedule));
      expect(before.statusCode).toBe(200);
      expect(before.json().data.attributes.recipients).toEqual([
        { id: String(jun.id), name: 'Jun Family', read_at: null },
        { id: String(c.parent.id), name: 'Pat Parent', read_at: null },
        { id: String(c.student.id), name: 'Sam Student', read_at: null },
      ]);

      const unreadNotices = async () =>
        (
          await t.database.db
            .select({ id: notifications.id })
            .from(notifications)
            .where(
              and(
                eq(notifications.recipientId, c.parent.id),
                eq(notifications.recordType, 'messages'),
                eq(notifications.recordId, Number(toSchedule)),
                isNull(notifications.readAt),
              ),
            )
        ).length;
      expect(await unreadNotices()).toBe(1);
      const read = await get(c.parent, MESSAGES_API.one(toSchedule));
      expect(read.statusCode).toBe(200);
      // Reading the message reads the notification that led to it.
      expect(await unreadNotices()).toBe(0);
      const seen = read.json().data.attributes;
      expect(seen).toMatchObject({
        title: 'Bring an apron',
        recipient_count: null,
        read_count: null,
        recipients: null,
      });
      expect(seen.read_at).toMatch(/^\d{4}-\d\d-\d\dT/);
      const again = await get(c.parent, MESSAGES_API.one(toSchedule));
      expect(again.json().data.attributes.read_at).toBe(seen.read_at);

      const after = (await get(c.teacher, MESSAGES_API.one(toSchedule))).json().data.attributes;
      expect(after.read_count).toBe(1);
      expect(after.recipients.find((r: { id: string }) => r.id === String(c.parent.id))).toEqual({
        id: String(c.parent.id),
        name: 'Pat Parent',
        read_at: seen.read_at,
      });
      // An admin sees the receipts of anyone's message.
      expect(
        (await get(c.admin, MESSAGES_API.one(toSchedule))).json().data.attributes.read_count,
      ).toBe(1);
    });

    it('hides a message from everyone else (404), and refuses a bad id (422)', async () => {
      expect((await get(c.otherTeacher, MESSAGES_API.one(toSchedule))).statusCode).toBe(404);
      expect((await get(kim, MESSAGES_API.one(toSchedule))).statusCode).toBe(404);
      expect((await get(cam, MESSAGES_API.one(toSchedule))).statusCode).toBe(404);
      expect((await get(c.admin, MESSAGES_API.one('999999'))).statusCode).toBe(404);
      expect((await get(c.admin, MESSAGES_API.one('abc'))).statusCode).toBe(422);
      expect((await get(undefined, MESSAGES_API.one(toSchedule))).statusCode).toBe(401);
    });
  });

  describe('lists', () => {
    it('lists what the viewer sent, newest first, with counts, in a fixed number of statements', async () => {
      await get(c.teacher, MESSAGES_API.list);
      const before = t.database.queryCount();
      const res = await get(c.teacher, MESSAGES_API.list);
      // The page (its total rides along in a window count).
      expect(t.database.queryCount() - before).toBe(1);
      expect(res.statusCode).toBe(200);
      const body = res.json();
      expect(body.meta).toEqual({ total: 3, page: 1, per_page: 20 });
      expect(body.data.map((m: { attributes: { title: string } }) => m.attributes.title)).toEqual([
        'Mia’s portfolio',
        'Bring an apron',
        'Bring an apron',
      ]);
      expect(body.data[2].attributes).toMatchObject({ recipient_count: 3, read_count: 1 });
      expect((await get(c.otherTeacher, MESSAGES_API.list)).json().meta.total).toBe(0);
      expect((await get(c.teacher, `${MESSAGES_API.list}?page=2`)).json()).toMatchObject({
        data: [],
        meta: { total: 3, page: 2 },
      });
      expect((await get(c.teacher, `${MESSAGES_API.list}?page=0`)).statusCode).toBe(422);
    });

    it('lists what a family received, newest first, each with its read time', async () => {
      const res = await get(c.parent, MESSAGES_API.received);
      expect(res.statusCode).toBe(200);
      const rows = res
        .json()
        .data.map(
          (m: { attributes: { title: string; read_at: string | null; recipient_count: null } }) => [
            m.attributes.title,
            m.attributes.read_at !== null,
            m.attributes.recipient_count,
          ],
        );
      expect(rows).toEqual([
        ['Mia’s portfolio', false, null],
        ['Bring an apron', false, null],
        ['Bring an apron', true, null],
      ]);
      expect((await get(kim, MESSAGES_API.received)).json().meta.total).toBe(2);
      expect((await get(c.teacher, MESSAGES_API.received)).json().data).toEqual([]);
      expect((await get(undefined, MESSAGES_API.received)).statusCode).toBe(401);
    });

    it('offers a teacher the classes they teach, with sessions and families; admins every class', async () => {
      const res = await get(c.teacher, MESSAGES_API.schedules);
      expect(res.statusCode).toBe(200);
      const schedules = res.json().data;
      expect(schedules.map((s: { id: string }) => s.id).sort()).toEqual([mine.id, empty.id].sort());
      const a = schedules.find((s: { id: string }) => s.id === mine.id).attributes;
      expect(a).toMatchObject({
        klass_group_name: 'Comics Drawing',
        time_zone: 'America/New_York',
        family_count: 3,
      });
      expect(a.klasses.map((k: { id: string }) => k.id)).toEqual(mine.klasses);
      const admin = await get(c.admin, MESSAGES_API.schedules);
      expect(admin.json().meta.total).toBe(3);
      const found = await get(c.admin, `${MESSAGES_API.schedules}?keyword=figure`);
      expect(found.json().data.map((s: { id: string }) => s.id)).toEqual([theirs.id]);
      expect((await get(c.admin, `${MESSAGES_API.schedules}?keyword=%25`)).json().data).toEqual([]);
    });

    it('offers a teacher the families of their classes by name; admins every family', async () => {
      const names = async (who: Person, query = '') =>
        (await get(who, `${MESSAGES_API.families}${query}`))
          .json()
          .data.map((u: { attributes: { name: string } }) => u.attributes.name);
      expect(await names(c.teacher)).toEqual(['Jun Family', 'Pat Parent', 'Sam Student']);
      expect(await names(c.otherTeacher)).toEqual(['Kim Family']);
      expect(await names(c.admin)).toEqual([
        'Cam Family',
        'Jun Family',
        'Kim Family',
        'Pat Parent',
        'Sam Student',
      ]);
      expect(await names(c.teacher, '?keyword=PAT')).toEqual(['Pat Parent']);
      expect(
        (await get(c.teacher, `${MESSAGES_API.families}?keyword=${'x'.repeat(101)}`)).statusCode,
      ).toBe(422);
    });
  });

  // Last: it gives the programme and schedule Japanese names (docs/architecture.md#translated-content).
  it("names a received message's programme and schedule in the reader's language", async () => {
    const [row] = await t.database.db
      .select({ groupId: klassGroupSchedules.klassGroupId })
      .from(klassGroupSchedules)
      .where(eq(klassGroupSchedules.id, Number(mine.id)));
    for (const [url, payload] of [
      [
        `/api/v1/klass_groups/${row?.groupId}`,
        { klass_group: { translations: { ja: { name: 'マンガ教室' } } } },
      ],
      [
        `/api/v1/klass_group_schedules/${mine.id}`,
        { klass_group_schedule: { translations: { ja: { name: '土曜クラス' } } } },
      ],
    ] as const) {
      expect(
        (await t.app.inject({ method: 'PATCH', url, headers: as(c.admin), payload })).statusCode,
      ).toBe(200);
    }
    // Jun's account reads Japanese; the parent's names no language and reads the request's.
    type Received = { id: string; attributes: { klass_group_schedule: { id: string } | null } };
    const aboutMine = (data: Received[]) =>
      data.find((m) => m.attributes.klass_group_schedule?.id === mine.id) as Received;
    const received = aboutMine((await get(jun, MESSAGES_API.received)).json().data);
    expect(received.attributes.klass_group_schedule).toMatchObject({
      name: '土曜クラス',
      klass_group_name: 'マンガ教室',
    });
    expect((await get(jun, MESSAGES_API.one(received.id))).json().data.attributes).toMatchObject({
      klass_group_schedule: { name: '土曜クラス', klass_group_name: 'マンガ教室' },
    });
    const parentReads = async (language: string) =>
      aboutMine(
        (
          await t.app.inject({
            method: 'GET',
            url: MESSAGES_API.received,
            headers: { ...as(c.parent), 'accept-language': language },
          })
        ).json().data,
      ).attributes.klass_group_schedule;
    expect(await parentReads('en')).toMatchObject({
      name: 'Saturdays',
      klass_group_name: 'Comics Drawing',
    });
    expect(await parentReads('ja')).toMatchObject({ klass_group_name: 'マンガ教室' });
  });
});
