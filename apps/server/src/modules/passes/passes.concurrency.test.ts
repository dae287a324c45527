import { ORDERS_API, PASSES_API } from '@atelier/contract';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addAttendee, addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, enroll, type Person, person } from '../classes/classes-testing';
import { seatHolds } from '../enrollments/enrollments.tables';
import { scheduleWithKlasses } from '../makeups/makeups-testing';
import { attendeeProfiles } from '../users/users.tables';
import { dropIns, passPurchases } from './passes.tables';
import { bookDropIn, givePurchase } from './passes-testing';

// A drop-in spends a visit under the purchase's row lock and takes its seat under the schedule
// lock orders, make-ups and enrollments take (docs/decisions/076-class-passes-and-drop-ins.md):
// racing bookings never spend more visits than the pass holds nor oversell the last seat; on
// PGlite and on PostgreSQL (DATABASE_URL).
describe('drop-ins under concurrency', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const kidsOf = async (userId: number, n: number) =>
    (
      await t.database.db
        .insert(attendeeProfiles)
        .values(Array.from({ length: n }, (_, i) => ({ userId, name: `Kid ${i}` })))
        .returning({ id: attendeeProfiles.id })
    ).map((k) => k.id);

  it('N+5 drop-ins racing for a pass of N visits: N are booked, the visits end at zero', async () => {
    const made = await scheduleWithKlasses(t, c, { schedule: { capacity: 50 } });
    const N = 5;
    const purchase = await givePurchase(t, c.parent.id, {
      klassGroupIds: [Number(made.groupId)],
      visits: N,
    });
    const kids = await kidsOf(c.parent.id, N + 5);
    const klassId = made.klassIds[0] as number;
    const answers = await Promise.all(
      kids.map((kid) =>
        bookDropIn(t, c.parent, { klassId, attendeeId: kid, purchaseId: purchase }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(N);
    expect(codes.filter((s) => s === 422)).toHaveLength(5);
    const [row] = await t.database.db
      .select()
      .from(passPurchases)
      .where(eq(passPurchases.id, purchase));
    expect(row?.visitsLeft).toBe(0);
    const live = await t.database.db
      .select()
      .from(dropIns)
      .where(and(eq(dropIns.passPurchaseId, purchase), isNull(dropIns.cancelledAt)));
    expect(live).toHaveLength(N);
  });

  it('50 drop-ins racing for the last seat: exactly one gets it', async () => {
    const made = await scheduleWithKlasses(t, c, { schedule: { capacity: 2 } });
    // One seat taken by an enrollment: one left.
    await enroll(t, made.scheduleId, [c.parent.attendees.leo]);
    const purchase = await givePurchase(t, c.parent.id, {
      klassGroupIds: [Number(made.groupId)],
      visits: 60,
    });
    const kids = await kidsOf(c.parent.id, 50);
    const klassId = made.klassIds[0] as number;
    const answers = await Promise.all(
      kids.map((kid) =>
        bookDropIn(t, c.parent, { klassId, attendeeId: kid, purchaseId: purchase }),
      ),
    );
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(49);
    const [row] = await t.database.db
      .select()
      .from(passPurchases)
      .where(eq(passPurchases.id, purchase));
    expect(row?.visitsLeft).toBe(59);
    const holds = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.scheduleId, Number(made.scheduleId)));
    expect(holds).toHaveLength(1);
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

  it('a drop-in holding the last seat: checkout is sold out until the visit is cancelled', async () => {
    const made = await scheduleWithKlasses(t, c, { schedule: { capacity: 2 } });
    await enroll(t, made.scheduleId, [c.parent.attendees.leo]);
    const purchase = await givePurchase(t, c.parent.id, { klassGroupIds: [Number(made.groupId)] });
    const booked = await bookDropIn(t, c.parent, {
      klassId: made.klassIds[1] as number,
      attendeeId: c.parent.attendees.mia,
      purchaseId: purchase,
    });
    expect(booked.statusCode).toBe(201);
    const who = await buyer(made);
    const refused = await checkout(who, `di-${made.scheduleId}-1`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('sold_out');
    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: PASSES_API.dropIn(booked.json().data.id),
      headers: as(c.parent),
    });
    expect(cancelled.statusCode).toBe(200);
    expect((await checkout(who, `di-${made.scheduleId}-2`)).statusCode).toBe(201);
  });

  it('a drop-in and a checkout racing for the last seat: exactly one gets it', async () => {
    const made = await scheduleWithKlasses(t, c, { schedule: { capacity: 2 } });
    await enroll(t, made.scheduleId, [c.parent.attendees.leo]);
    const purchase = await givePurchase(t, c.parent.id, { klassGroupIds: [Number(made.groupId)] });
    const who = await buyer(made);
    const [drop, order] = await Promise.all([
      bookDropIn(t, c.parent, {
        klassId: made.klassIds[0] as number,
        attendeeId: c.parent.attendees.mia,
        purchaseId: purchase,
      }),
      checkout(who, `dirace-${made.scheduleId}`),
    ]);
    expect([drop.statusCode, order.statusCode].sort()).toEqual([201, 409]);
  });
});
