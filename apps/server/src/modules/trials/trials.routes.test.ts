import { ATTENDANCE_API, TRIAL_MESSAGES, TRIALS_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, enroll, type Person, person } from '../classes/classes-testing';
import { seatHolds } from '../enrollments/enrollments.tables';
import { ledgerEntries } from '../ledger/ledger.tables';
import { scheduleWithKlasses } from '../makeups/makeups-testing';
import { notifications } from '../notifications/notifications.tables';
import { attendeeProfiles } from '../users/users.tables';
import { setTestUserLocale } from '../users/users-testing';
import { trialBookings } from './trials.tables';
import { givePaidTrial } from './trials-testing';

// Trial classes (docs/product.md#trial-classes): a programme with a trial price lets each child
// try one class, once per programme; the seat is a session seat, the roll shows the child, and
// cancelling before the start frees both (and credits what a paid trial cost).
describe('trial classes', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let mia: number;
  let leo: number;
  let free: Awaited<ReturnType<typeof scheduleWithKlasses>>;
  let none: Awaited<ReturnType<typeof scheduleWithKlasses>>;
  let paid: Awaited<ReturnType<typeof scheduleWithKlasses>>;
  let stranger: Person;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    mia = c.parent.attendees.mia;
    leo = c.parent.attendees.leo;
    stranger = await person(t, 'student', 'Sid Stranger');
    free = await scheduleWithKlasses(t, c, { programme: { trial_price: 0 } });
    none = await scheduleWithKlasses(t, c);
    paid = await scheduleWithKlasses(t, c, { programme: { trial_price: 2500 } });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const post = (who: Person, payload: object) =>
    t.app.inject({ method: 'POST', url: TRIALS_API.bookings, headers: as(who), payload });
  const get = (who: Person | null, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? as(who) : {} });
  const klass = (s: { klassIds: number[] }, i: number) => s.klassIds[i] as number;
  const body = (klassId: number, child: number) => ({
    klass_id: String(klassId),
    attendee_profile_id: String(child),
  });

  it('admins set a programme’s trial price; the catalogue shows it', async () => {
    const res = await t.app.inject({
      method: 'PATCH',
      url: `/api/v1/klass_groups/${none.groupId}`,
      headers: as(c.admin),
      payload: { klass_group: { trial_price: -1 } },
    });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().errors)).toContain('trial_price');
    const group = await get(c.admin, `/api/v1/klass_groups/${free.groupId}`);
    expect(group.json().data.attributes.trial_price).toBe(0);
  });

  it('lists a programme’s classes to try, to anyone, with the price', async () => {
    const res = await get(null, `${TRIALS_API.options}?klass_group_id=${paid.groupId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json().meta.price).toBe(2500);
    expect(res.json().data.length).toBeGreaterThan(0);
    expect(res.json().data[0].klass_id).toBe(String(klass(paid, 0)));
    const noTrial = await get(null, `${TRIALS_API.options}?klass_group_id=${none.groupId}`);
    expect(noTrial.statusCode).toBe(422);
    expect((await get(null, `${TRIALS_API.options}?klass_group_id=x`)).statusCode).toBe(422);
  });

  it('refuses another family’s child, a programme without a trial, and bad input', async () => {
    const other = await post(stranger, body(klass(free, 0), mia));
    expect(other.statusCode).toBe(422);
    expect(other.json().errors[0].detail).toBe(TRIAL_MESSAGES.notYourChild);
    const noTrial = await post(c.parent, body(klass(none, 0), mia));
    expect(noTrial.statusCode).toBe(422);
    expect(noTrial.json().errors[0].detail).toBe(TRIAL_MESSAGES.noTrial);
    expect((await post(c.parent, { klass_id: 'x' })).statusCode).toBe(422);
    expect((await post(c.parent, body(999_999, mia))).statusCode).toBe(422);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: TRIALS_API.bookings,
      payload: body(klass(free, 0), mia),
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('asks for the child’s emergency contact first, as checkout does', async () => {
    const [kid] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: c.parent.id, name: 'Nina Parent' })
      .returning({ id: attendeeProfiles.id });
    const res = await post(c.parent, body(klass(free, 0), kid?.id as number));
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json().errors)).toContain(
      `attendee_profiles.${kid?.id}.emergency_contacts`,
    );
  });

  it('books a free trial: a session seat, the teacher told, the roll shows a trial', async () => {
    const res = await post(c.parent, body(klass(free, 1), mia));
    expect(res.statusCode).toBe(201);
    expect(res.json().data).toMatchObject({
      status: 'booked',
      price: 0,
      child_name: 'Mia Parent',
      klass_id: String(klass(free, 1)),
    });
    const holds = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.scheduleId, Number(free.scheduleId)));
    expect(holds).toMatchObject([{ seats: 1, sessionSeatKey: `trial:${res.json().data.id}` }]);
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, c.teacher.id));
    expect(notes.some((n) => n.recordId === klass(free, 1) && n.title.includes('Mia'))).toBe(true);
    const roll = await get(c.teacher, ATTENDANCE_API.klass(klass(free, 1)));
    expect(roll.json().data.attributes.attendees).toMatchObject([
      { attendee_profile_id: String(mia), trial: true, makeup: false },
    ]);
    const mine = await get(c.parent, TRIALS_API.bookings);
    expect(mine.json().data).toHaveLength(1);
    expect((await get(stranger, TRIALS_API.bookings)).json().data).toHaveLength(0);
  });

  it('one trial per child per programme, and none for a child already enrolled', async () => {
    const again = await post(c.parent, body(klass(free, 2), mia));
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].detail).toBe(TRIAL_MESSAGES.alreadyTried);
    await enroll(t, free.scheduleId, [leo]);
    const enrolled = await post(c.parent, body(klass(free, 2), leo));
    expect(enrolled.statusCode).toBe(422);
    expect(enrolled.json().errors[0].detail).toBe(TRIAL_MESSAGES.alreadyEnrolled);
  });

  it('cancelling before the start frees the seat and lets the child try again', async () => {
    const [trial] = await t.database.db
      .select()
      .from(trialBookings)
      .where(eq(trialBookings.attendeeProfileId, mia));
    const id = trial?.id ?? 0;
    expect(
      (await t.app.inject({ method: 'DELETE', url: TRIALS_API.booking(id), headers: as(stranger) }))
        .statusCode,
    ).toBe(404);
    const res = await t.app.inject({
      method: 'DELETE',
      url: TRIALS_API.booking(id),
      headers: as(c.parent),
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.status).toBe('cancelled');
    const holds = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.sessionSeatKey, `trial:${id}`));
    expect(holds).toHaveLength(0);
    const twice = await t.app.inject({
      method: 'DELETE',
      url: TRIALS_API.booking(id),
      headers: as(c.parent),
    });
    expect(twice.statusCode).toBe(409);
    expect((await post(c.parent, body(klass(free, 2), mia))).statusCode).toBe(201);
  });

  it('cancelling a paid trial gives its price back as account credit', async () => {
    const id = await givePaidTrial(t, {
      klassId: klass(paid, 3),
      klassGroupId: Number(paid.groupId),
      attendeeProfileId: leo,
      userId: c.parent.id,
      price: 2500,
    });
    const res = await t.app.inject({
      method: 'DELETE',
      url: TRIALS_API.booking(id),
      headers: as(c.parent),
    });
    expect(res.statusCode).toBe(200);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, c.parent.id));
    expect(entries).toMatchObject([{ kind: 'credit', amount: -2500 }]);
  });

  it('refuses a trial of a class that started', async () => {
    const started = await scheduleWithKlasses(t, c, {
      programme: { trial_price: 0 },
      schedule: { start_date: '2020-01-04', end_date: '2020-01-25' },
    });
    const res = await post(c.parent, body(klass(started, 0), leo));
    expect(res.statusCode).toBe(409);
    expect(res.json().errors[0].detail).toBe(TRIAL_MESSAGES.started);
  });

  it("names the programme and schedule in the reader's language: answers by the request, the teacher's notice by their account", async () => {
    const clay = await scheduleWithKlasses(t, c, {
      programme: {
        name: 'Clay Studio',
        trial_price: 0,
        translations: { ja: { name: '陶芸スタジオ' } },
      },
      schedule: { name: 'Saturday mornings', translations: { ja: { name: '土曜の朝' } } },
    });
    const options = (language: string) =>
      t.app.inject({
        method: 'GET',
        url: `${TRIALS_API.options}?klass_group_id=${clay.groupId}`,
        headers: { 'accept-language': language },
      });
    const ja = await options('ja');
    expect(ja.json().meta.programme).toBe('陶芸スタジオ');
    expect(ja.json().data[0].schedule_name).toBe('土曜の朝');
    expect(ja.headers.vary).toContain('accept-language');
    const en = await options('en');
    expect(en.json().meta.programme).toBe('Clay Studio');
    expect(en.json().data[0].schedule_name).toBe('Saturday mornings');

    await setTestUserLocale(t.database.db, c.teacher.id, 'ja');
    const booked = await t.app.inject({
      method: 'POST',
      url: TRIALS_API.bookings,
      headers: { ...as(c.parent), 'accept-language': 'ja' },
      payload: body(klass(clay, 0), mia),
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data).toMatchObject({
      programme: '陶芸スタジオ',
      schedule_name: '土曜の朝',
    });
    const mine = await t.app.inject({
      method: 'GET',
      url: TRIALS_API.bookings,
      headers: { ...as(c.parent), 'accept-language': 'en' },
    });
    expect(mine.json().data).toContainEqual(
      expect.objectContaining({ programme: 'Clay Studio', schedule_name: 'Saturday mornings' }),
    );
    const notes = await t.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.recipientId, c.teacher.id));
    const told = notes.filter((n) => n.recordId === klass(clay, 0)).at(-1);
    expect(told?.title).toBe('体験レッスン: Mia Parent');
    expect(told?.content).toContain('陶芸スタジオ（土曜の朝）');
  });
});
