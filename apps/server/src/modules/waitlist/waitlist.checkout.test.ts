import { API, CLASSES_API, ORDERS_API, WAITLIST_API } from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { addAttendee, addToCart, SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import {
  as,
  type Cast,
  type Person,
  person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { seatHolds } from '../enrollments/enrollments.tables';
import { fakePayments } from '../orders/orders-testing';
import { waitlistContextOf } from './waitlist.routes';
import { offerFreedSeats } from './waitlist.service';
import { waitlistEntries, waitlistOffers } from './waitlist.tables';
import { freeSeats, fullSchedule, joined } from './waitlist-testing';

// Accepting an offer is booking (docs/product.md#waitlist, decision 035): checkout counts the
// seats the family's own open offer holds as left for it, and only for it, and takes them.

describe('checkout with a waitlist offer', { timeout: 90_000 }, () => {
  let t: TestApp;
  let c: Cast;
  const payments = fakePayments();

  beforeAll(async () => {
    t = await createTestApp({}, { paymentsStandIn: payments.service });
    c = await cast(t);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const checkout = (who: Person) =>
    t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(who), 'idempotency-key': `k-${who.id}-${Date.now()}` },
    });
  const addByApi = (who: Person, s: { scheduleId: string; planId: string }, kid: number) =>
    t.app.inject({
      method: 'POST',
      url: API.cartItems,
      headers: as(who),
      payload: {
        cart_item: {
          klass_group_schedule_id: s.scheduleId,
          plan_id: s.planId,
          attendee_profile_ids: [String(kid)],
        },
      },
    });

  it('a full schedule with an offer to family A: B cannot buy the seat, A can, and the offer is taken', async () => {
    const s = await fullSchedule(t, c, 1);
    const a = await person(t, 'student', 'Family A');
    const b = await person(t, 'student', 'Family B');
    const kidA = await addAttendee(t, a.id, 'Kid A');
    const kidB = await addAttendee(t, b.id, 'Kid B');
    const entryA = await joined(t, a, s.id, 1);
    await joined(t, b, s.id, 1);
    await freeSeats(t, s.holdId, 1);
    const [offer] = await offerFreedSeats(waitlistContextOf(t.app), [s.id]);
    expect(offer?.userId).toBe(a.id);

    // B: the cart refuses the sold-out class, and checkout refuses the seat.
    const refusedAdd = await addByApi(b, s, kidB);
    expect(refusedAdd.statusCode).toBe(422);
    expect(refusedAdd.json().errors[0].meta.field).toBe('klass_group_schedule_id');
    await addToCart(t, b.id, { scheduleId: s.scheduleId, planId: s.planId, attendeeIds: [kidB] });
    const refused = await checkout(b);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0].code).toBe('sold_out');

    // A: the cart takes it, and checkout holds the seat for A's order.
    const added = await addByApi(a, s, kidA);
    expect(added.statusCode, added.body).toBe(201);
    const made = await checkout(a);
    expect(made.statusCode).toBe(201);
    const holds = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.scheduleId, s.id));
    expect(holds.map((h) => [h.orderId === null ? 'offer' : 'order', h.seats])).toEqual([
      ['order', 1],
    ]);
    const [offerRow] = await t.database.db
      .select()
      .from(waitlistOffers)
      .where(eq(waitlistOffers.id, offer?.offerId ?? 0));
    expect(offerRow?.status).toBe('accepted');
    const [entryRow] = await t.database.db
      .select()
      .from(waitlistEntries)
      .where(eq(waitlistEntries.id, entryA));
    expect(entryRow?.status).toBe('booked');

    await payments.emit('succeeded', made.json().data.id);
    const paid = await t.app.inject({
      method: 'GET',
      url: ORDERS_API.order(made.json().data.id),
      headers: as(a),
    });
    expect(paid.json().data.attributes.status).toBe('paid');
  });

  const offerOf = async (who: Person) =>
    (await t.app.inject({ method: 'GET', url: WAITLIST_API.mine, headers: as(who) })).json().data[0]
      ?.attributes.offer;

  it('a cancelled order’s seats are offered at once to the family waiting', async () => {
    const s = await programmeWithSchedule(t, c, { schedule: { capacity: 1 } });
    const buyer = await person(t, 'student', 'Buyer');
    const kid = await addAttendee(t, buyer.id, 'Buyer Kid');
    await addToCart(t, buyer.id, { ...s, attendeeIds: [kid] });
    const order = await checkout(buyer);
    expect(order.statusCode).toBe(201);
    const waiter = await person(t, 'student', 'Waiter');
    await joined(t, waiter, Number(s.scheduleId), 1);
    expect(await offerOf(waiter)).toBeNull();
    const cancel = await t.app.inject({
      method: 'DELETE',
      url: ORDERS_API.order(order.json().data.id),
      headers: as(buyer),
    });
    expect(cancel.statusCode).toBe(200);
    expect(await offerOf(waiter)).toMatchObject({ seats: 1 });
  });

  it('a raised capacity is offered at once to the family waiting', async () => {
    const s = await fullSchedule(t, c, 2);
    const waiter = await person(t, 'student', 'Waiter Two');
    await joined(t, waiter, s.id, 2);
    const patch = await t.app.inject({
      method: 'PATCH',
      url: CLASSES_API.schedule(s.id),
      headers: as(c.admin),
      payload: { klass_group_schedule: { capacity: 4 } },
    });
    expect(patch.statusCode).toBe(200);
    expect(await offerOf(waiter)).toMatchObject({ seats: 2 });
  });
});
