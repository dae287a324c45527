import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { type Cast, enroll, hold, programmeWithSchedule } from '../classes/classes-testing';
import {
  enrolledAttendeesOfAccount,
  enrollmentCountOfAttendee,
  holdSessionSeat,
  releaseSeatsOfOffers,
  releaseSeatsOfOrder,
  releaseSeatsOfOrders,
  releaseSessionSeat,
  seatCountsBySchedule,
  seatsLeft,
} from './enrollments.service';

describe('seat counting', { timeout: 60_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let a: string;
  let b: string;
  let empty: string;
  const now = new Date();
  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    a = (await programmeWithSchedule(t, c)).scheduleId;
    b = (await programmeWithSchedule(t, c)).scheduleId;
    empty = (await programmeWithSchedule(t, c)).scheduleId;
    await hold(t, a, 2, new Date(now.getTime() + 60_000));
    await hold(t, a, 1, new Date(now.getTime() + 120_000));
    await hold(t, a, 4, new Date(now.getTime() - 1)); // expired
    await hold(t, b, 1, new Date(now.getTime() + 60_000));
    await enroll(t, a, [c.parent.attendees.mia]);
    await enroll(t, b, [c.parent.attendees.mia, c.parent.attendees.leo]);
    await enroll(t, b, [c.parent.attendees.leo], 'cancelled');
  }, 60_000);
  afterAll(() => t.close());

  it('counts unexpired holds, active enrollments and all enrollments per schedule, in one query', async () => {
    const before = t.database.queryCount();
    const counts = await seatCountsBySchedule(t.app.db, [a, b, empty].map(Number), now);
    expect(t.database.queryCount() - before).toBe(1);
    expect(counts.get(Number(a))).toEqual({ held: 3, enrolled: 1, enrollmentsTotal: 1 });
    expect(counts.get(Number(b))).toEqual({ held: 1, enrolled: 2, enrollmentsTotal: 3 });
    expect(counts.get(Number(empty))).toEqual({ held: 0, enrolled: 0, enrollmentsTotal: 0 });
  });

  it('seats left is capacity minus held and enrolled, never below zero', () => {
    expect(seatsLeft(10, { held: 3, enrolled: 1, enrollmentsTotal: 1 })).toBe(6);
    expect(seatsLeft(2, { held: 3, enrolled: 1, enrollmentsTotal: 1 })).toBe(0);
    expect(seatsLeft(5, undefined)).toBe(5);
  });

  it("lists a family's enrolled attendees by schedule, and counts an attendee's enrollments", async () => {
    const byschedule = await enrolledAttendeesOfAccount(t.app.db, c.parent.id);
    expect(byschedule.get(Number(a))).toEqual(['Mia Parent']);
    expect(byschedule.get(Number(b))).toEqual(['Leo Parent', 'Mia Parent']);
    expect(await enrolledAttendeesOfAccount(t.app.db, c.student.id)).toEqual(new Map());
    expect(await enrollmentCountOfAttendee(t.app.db, c.parent.attendees.leo)).toBe(2);
  });

  it('counts a session seat as a hold until its session ends; only its key releases it', async () => {
    const id = Number((await programmeWithSchedule(t, c)).scheduleId);
    const ends = new Date(now.getTime() + 3_600_000);
    await holdSessionSeat(t.app.db, {
      scheduleId: id,
      userId: c.parent.id,
      holderKey: 'test:1',
      until: ends,
    });
    const held = async (at = now) => (await seatCountsBySchedule(t.app.db, [id], at)).get(id)?.held;
    expect(await held()).toBe(1);
    expect(await held(ends)).toBe(0); // its session is over: it counts for nothing
    // The order and offer sweeps free their own holds only.
    await releaseSeatsOfOrder(t.app.db, 0);
    await releaseSeatsOfOrders(t.app.db, [0]);
    await releaseSeatsOfOffers(t.app.db, [0]);
    expect(await held()).toBe(1);
    // One seat per key: a second hold under the same key is refused.
    await expect(
      holdSessionSeat(t.app.db, { scheduleId: id, userId: null, holderKey: 'test:1', until: ends }),
    ).rejects.toThrow();
    await releaseSessionSeat(t.app.db, 'test:1');
    expect(await held()).toBe(0);
  });
});
