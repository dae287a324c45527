import { ORDERS_API, TRIALS_API } from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addAttendee, addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { giveEmergencyContacts } from '../child-care/child-care-testing';
import { as, type Cast, enroll, type Person, person } from '../classes/classes-testing';
import { ledgerEntries } from '../ledger/ledger.tables';
import { scheduleWithKlasses } from '../makeups/makeups-testing';
import { fakePayments } from '../orders/orders-testing';
import { attendeeProfiles } from '../users/users.tables';
import { trialBookings } from './trials.tables';
import { givePaidTrial } from './trials-testing';

// A trial takes its seat under the schedule lock orders, make-ups and enrollments take, once per
// child per programme whatever races; a paid trial's price is credited once when the child
// enrols in the programme (docs/decisions/077-trial-classes.md). On PGlite and on PostgreSQL.
describe('trials under concurrency', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const book = (who: Person, klassId: number, child: number) =>
    t.app.inject({
      method: 'POST',
      url: TRIALS_API.bookings,
      headers: as(who),
      payload: { klass_id: String(klassId), attendee_profile_id: String(child) },
    });

  it('50 trials racing for the last seat: exactly one gets it', async () => {
    const made = await scheduleWithKlasses(t, c, {
      programme: { trial_price: 0 },
      schedule: { capacity: 2 },
    });
    await enroll(t, made.scheduleId, [c.parent.attendees.leo]);
    const klassId = made.klassIds[0] as number;
    const kids = await t.database.db
      .insert(attendeeProfiles)
      .values(Array.from({ length: 50 }, (_, i) => ({ userId: c.parent.id, name: `Kid ${i}` })))
      .returning({ id: attendeeProfiles.id });
    await giveEmergencyContacts(
      t.database.db,
      kids.map((k) => k.id),
    );
    const answers = await Promise.all(kids.map((k) => book(c.parent, klassId, k.id)));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((s) => s === 201)).toHaveLength(1);
    expect(codes.filter((s) => s === 409)).toHaveLength(49);
    const live = await t.database.db
      .select()
      .from(trialBookings)
      .where(and(eq(trialBookings.klassId, klassId), eq(trialBookings.status, 'booked')));
    expect(live).toHaveLength(1);
  });

  it('one child’s trial asked for from 10 tabs at once books once', async () => {
    const made = await scheduleWithKlasses(t, c, {
      programme: { trial_price: 0 },
      schedule: { capacity: 20 },
    });
    const answers = await Promise.all(
      made.klassIds
        .slice(0, 5)
        .flatMap((k) => [
          book(c.parent, k, c.parent.attendees.mia),
          book(c.parent, k, c.parent.attendees.mia),
        ]),
    );
    expect(answers.filter((a) => a.statusCode === 201)).toHaveLength(1);
    const rows = await t.database.db
      .select()
      .from(trialBookings)
      .where(eq(trialBookings.klassGroupId, Number(made.groupId)));
    expect(rows).toHaveLength(1);
  });

  /** A family that had a paid trial of the programme, with the schedule in its cart. */
  async function triedFamily(
    made: Awaited<ReturnType<typeof scheduleWithKlasses>>,
    creditUntil?: Date,
  ) {
    const who = await person(t, 'student', `Family ${made.scheduleId}`);
    const kid = await addAttendee(t, who.id, 'Tried Kid');
    await givePaidTrial(t, {
      klassId: made.klassIds[0] as number,
      klassGroupId: Number(made.groupId),
      attendeeProfileId: kid,
      userId: who.id,
      price: 2500,
      ...(creditUntil ? { creditUntil } : {}),
    });
    await addToCart(t, who.id, { ...made, attendeeIds: [kid] });
    return who;
  }
  const checkout = (who: Person, key: string) =>
    t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(who), 'idempotency-key': key },
    });
  const creditsOf = (userId: number) =>
    t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, userId), eq(ledgerEntries.kind, 'credit')));

  it('enrolling in the programme credits a paid trial once, even when paid twice at once', async () => {
    const made = await scheduleWithKlasses(t, c, { programme: { trial_price: 2500 } });
    const who = await triedFamily(made);
    const order = await checkout(who, `trial-credit-${made.scheduleId}`);
    expect(order.statusCode).toBe(201);
    const orderId = order.json().data.id;
    // The provider's success delivered twice at once (a retry racing the first delivery).
    await Promise.all([payments.emit('succeeded', orderId), payments.emit('succeeded', orderId)]);
    const credits = await creditsOf(who.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amount: -2500, orderId: Number(orderId) });
    const [trial] = await t.database.db
      .select()
      .from(trialBookings)
      .where(eq(trialBookings.userId, who.id));
    expect(trial?.creditedOrderItemId).toBe(credits[0]?.orderItemId);
  });

  it('no credit once the window has closed', async () => {
    const made = await scheduleWithKlasses(t, c, { programme: { trial_price: 2500 } });
    const who = await triedFamily(made, new Date(Date.now() - 60_000));
    const order = await checkout(who, `trial-late-${made.scheduleId}`);
    await payments.emit('succeeded', order.json().data.id);
    const entries = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, who.id));
    // Paid (its charge and payment are there), but nothing credited.
    expect(entries.map((e) => e.kind)).toContain('payment');
    expect(await creditsOf(who.id)).toHaveLength(0);
  });

  // Paid trials through the cart (docs/decisions/077-trial-classes.md).
  const cartTrial = async (who: Person, klassId: number, child: number) => {
    const res = await book(who, klassId, child);
    expect(res.statusCode).toBe(202);
  };

  it('two checkouts of paid trials racing for the last seat of the schedule: one holds it', async () => {
    const made = await scheduleWithKlasses(t, c, {
      programme: { trial_price: 2500 },
      schedule: { capacity: 2 },
    });
    await enroll(t, made.scheduleId, [c.parent.attendees.leo]);
    const klassId = made.klassIds[0] as number;
    const families = await Promise.all(
      [1, 2].map((i) => person(t, 'student', `Racer ${made.scheduleId}-${i}`)),
    );
    const kids = await Promise.all(families.map((f) => addAttendee(t, f.id, 'Racing Kid')));
    for (const [i, f] of families.entries()) await cartTrial(f, klassId, kids[i] as number);
    const answers = await Promise.all(
      families.map((f, i) => checkout(f, `trial-race-${made.scheduleId}-${i}`)),
    );
    const codes = answers.map((a) => a.statusCode).sort();
    expect(codes).toEqual([201, 409]);
    const lost = answers.find((a) => a.statusCode === 409);
    expect(lost?.json().errors[0].code).toBe('sold_out');
  });

  it('a paid trial bought through the cart is credited when the child enrols later', async () => {
    const made = await scheduleWithKlasses(t, c, { programme: { trial_price: 2500 } });
    const who = await person(t, 'student', `Later ${made.scheduleId}`);
    const kid = await addAttendee(t, who.id, 'Later Kid');
    await cartTrial(who, made.klassIds[0] as number, kid);
    const trialOrder = await checkout(who, `trial-buy-${made.scheduleId}`);
    expect(trialOrder.statusCode).toBe(201);
    await payments.emit('succeeded', trialOrder.json().data.id);
    const [trial] = await t.database.db
      .select()
      .from(trialBookings)
      .where(eq(trialBookings.attendeeProfileId, kid));
    expect(trial).toMatchObject({ status: 'booked', price: 2500 });
    await addToCart(t, who.id, { ...made, attendeeIds: [kid] });
    const order = await checkout(who, `trial-enrol-${made.scheduleId}`);
    expect(order.statusCode).toBe(201);
    await payments.emit('succeeded', order.json().data.id);
    const credits = await creditsOf(who.id);
    expect(credits).toHaveLength(1);
    expect(credits[0]).toMatchObject({ amount: -2500, orderId: Number(order.json().data.id) });
  });
});
