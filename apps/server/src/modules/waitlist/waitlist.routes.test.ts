import { WAITLIST_API } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import {
  as,
  type Cast,
  type Person,
  person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { waitlistContextOf } from './waitlist.routes';
import { offerFreedSeats } from './waitlist.service';
import { freeSeats, fullSchedule, joined, joinWaitlist } from './waitlist-testing';

describe('waitlist routes', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let full: Awaited<ReturnType<typeof fullSchedule>>;
  let ana: Person;
  let ben: Person;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    full = await fullSchedule(t, c, 3);
    ana = await person(t, 'student', 'Ana Family');
    ben = await person(t, 'student', 'Ben Family');
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const get = (who: Person | undefined, url: string) =>
    t.app.inject({ method: 'GET', url, headers: who ? as(who) : {} });
  const del = (who: Person, url: string) =>
    t.app.inject({ method: 'DELETE', url, headers: as(who) });
  const put = (who: Person, ids: unknown[]) =>
    t.app.inject({
      method: 'PUT',
      url: WAITLIST_API.scheduleWaitlist(full.id),
      headers: as(who),
      payload: { entry_ids: ids },
    });

  it('asks a guest to sign in (401)', async () => {
    expect((await joinWaitlist(t, undefined, full.id, 1)).statusCode).toBe(401);
    expect((await get(undefined, WAITLIST_API.mine)).statusCode).toBe(401);
  });

  it('refuses bad seats with 422 on seats', async () => {
    for (const seats of [0, -1, 1.5, 'two', 11, null]) {
      const res = await joinWaitlist(t, ana, full.id, seats);
      expect(res.statusCode).toBe(422);
      expect(res.json().errors[0].meta).toMatchObject({ type: 'validate', field: 'seats' });
    }
    // More seats than the class has can never be offered.
    const res = await joinWaitlist(t, ana, full.id, 4);
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].meta.field).toBe('seats');
  });

  it('refuses to queue for seats that are still free (409) and an unknown schedule (404)', async () => {
    const open = await programmeWithSchedule(t, c, { schedule: { capacity: 5 } });
    const res = await joinWaitlist(t, ana, Number(open.scheduleId), 2);
    expect(res.statusCode).toBe(409);
    expect((await joinWaitlist(t, ana, 999_999, 1)).statusCode).toBe(404);
  });

  it('lines families up by arrival; a family waits once (409)', async () => {
    const first = await joinWaitlist(t, ana, full.id, 2);
    expect(first.statusCode).toBe(201);
    expect(first.json().data.attributes).toMatchObject({
      status: 'waiting',
      seats: 2,
      place: 1,
      offer: null,
      family: null,
    });
    await joined(t, ben, full.id, 1);
    expect((await joinWaitlist(t, ana, full.id, 1)).statusCode).toBe(409);

    const mine = await get(ben, WAITLIST_API.mine);
    expect(mine.statusCode).toBe(200);
    expect(mine.json().data).toHaveLength(1);
    expect(mine.json().data[0].attributes).toMatchObject({
      place: 2,
      klass_group_schedule: { id: String(full.id) },
    });
  });

  it('shows the line to admins and the schedule’s teacher only, with each family', async () => {
    expect((await get(ana, WAITLIST_API.scheduleWaitlist(full.id))).statusCode).toBe(403);
    expect((await get(c.otherTeacher, WAITLIST_API.scheduleWaitlist(full.id))).statusCode).toBe(
      403,
    );
    expect((await get(c.teacher, WAITLIST_API.scheduleWaitlist(full.id))).statusCode).toBe(200);
    const res = await get(c.admin, WAITLIST_API.scheduleWaitlist(full.id));
    expect(res.statusCode).toBe(200);
    const names = res
      .json()
      .data.map((e: { attributes: { family: { name: string } } }) => e.attributes.family.name);
    expect(names).toEqual(['Ana Family', 'Ben Family']);
  });

  it('reorders the line when every active entry is named once, else 422', async () => {
    const line = (await get(c.admin, WAITLIST_API.scheduleWaitlist(full.id))).json().data;
    const [a, b] = line.map((e: { id: string }) => e.id);
    expect((await put(c.admin, [b])).statusCode).toBe(422);
    expect((await put(c.admin, [b, b])).statusCode).toBe(422);
    expect((await put(c.admin, [b, a, '999999'])).statusCode).toBe(422);
    expect((await put(ana, [b, a])).statusCode).toBe(403);
    const res = await put(c.admin, [b, a]);
    expect(res.statusCode).toBe(200);
    expect(
      res
        .json()
        .data.map((e: { id: string; attributes: { place: number } }) => [e.id, e.attributes.place]),
    ).toEqual([
      [b, 1],
      [a, 2],
    ]);
  });

  it('lets a family leave; another family’s entry is 404 to it; staff remove any', async () => {
    const carl = await person(t, 'student', 'Carl Family');
    const dora = await person(t, 'student', 'Dora Family');
    const carlEntry = await joined(t, carl, full.id, 1);
    const doraEntry = await joined(t, dora, full.id, 1);
    expect((await del(ana, WAITLIST_API.entry(carlEntry))).statusCode).toBe(404);
    expect((await del(carl, WAITLIST_API.entry(carlEntry))).statusCode).toBe(204);
    expect((await del(carl, WAITLIST_API.entry(carlEntry))).statusCode).toBe(404);
    expect((await del(c.admin, WAITLIST_API.entry(doraEntry))).statusCode).toBe(204);
    expect((await get(dora, WAITLIST_API.mine)).json().data).toEqual([]);
    // Left and removed entries do not block joining again, at the back.
    const again = await joinWaitlist(t, carl, full.id, 1);
    expect(again.statusCode).toBe(201);
    expect(again.json().data.attributes.place).toBe(3);
    expect((await del(carl, WAITLIST_API.entry(again.json().data.id))).statusCode).toBe(204);
  });

  it('shows an offer to its family, who may decline it: the seats pass on at once', async () => {
    // Line now: Ben (1 seat), Ana (2 seats). One seat frees: Ben's offer.
    await freeSeats(t, full.holdId, 1);
    const made = await offerFreedSeats(waitlistContextOf(t.app), [full.id]);
    expect(made).toHaveLength(1);
    const mine = (await get(ben, WAITLIST_API.mine)).json().data[0].attributes;
    expect(mine.status).toBe('offered');
    expect(mine.offer).toMatchObject({ seats: 1 });
    const offerId = mine.offer.id;
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: WAITLIST_API.declineOffer(offerId),
          headers: as(ana),
        })
      ).statusCode,
    ).toBe(404);
    await freeSeats(t, full.holdId, 1);
    const decline = await t.app.inject({
      method: 'POST',
      url: WAITLIST_API.declineOffer(offerId),
      headers: as(ben),
    });
    expect(decline.statusCode).toBe(204);
    expect((await get(ben, WAITLIST_API.mine)).json().data).toEqual([]);
    // Ben's seat plus the one freed since: Ana's two seats fit and are offered at once.
    const ana2 = (await get(ana, WAITLIST_API.mine)).json().data[0].attributes;
    expect(ana2.offer).toMatchObject({ seats: 2 });
    const again = await t.app.inject({
      method: 'POST',
      url: WAITLIST_API.declineOffer(offerId),
      headers: as(ben),
    });
    expect(again.statusCode).toBe(409);
  });

  it("names the programme and schedule of a family's entries in the reader's language", async () => {
    const clay = await fullSchedule(t, c, 1, {
      programme: { name: 'Clay Studio', translations: { ja: { name: '陶芸スタジオ' } } },
      schedule: { name: 'Saturday mornings', translations: { ja: { name: '土曜の朝' } } },
    });
    const kei = await person(t, 'student', 'Kei Family');
    const join = await t.app.inject({
      method: 'POST',
      url: WAITLIST_API.scheduleWaitlist(clay.id),
      headers: { ...as(kei), 'accept-language': 'ja' },
      payload: { seats: 1 },
    });
    expect(join.statusCode).toBe(201);
    expect(join.json().data.attributes).toMatchObject({
      klass_group: { name: '陶芸スタジオ' },
      klass_group_schedule: { name: '土曜の朝' },
    });
    const mine = async (language: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: WAITLIST_API.mine,
          headers: { ...as(kei), 'accept-language': language },
        })
      ).json().data[0].attributes;
    expect(await mine('ja')).toMatchObject({
      klass_group: { name: '陶芸スタジオ' },
      klass_group_schedule: { name: '土曜の朝' },
    });
    expect(await mine('en')).toMatchObject({
      klass_group: { name: 'Clay Studio' },
      klass_group_schedule: { name: 'Saturday mornings' },
    });
  });
});
