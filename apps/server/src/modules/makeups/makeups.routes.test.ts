import { ATTENDANCE_API, MAKEUP_MESSAGES, MAKEUPS_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { klasses } from '../classes/classes.tables';
import { as, type Cast, enroll, type Person, person } from '../classes/classes-testing';
import { notifications } from '../notifications/notifications.tables';
import { attendeeProfiles } from '../users/users.tables';
import { setTestUserLocale } from '../users/users-testing';
import { makeupCredits } from './makeups.tables';
import { scheduleWithKlasses } from './makeups-testing';

// Absences and make-ups (docs/product.md#absences-and-make-ups): a family reports an absence
// before the session, gets a credit within the policy (2 per child and schedule in tests' default
// config), and books a seat in another session with it; the roll shows both.
describe('absences and make-ups', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let mia: number;
  let leo: number;
  let home: Awaited<ReturnType<typeof scheduleWithKlasses>>;
  let online: Awaited<ReturnType<typeof scheduleWithKlasses>>;
  let stranger: Person;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    mia = c.parent.attendees.mia;
    leo = c.parent.attendees.leo;
    stranger = await person(t, 'student', 'Sid Stranger');
    home = await scheduleWithKlasses(t, c);
    online = await scheduleWithKlasses(t, c, {
      programme: { format: 'online', location: null, meeting_url: 'https://meet.example/room' },
      schedule: { capacity: 3 },
    });
    await enroll(t, home.scheduleId, [mia]);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const post = (who: Person, url: string, payload: object) =>
    t.app.inject({ method: 'POST', url, headers: as(who), payload });
  const del = (who: Person, url: string) =>
    t.app.inject({ method: 'DELETE', url, headers: as(who) });
  const get = (who: Person, url: string) => t.app.inject({ method: 'GET', url, headers: as(who) });
  const klass = (i: number) => home.klassIds[i] as number;

  it('refuses another family’s child, a child not enrolled, and bad input', async () => {
    const other = await post(stranger, MAKEUPS_API.absences(klass(0)), {
      attendee_profile_id: String(mia),
    });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0].detail).toBe(MAKEUP_MESSAGES.notYourChild);
    const notEnrolled = await post(c.parent, MAKEUPS_API.absences(klass(0)), {
      attendee_profile_id: String(leo),
    });
    expect(notEnrolled.statusCode).toBe(422);
    expect(notEnrolled.json().errors[0].detail).toBe(MAKEUP_MESSAGES.notEnrolled);
    const bad = await post(c.parent, MAKEUPS_API.absences(klass(0)), { attendee_profile_id: 'x' });
    expect(bad.statusCode).toBe(422);
    const unknown = await post(c.parent, MAKEUPS_API.absences(999_999), {
      attendee_profile_id: String(mia),
    });
    expect(unknown.statusCode).toBe(404);
  });

  it('reports an absence: a credit within the policy, the teacher notified, the roll excused', async () => {
    const res = await post(c.parent, MAKEUPS_API.absences(klass(0)), {
      attendee_profile_id: String(mia),
      reason: 'Dentist',
    });
    expect(res.statusCode).toBe(201);
    expect(res.json().data.attributes.makeup_credit_id).not.toBeNull();
    const again = await post(c.parent, MAKEUPS_API.absences(klass(0)), {
      attendee_profile_id: String(mia),
    });
    expect(again.statusCode).toBe(409);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, c.teacher.id));
    expect(notes.some((n) => n.recordId === klass(0) && n.title.includes('Mia'))).toBe(true);
    const roll = await get(c.teacher, ATTENDANCE_API.klass(klass(0)));
    expect(roll.json().data.attributes.attendees).toMatchObject([
      { attendee_profile_id: String(mia), excused: true, makeup: false },
    ]);
    const credits = await get(c.parent, MAKEUPS_API.credits);
    expect(credits.json().data).toMatchObject([
      {
        child_name: 'Mia Parent',
        source: 'absence',
        state: 'available',
        origin_klass_id: String(klass(0)),
      },
    ]);
  });

  it('gives no more credits than the policy allows per schedule', async () => {
    await post(c.parent, MAKEUPS_API.absences(klass(1)), { attendee_profile_id: String(mia) });
    const third = await post(c.parent, MAKEUPS_API.absences(klass(2)), {
      attendee_profile_id: String(mia),
    });
    expect(third.statusCode).toBe(201);
    expect(third.json().data.attributes.makeup_credit_id).toBeNull();
    const credits = await get(c.parent, MAKEUPS_API.credits);
    expect(credits.json().data).toHaveLength(2);
  });

  it('withdrawing an absence before the start revokes its unused credit', async () => {
    // The family sees its reported absences ahead, the one past the policy without a credit.
    const listed = (await get(c.parent, MAKEUPS_API.familyAbsences)).json().data as {
      klass_id: string;
      makeup_credit_id: string | null;
    }[];
    expect(listed.map((a) => a.klass_id)).toEqual([klass(0), klass(1), klass(2)].map(String));
    expect(listed[2]?.makeup_credit_id).toBeNull();
    expect((await get(stranger, MAKEUPS_API.familyAbsences)).json().data).toEqual([]);
    const withdrawn = await del(c.parent, MAKEUPS_API.absence(klass(1), mia));
    expect(withdrawn.statusCode).toBe(204);
    const [credit] = await t.database.db
      .select()
      .from(makeupCredits)
      .where(eq(makeupCredits.originKlassId, klass(1)));
    expect(credit?.revokedAt).not.toBeNull();
    expect((await get(c.parent, MAKEUPS_API.credits)).json().data).toHaveLength(1);
    expect((await del(c.parent, MAKEUPS_API.absence(klass(1), mia))).statusCode).toBe(404);
    const after = (await get(c.parent, MAKEUPS_API.familyAbsences)).json().data as {
      klass_id: string;
    }[];
    expect(after.map((a) => a.klass_id)).toEqual([klass(0), klass(2)].map(String));
  });

  it('refuses a report or a withdrawal once the session started', async () => {
    await t.database.db
      .update(klasses)
      .set({ startsAt: new Date(Date.now() - 3_600_000), endsAt: new Date(Date.now() + 3_600_000) })
      .where(eq(klasses.id, klass(3)));
    const late = await post(c.parent, MAKEUPS_API.absences(klass(3)), {
      attendee_profile_id: String(mia),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].detail).toBe(MAKEUP_MESSAGES.started);
  });

  it('books an online make-up with a credit, shows it on the roll, and gives the credit back on cancel', async () => {
    const [credit] = (await get(c.parent, MAKEUPS_API.credits)).json().data;
    const options = await get(c.parent, `${MAKEUPS_API.options}?makeup_credit_id=${credit.id}`);
    expect(options.statusCode).toBe(200);
    const ids = options.json().data.map((o: { klass_id: string }) => Number(o.klass_id));
    // Not her own schedule's sessions; the online programme's are offered.
    expect(ids).not.toContain(klass(4));
    const target = online.klassIds[0] as number;
    expect(ids).toContain(target);
    const booked = await post(c.parent, MAKEUPS_API.bookings, {
      makeup_credit_id: credit.id,
      klass_id: String(target),
    });
    expect(booked.statusCode).toBe(201);
    const twice = await post(c.parent, MAKEUPS_API.bookings, {
      makeup_credit_id: credit.id,
      klass_id: String(online.klassIds[1]),
    });
    expect(twice.statusCode).toBe(409);
    const roll = await get(c.admin, ATTENDANCE_API.klass(target));
    expect(roll.json().data.attributes.attendees).toMatchObject([
      { attendee_profile_id: String(mia), makeup: true, excused: false },
    ]);
    expect((await get(c.parent, MAKEUPS_API.credits)).json().data[0]).toMatchObject({
      state: 'used',
      booking: { klass_id: String(target) },
    });
    // Another family cannot cancel it.
    expect((await del(stranger, MAKEUPS_API.booking(booked.json().data.id))).statusCode).toBe(404);
    const cancelled = await del(c.parent, MAKEUPS_API.booking(booked.json().data.id));
    expect(cancelled.statusCode).toBe(200);
    expect((await get(c.parent, MAKEUPS_API.credits)).json().data[0]).toMatchObject({
      state: 'available',
      booking: null,
    });
  });

  it('lets only admins grant a credit', async () => {
    const payload = {
      attendee_profile_id: String(leo),
      klass_id: String(klass(0)),
      reason: 'Sick',
    };
    expect((await post(c.parent, MAKEUPS_API.adminCredits, payload)).statusCode).toBe(403);
    expect((await post(c.teacher, MAKEUPS_API.adminCredits, payload)).statusCode).toBe(403);
    const granted = await post(c.admin, MAKEUPS_API.adminCredits, payload);
    expect(granted.statusCode).toBe(201);
    expect(granted.json().data).toMatchObject({ source: 'staff', state: 'available' });
    const [row] = await t.database.db
      .select({ id: attendeeProfiles.id })
      .from(attendeeProfiles)
      .where(eq(attendeeProfiles.id, leo));
    expect(row).toBeDefined();
  });

  it('refuses an expired credit', async () => {
    const [credit] = await t.database.db
      .insert(makeupCredits)
      .values({ attendeeProfileId: leo, source: 'staff', expiresAt: new Date(Date.now() - 1000) })
      .returning({ id: makeupCredits.id });
    const res = await post(c.parent, MAKEUPS_API.bookings, {
      makeup_credit_id: String(credit?.id),
      klass_id: String(online.klassIds[2]),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].detail).toBe(MAKEUP_MESSAGES.creditUnavailable);
  });

  // Last: it gives the programmes Japanese names (docs/architecture.md#translated-content).
  it("names programmes and schedules in the reader's language: answers by the request, the teacher's notice by their account", async () => {
    const translate = async (url: string, body: object) =>
      expect(
        (await t.app.inject({ method: 'PATCH', url, headers: as(c.admin), payload: body }))
          .statusCode,
      ).toBe(200);
    await translate(`/api/v1/klass_groups/${home.groupId}`, {
      klass_group: { translations: { ja: { name: '観察デッサン' } } },
    });
    await translate(`/api/v1/klass_group_schedules/${home.scheduleId}`, {
      klass_group_schedule: { translations: { ja: { name: '土曜クラス' } } },
    });
    await translate(`/api/v1/klass_groups/${online.groupId}`, {
      klass_group: { translations: { ja: { name: 'オンライン教室' } } },
    });
    const read = (url: string, language: string) =>
      t.app.inject({
        method: 'GET',
        url,
        headers: { ...as(c.parent), 'accept-language': language },
      });
    const origins = async (language: string) =>
      (await read(MAKEUPS_API.credits, language))
        .json()
        .data.map((credit: { origin_name: string | null }) => credit.origin_name);
    expect(await origins('ja')).toContain('観察デッサン');
    expect(await origins('en')).toContain('Observational Drawing');
    expect(await origins('en')).not.toContain('観察デッサン');

    const credit = (await read(MAKEUPS_API.credits, 'en'))
      .json()
      .data.find((k: { state: string }) => k.state === 'available');
    const options = async (language: string) =>
      (await read(`${MAKEUPS_API.options}?makeup_credit_id=${credit.id}`, language)).json().data;
    expect(await options('ja')).toContainEqual(
      expect.objectContaining({ programme: 'オンライン教室', schedule_name: 'Saturdays' }),
    );
    expect(await options('en')).toContainEqual(
      expect.objectContaining({ programme: 'Observational Drawing' }),
    );

    const noticeOf = async (i: number) => {
      expect(
        (await post(c.parent, MAKEUPS_API.absences(klass(i)), { attendee_profile_id: String(mia) }))
          .statusCode,
      ).toBe(201);
      const notes = await t.database.db
        .select()
        .from(notifications)
        .where(eq(notifications.recipientId, c.teacher.id));
      return notes.filter((n) => n.recordId === klass(i)).at(-1);
    };
    const english = await noticeOf(5);
    expect(english?.title).toBe('Absence: Mia Parent');
    expect(english?.content).toContain('Observational Drawing (Saturdays)');
    await setTestUserLocale(t.database.db, c.teacher.id, 'ja');
    const japanese = await noticeOf(6);
    expect(japanese?.title).toBe('欠席連絡: Mia Parent');
    expect(japanese?.content).toContain('観察デッサン（土曜クラス）');
  });
});
