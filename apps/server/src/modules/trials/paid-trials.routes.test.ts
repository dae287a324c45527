import {
  ADMIN_ORDERS_API,
  ORDERS_API,
  REFUNDS_API,
  SALES_API,
  TRIAL_MESSAGES,
  TRIALS_API,
} from '@atelier/contract';
import { and, eq, isNotNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { as, type Cast, type Person } from '../classes/classes-testing';
import { seatHolds } from '../enrollments/enrollments.tables';
import { ledgerEntries } from '../ledger/ledger.tables';
import { scheduleWithKlasses } from '../makeups/makeups-testing';
import { anonymiseOrderAttendees } from '../orders';
import { orderItems, orders } from '../orders/orders.tables';
import { users } from '../users/users.tables';
import { trialBookings } from './trials.tables';

// Paid trials through the cart (docs/decisions/077-trial-classes.md): checked as a free one, then
// a cart item (202); checkout holds a seat of the class's schedule; the payment books the trial
// on a session seat; a full refund cancels it; an expired order frees its seat.
describe('paid trial classes through the cart', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let mia: number;
  let leo: number;
  let paid: Awaited<ReturnType<typeof scheduleWithKlasses>>;
  let none: Awaited<ReturnType<typeof scheduleWithKlasses>>;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    mia = c.parent.attendees.mia;
    leo = c.parent.attendees.leo;
    paid = await scheduleWithKlasses(t, c, { programme: { trial_price: 2500 } });
    none = await scheduleWithKlasses(t, c);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const klass = (i: number) => paid.klassIds[i] as number;
  const post = (who: Person, klassId: number | string, child: number) =>
    t.app.inject({
      method: 'POST',
      url: TRIALS_API.bookings,
      headers: as(who),
      payload: { klass_id: String(klassId), attendee_profile_id: String(child) },
    });
  const cart = async (who: Person) =>
    (await t.app.inject({ method: 'GET', url: '/api/v2/cart_items', headers: as(who) })).json();
  const checkout = (who: Person, key: string) =>
    t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(who), 'idempotency-key': key },
    });
  const pay = async (secret: string) =>
    t.app.inject({
      method: 'POST',
      url: ORDERS_API.fakePaymentConfirm(secret.split('_secret_')[0] ?? ''),
      payload: { client_secret: secret, card_number: '4242424242424242' },
    });
  const orderHolds = (orderId: number) =>
    t.database.db.select().from(seatHolds).where(eq(seatHolds.orderId, orderId));
  const trialsOf = (child: number) =>
    t.database.db.select().from(trialBookings).where(eq(trialBookings.attendeeProfileId, child));
  const removeAll = async (who: Person) => {
    for (const item of (await cart(who)).data as { id: string }[]) {
      await t.app.inject({
        method: 'DELETE',
        url: `/api/v2/cart_items/${item.id}`,
        headers: as(who),
      });
    }
  };

  it('refuses bad input, another family’s child and a programme without a trial (422)', async () => {
    const bad = await t.app.inject({
      method: 'POST',
      url: TRIALS_API.bookings,
      headers: as(c.parent),
      payload: { klass_id: 'x' },
    });
    expect(bad.statusCode).toBe(422);
    const noTrial = await post(c.parent, none.klassIds[0] as number, mia);
    expect(noTrial.statusCode).toBe(422);
    expect(noTrial.json().errors[0].detail).toBe(TRIAL_MESSAGES.noTrial);
    const stranger = await post(c.teacher, klass(0), mia);
    expect(stranger.statusCode).toBe(422);
    expect(stranger.json().errors[0].detail).toBe(TRIAL_MESSAGES.notYourChild);
    expect((await cart(c.parent)).data).toEqual([]);
  });

  it('puts a paid trial into the cart (202), once; checkout holds a seat; paid, it is booked on a session seat', async () => {
    const added = await post(c.parent, klass(1), mia);
    expect(added.statusCode).toBe(202);
    const itemId = added.json().meta.cart_item_id;
    expect(added.json().data).toBeNull();
    // Posting it again answers the same item.
    expect((await post(c.parent, klass(1), mia)).json().meta.cart_item_id).toBe(itemId);
    const listed = await cart(c.parent);
    expect(listed.data).toHaveLength(1);
    expect(listed.data[0]).toMatchObject({
      id: itemId,
      attributes: { kind: 'trial', total_price: 2500, available: true },
    });
    expect(listed.included).toContainEqual(
      expect.objectContaining({
        type: 'trial_classes',
        attributes: expect.objectContaining({ klass_id: String(klass(1)), price: 2500 }),
      }),
    );
    // Nothing is booked before the payment.
    expect(await trialsOf(mia)).toEqual([]);

    const ordered = await checkout(c.parent, 'paid-trial-1');
    expect(ordered.statusCode).toBe(201);
    const order = ordered.json().data;
    expect(order.attributes.total).toBe(2500);
    expect(order.attributes.items[0]).toMatchObject({
      kind: 'trial',
      trial: { klass_id: String(klass(1)), price: 2500 },
    });
    const held = await orderHolds(Number(order.id));
    expect(held).toHaveLength(1);
    expect(held[0]).toMatchObject({ scheduleId: Number(paid.scheduleId), seats: 1 });

    const confirm = await pay(order.attributes.payment.client_secret);
    expect(confirm.json().status).toBe('succeeded');
    const [trial] = await trialsOf(mia);
    expect(trial).toMatchObject({
      klassId: klass(1),
      status: 'booked',
      price: 2500,
      orderId: Number(order.id),
    });
    // The order's hold became the trial's session seat; the cart is empty.
    expect(await orderHolds(Number(order.id))).toEqual([]);
    const [seat] = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.sessionSeatKey, `trial:${trial?.id}`));
    expect(seat).toMatchObject({ scheduleId: Number(paid.scheduleId) });
    expect((await cart(c.parent)).data).toEqual([]);
    // The receipt mail, the sales overview and the admin's order list name it.
    const [who] = await t.database.db.select().from(users).where(eq(users.id, c.parent.id));
    const mail = await latestMail(t.app, who?.email ?? '', 'order_receipt');
    expect(mail?.text).toMatch(/Trial class: [^\n]+ — Mia/);
    const day = (offset: number) =>
      new Date(Date.now() + offset * 86_400_000).toISOString().slice(0, 10);
    const sales = await t.app.inject({
      method: 'GET',
      url: `${SALES_API.overview}?from=${day(-1)}&to=${day(1)}&interval=day`,
      headers: as(c.admin),
    });
    const programmes = sales.json().data.attributes.programmes as { name: string }[];
    expect(programmes.map((p) => p.name).some((n) => n.startsWith('Trial class: '))).toBe(true);
    const admin = await t.app.inject({
      method: 'GET',
      url: ADMIN_ORDERS_API.orders,
      headers: as(c.admin),
    });
    expect(JSON.stringify(admin.json())).toMatch(
      /Trial class: [^"]+ — Mia[^"]*, \d{4}-\d{2}-\d{2}/,
    );
    // The family's order history names it.
    const list = await t.app.inject({
      method: 'GET',
      url: ORDERS_API.orders,
      headers: as(c.parent),
    });
    expect(list.json().data[0].attributes.items[0]).toMatchObject({
      kind: 'trial',
      trial: { child_name: expect.any(String), programme: expect.any(String) },
    });
  });

  it('refuses a second paid trial of the programme for the same child', async () => {
    const again = await post(c.parent, klass(2), mia);
    expect(again.statusCode).toBe(409);
    expect(again.json().errors[0].detail).toBe(TRIAL_MESSAGES.alreadyTried);
  });

  it('checkout says so (422 naming the item) when the child got a trial meanwhile', async () => {
    const added = await post(c.parent, klass(2), leo);
    expect(added.statusCode).toBe(202);
    const itemId = added.json().meta.cart_item_id;
    await t.database.db.insert(trialBookings).values({
      klassId: klass(3),
      klassGroupId: Number(paid.groupId),
      attendeeProfileId: leo,
      userId: c.parent.id,
      price: 0,
      status: 'booked',
      creditUntil: new Date(Date.now() + 86_400_000),
    });
    const ordered = await checkout(c.parent, 'paid-trial-2');
    await t.database.db
      .update(trialBookings)
      .set({ status: 'cancelled' })
      .where(eq(trialBookings.attendeeProfileId, leo));
    expect(ordered.statusCode).toBe(422);
    expect(ordered.json().errors[0].meta.field).toBe(`cart_items.${itemId}.attendee_profile_id`);
    expect(ordered.json().errors[0].detail).toBe(TRIAL_MESSAGES.alreadyTried);
  });

  it('an expired order frees the trial’s seat', async () => {
    await removeAll(c.parent);
    expect((await post(c.parent, klass(2), leo)).statusCode).toBe(202);
    const ordered = await checkout(c.parent, 'paid-trial-3');
    expect(ordered.statusCode).toBe(201);
    const id = Number(ordered.json().data.id);
    expect(await orderHolds(id)).toHaveLength(1);
    const past = new Date(Date.now() - 1000);
    await t.database.db.update(orders).set({ expiresAt: past }).where(eq(orders.id, id));
    await t.database.db.update(seatHolds).set({ expiresAt: past }).where(eq(seatHolds.orderId, id));
    // Listing the orders sweeps the family's expired holds.
    await t.app.inject({ method: 'GET', url: ORDERS_API.orders, headers: as(c.parent) });
    const [row] = await t.database.db.select().from(orders).where(eq(orders.id, id));
    expect(row?.status).toBe('expired');
    expect(await orderHolds(id)).toEqual([]);
    expect((await trialsOf(leo)).filter((r) => r.status !== 'cancelled')).toEqual([]);
    await removeAll(c.parent);
  });

  it('a full refund cancels the paid trial and frees its session seat', async () => {
    const [trial] = await trialsOf(mia);
    const orderId = String(trial?.orderId);
    const refund = await t.app.inject({
      method: 'POST',
      url: REFUNDS_API.adminOrderRefunds(orderId),
      headers: as(c.admin),
      payload: { amount: 2500, reason: 'Changed plans', method: 'credit' },
    });
    expect(refund.statusCode).toBe(201);
    const [after] = await trialsOf(mia);
    expect(after?.status).toBe('cancelled');
    const seats = await t.database.db
      .select()
      .from(seatHolds)
      .where(
        and(
          isNotNull(seatHolds.sessionSeatKey),
          eq(seatHolds.sessionSeatKey, `trial:${trial?.id}`),
        ),
      );
    expect(seats).toEqual([]);
    // The refund (as credit) is the only credit: the trial's cancellation adds none.
    const credits = await t.database.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, c.parent.id), eq(ledgerEntries.kind, 'credit')));
    expect(credits.filter((e) => (e.description ?? '').startsWith('Trial'))).toEqual([]);
  });

  it('a deleting family’s child’s name leaves the trial’s order snapshot too', async () => {
    const [trial] = await trialsOf(mia);
    await t.database.db.transaction((tx) =>
      anonymiseOrderAttendees(tx, [mia], 'Deleted family #1'),
    );
    const [item] = await t.database.db
      .select()
      .from(orderItems)
      .where(eq(orderItems.orderId, trial?.orderId ?? 0));
    expect(JSON.stringify(item?.snapshot)).toContain('"child_name":"Deleted family #1"');
    expect(JSON.stringify(item?.snapshot)).not.toContain('Mia');
  });

  it("names a paid trial in the cart in the reader's language; the order's snapshot keeps English", async () => {
    await removeAll(c.parent);
    const clay = await scheduleWithKlasses(t, c, {
      programme: {
        name: 'Clay Studio',
        trial_price: 1500,
        translations: { ja: { name: '陶芸スタジオ' } },
      },
      schedule: { name: 'Saturday mornings', translations: { ja: { name: '土曜の朝' } } },
    });
    expect((await post(c.parent, clay.klassIds[0] as number, leo)).statusCode).toBe(202);
    const trialIn = async (language: string) =>
      (
        await t.app.inject({
          method: 'GET',
          url: '/api/v2/cart_items',
          headers: { ...as(c.parent), 'accept-language': language },
        })
      )
        .json()
        .included.find((r: { type: string }) => r.type === 'trial_classes')?.attributes;
    expect(await trialIn('ja')).toMatchObject({
      programme: '陶芸スタジオ',
      schedule_name: '土曜の朝',
    });
    expect(await trialIn('en')).toMatchObject({
      programme: 'Clay Studio',
      schedule_name: 'Saturday mornings',
    });
    const ordered = await t.app.inject({
      method: 'POST',
      url: ORDERS_API.orders,
      headers: { ...as(c.parent), 'idempotency-key': 'paid-trial-ja', 'accept-language': 'ja' },
    });
    expect(ordered.statusCode).toBe(201);
    const snapshot = JSON.stringify(ordered.json().data.attributes.items[0]);
    expect(snapshot).toContain('Clay Studio');
    expect(snapshot).not.toContain('陶芸スタジオ');
  });
});
