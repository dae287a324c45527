import { flatten, MAKEUPS_API, ORDERS_API } from '@atelier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addAttendee, addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { CATALOGUE_CHANGED_CHANNEL } from '../classes';
import { as, type Cast, enroll, type Person, person } from '../classes/classes-testing';
import { seatHolds } from '../enrollments/enrollments.tables';
import { fakePayments } from '../orders/orders-testing';
import { attendeeProfiles } from '../users/users.tables';
import { makeupBookings, makeupCredits } from './makeups.tables';
import { giveCredit, scheduleWithKlasses } from './makeups-testing';

// A make-up takes its seat under the schedule lock orders and enrollments take
// (docs/decisions/074-absences-and-make-ups.md): racing bookings of a last seat leave one, and a
// credit spent from many tabs at once books once; a make-up's session seat is one orders, the
// catalogue and the waitlist count (docs/glossary.md#session-seat); on PGlite and on PostgreSQL (TEST_DB=postgres
// runs this file again against DATABASE_URL).
describe('make-ups under concurrency', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const book = (creditId: number, klassId: number) =>
    t.app.inject({
      method: 'POST',
      url: MAKEUPS_API.bookings,
      headers: as(c.parent),
      payload: { makeup_credit_id: String(creditId), klass_id: String(klassId) },
    });

  it('50 make-ups racing for the last seat: exactly one gets it', async () => {
    const made = await scheduleWithKlasses(t, c, { schedule: { capacity: 2 } });
    // One seat taken by an enrollment: one left.
    await enroll(t, made.scheduleId, [c.parent.attendees.leo]);
    const klassId = made.klassIds[0] as number;
    const kids = await t.database.db
      .insert(attendeeProfiles)
      .values(Array.from({ length: 50 }, (_, i) => ({ userId: c.parent.id, name: `Kid ${i}` })))
      .returning({ id: attendeeProfiles.id });
    const credits = await Promise.all(kids.map((k) => giveCredit(t, k.id)));
    const answers = await Promise.all(credits.map((id) => book(id, klassId)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(49);
    const live = await t.database.db
      .select()
      .from(makeupBookings)
      .where(and(eq(makeupBookings.klassId, klassId), isNull(makeupBookings.cancelledAt)));
    expect(live).toHaveLength(1);
    const used = await t.database.db
      .select()
      .from(makeupCredits)
      .where(eq(makeupCredits.id, live[0]?.creditId ?? 0));
    expect(used[0]?.usedAt).not.toBeNull();
  });

  it('one credit spent from 10 racing requests books once', async () => {
    const made = await scheduleWithKlasses(t, c, { schedule: { capacity: 20 } });
    const credit = await giveCredit(t, c.parent.attendees.mia);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book(credit, made.klassIds[i % made.klassIds.length] as number),
      ),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(makeupBookings)
      .where(eq(makeupBookings.creditId, credit));
    expect(rows).toHaveLength(1);
  });

  /** A buyer of another family with one child and the schedule in the cart. */
  async function buyer(made: { scheduleId: string; planId: string }): Promise<Person> {
    const who = await person(t, 'student', `Buyer ${made.scheduleId}`);
    const kid = await addAttendee(t, who.id, 'Buyer Kid');
    await addToCart(t, who.id, { ...made, attendeeIds: [kid] });
    return who;
  }
  const checkout = (who: Person, key: string) =>
    t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(who), 'idempotency-key': key },
    });

  /** The schedule's seats left as the public catalogue shows them (its cache dropped first). */
  async function catalogueSeatsLeft(scheduleId: string): Promise<number | undefined> {
    await t.app.pubsub.publish(CATALOGUE_CHANGED_CHANNEL, {});
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/catalogue/klass_groups' });
    const groups = flatten(res.json()) as unknown as {
      klass_group_schedules: { id: string; seats_left: number }[];
    }[];
    return groups.flatMap((g) => g.klass_group_schedules).find((s) => s.id === scheduleId)
      ?.seats_left;
  }

  it('a make-up holding the last seat of a session: checkout is sold out until it is cancelled', async () => {
    const made = await scheduleWithKlasses(t, c, { schedule: { capacity: 2 } });
    await enroll(t, made.scheduleId, [c.parent.attendees.leo]);
    const credit = await giveCredit(t, c.parent.attendees.mia);
    const booked = await book(credit, made.klassIds[1] as number);
    expect(booked.statusCode).toBe(201);
    const who = await buyer(made);

    // A new enrollee would attend that session too: the schedule has no seat for them.
    const refused = await checkout(who, `mk-${made.scheduleId}-1`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('sold_out');
    expect(await catalogueSeatsLeft(made.scheduleId)).toBe(0);

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: MAKEUPS_API.booking(booked.json().data.id),
      headers: as(c.parent),
    });
    expect(cancelled.statusCode).toBe(200);
    const holds = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.scheduleId, Number(made.scheduleId)));
    expect(holds).toHaveLength(0);
    expect(await catalogueSeatsLeft(made.scheduleId)).toBe(1);
    expect((await checkout(who, `mk-${made.scheduleId}-2`)).statusCode).toBe(201);
  });

  it('a make-up and a checkout racing for the last seat: exactly one gets it', async () => {
    const made = await scheduleWithKlasses(t, c, { schedule: { capacity: 2 } });
    await enroll(t, made.scheduleId, [c.parent.attendees.leo]);
    const credit = await giveCredit(t, c.parent.attendees.mia);
    const who = await buyer(made);
    const [makeup, order] = await Promise.all([
      book(credit, made.klassIds[0] as number),
      checkout(who, `race-${made.scheduleId}`),
    ]);
    expect([makeup.statusCode, order.statusCode].sort()).toEqual([201, 409]);
  });
});
