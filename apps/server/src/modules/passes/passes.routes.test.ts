import {
  ATTENDANCE_API,
  CART_API,
  flatten,
  PASS_MESSAGES,
  PASSES_API,
  passPurchaseListDocumentSchema,
  REFUNDS_API,
  SALES_API,
} from '@atelier/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { latestMail } from '../../mail/mail-testing';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { SETUP_TIMEOUT_MS } from '../cart/cart-testing';
import { klasses } from '../classes/classes.tables';
import { as, type Cast, person } from '../classes/classes-testing';
import { seatHolds } from '../enrollments/enrollments.tables';
import { scheduleWithKlasses } from '../makeups/makeups-testing';
import { attendeeProfiles, users } from '../users/users.tables';
import { bookDropIn, buyPass, givePurchase, makePass } from './passes-testing';

const DAY_MS = 86_400_000;

// Class passes bought through the cart and the one money path, and drop-ins booked with them
// (docs/product.md#class-passes-and-drop-ins, docs/decisions/076-class-passes-and-drop-ins.md).
describe('class passes and drop-ins', { timeout: 120_000 }, () => {
  let t: TestApp;
  let c: Cast;
  let made: Awaited<ReturnType<typeof scheduleWithKlasses>>;
  let other: Awaited<ReturnType<typeof scheduleWithKlasses>>;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    made = await scheduleWithKlasses(t, c, { schedule: { capacity: 5 } });
    other = await scheduleWithKlasses(t, c, { schedule: { capacity: 5 } });
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const purchasesOf = async (who: { token: string }) => {
    const res = await t.app.inject({ method: 'GET', url: PASSES_API.purchases, headers: as(who) });
    expect(res.statusCode).toBe(200);
    return passPurchaseListDocumentSchema.parse(res.json()).data;
  };

  it('admins define passes; families read them but cannot write; bad input is 422 by field', async () => {
    const id = await makePass(t, c, { klassGroupIds: [made.groupId] });
    const list = await t.app.inject({
      method: 'GET',
      url: PASSES_API.passes,
      headers: as(c.parent),
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().data.find((p: { id: string }) => p.id === id).attributes).toMatchObject({
      name: 'Ten visits',
      visits: 10,
      price: 15000,
      validity_days: 90,
      klass_group_ids: [Number(made.groupId)],
      translations: { ja: { name: '10回券' } },
    });
    // A PUT without the programmes keeps them (the kit's form leaves them out).
    const renamed = await t.app.inject({
      method: 'PUT',
      url: PASSES_API.pass(id),
      headers: as(c.admin),
      payload: { pass: { name: 'Ten visits', visits: 10, price: 15000, validity_days: 90 } },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().data.attributes.klass_group_ids).toEqual([Number(made.groupId)]);
    const refused = await t.app.inject({
      method: 'POST',
      url: PASSES_API.passes,
      headers: as(c.parent),
      payload: {
        pass: { name: 'Mine', visits: 1, price: 0, validity_days: 1, klass_group_ids: [] },
      },
    });
    expect(refused.statusCode).toBe(403);
    const deleteRefused = await t.app.inject({
      method: 'DELETE',
      url: PASSES_API.pass(id),
      headers: as(c.parent),
    });
    expect(deleteRefused.statusCode).toBe(403);
    const bad = await t.app.inject({
      method: 'POST',
      url: PASSES_API.passes,
      headers: as(c.admin),
      payload: { pass: { name: '', visits: 0, price: -1, validity_days: 1.5 } },
    });
    expect(bad.statusCode).toBe(422);
    const fields = bad.json().errors.map((e: { meta?: { field?: string } }) => e.meta?.field);
    expect(fields).toEqual(expect.arrayContaining(['name', 'visits', 'price', 'validity_days']));
  });

  it('a family buys a pass through the cart and pays by card: the purchase exists with its visits and expiry, the cart is empty', async () => {
    const buyer = await person(t, 'student', 'Pia Pass');
    const passId = await makePass(t, c, { klassGroupIds: [made.groupId], visits: 3 });
    const orderId = await buyPass(t, buyer, passId, 'buy-pass-1');
    const [purchase] = await purchasesOf(buyer);
    expect(purchase).toMatchObject({
      order_id: orderId,
      pass_id: passId,
      visits: 3,
      visits_left: 3,
      state: 'active',
      klass_group_ids: [made.groupId],
    });
    const expires = new Date(purchase?.expires_at ?? 0).getTime();
    expect(Math.abs(expires - (Date.now() + 90 * DAY_MS))).toBeLessThan(60_000);
    const cart = await t.app.inject({ method: 'GET', url: CART_API.items, headers: as(buyer) });
    expect(cart.json().data).toEqual([]);
    const order = await t.app.inject({
      method: 'GET',
      url: `/api/v2/orders/${orderId}`,
      headers: as(buyer),
    });
    const [line] = order.json().data.attributes.items;
    expect(line).toMatchObject({ kind: 'pass', total: 15000, pass: { visits: 3 } });
    // The receipt mail says what the pass holds.
    const [who] = await t.database.db.select().from(users).where(eq(users.id, buyer.id));
    const mail = await latestMail(t.app, who?.email ?? '', 'order_receipt');
    expect(mail?.text).toMatch(/Class pass Ten visits: 3 visits, valid 90 days/);
    // The sales overview names the pass where a programme would be.
    // A day either side: the school's day need not be UTC's.
    const day = (offset: number) =>
      new Date(Date.now() + offset * DAY_MS).toISOString().slice(0, 10);
    const sales = await t.app.inject({
      method: 'GET',
      url: `${SALES_API.overview}?from=${day(-1)}&to=${day(1)}&interval=day`,
      headers: as(c.admin),
    });
    expect(sales.statusCode).toBe(200);
    const programmes = sales.json().data.attributes.programmes as { name: string }[];
    expect(programmes.map((p) => p.name)).toContain('Ten visits');
  });

  it('the cart shows a pass item with its price, once however often it is added', async () => {
    const buyer = await person(t, 'student', 'Cara Cart');
    const passId = await makePass(t, c, { klassGroupIds: [made.groupId], price: 9900 });
    const add = () =>
      t.app.inject({
        method: 'POST',
        url: CART_API.items,
        headers: as(buyer),
        payload: { cart_item: { kind: 'pass', pass_id: passId } },
      });
    expect((await add()).statusCode).toBe(201);
    expect((await add()).statusCode).toBe(200);
    const cart = await t.app.inject({ method: 'GET', url: CART_API.items, headers: as(buyer) });
    const items = flatten(cart.json()) as unknown as { kind: string; total_price: number }[];
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ kind: 'pass', total_price: 9900 });
    // A pass has nothing to change: a PUT is a 422 on `kind`.
    const put = await t.app.inject({
      method: 'PUT',
      url: CART_API.item(cart.json().data[0].id),
      headers: as(buyer),
      payload: { cart_item: { number_of_attendees: 2 } },
    });
    expect(put.statusCode).toBe(422);
    expect(put.json().errors[0].meta.field).toBe('kind');
    const gone = await t.app.inject({
      method: 'POST',
      url: CART_API.items,
      headers: as(buyer),
      payload: { cart_item: { kind: 'pass', pass_id: '999999' } },
    });
    expect(gone.statusCode).toBe(422);
  });

  it('books a visit, spends it, holds the seat; cancelling before the start gives both back', async () => {
    const purchase = await givePurchase(t, c.parent.id, {
      klassGroupIds: [Number(made.groupId)],
      visits: 2,
    });
    const klassId = made.klassIds[2] as number;
    const booked = await bookDropIn(t, c.parent, {
      klassId,
      attendeeId: c.parent.attendees.mia,
      purchaseId: purchase,
    });
    expect(booked.statusCode).toBe(201);
    const again = await bookDropIn(t, c.parent, {
      klassId,
      attendeeId: c.parent.attendees.mia,
      purchaseId: purchase,
    });
    expect(again.statusCode).toBe(409);
    // The roll shows the child coming on a drop-in.
    const roll = await t.app.inject({
      method: 'GET',
      url: ATTENDANCE_API.klass(klassId),
      headers: as(c.admin),
    });
    expect(roll.json().data.attributes.attendees).toMatchObject([
      { attendee_profile_id: String(c.parent.attendees.mia), drop_in: true, makeup: false },
    ]);
    let mine = (await purchasesOf(c.parent)).find((p) => p.id === String(purchase));
    expect(mine?.visits_left).toBe(1);
    expect(mine?.drop_ins).toHaveLength(1);
    const heldBefore = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.scheduleId, Number(made.scheduleId)));
    expect(heldBefore).toHaveLength(1);

    const cancelled = await t.app.inject({
      method: 'DELETE',
      url: PASSES_API.dropIn(booked.json().data.id),
      headers: as(c.parent),
    });
    expect(cancelled.statusCode).toBe(200);
    expect(cancelled.json().data.cancelled_at).not.toBeNull();
    mine = (await purchasesOf(c.parent)).find((p) => p.id === String(purchase));
    expect(mine?.visits_left).toBe(2);
    const heldAfter = await t.database.db
      .select()
      .from(seatHolds)
      .where(eq(seatHolds.scheduleId, Number(made.scheduleId)));
    expect(heldAfter).toHaveLength(0);
  });

  it('refuses a cancel once the class started (409), and another family cancelling (404)', async () => {
    const purchase = await givePurchase(t, c.parent.id, { klassGroupIds: [Number(made.groupId)] });
    const klassId = made.klassIds[3] as number;
    const booked = await bookDropIn(t, c.parent, {
      klassId,
      attendeeId: c.parent.attendees.leo,
      purchaseId: purchase,
    });
    expect(booked.statusCode).toBe(201);
    const id = booked.json().data.id;
    const stranger = await person(t, 'student', 'Stan Stranger');
    const foreign = await t.app.inject({
      method: 'DELETE',
      url: PASSES_API.dropIn(id),
      headers: as(stranger),
    });
    expect(foreign.statusCode).toBe(404);
    // The class began a minute ago.
    const [row] = await t.database.db.select().from(klasses).where(eq(klasses.id, klassId));
    const length = (row?.endsAt.getTime() ?? 0) - (row?.startsAt.getTime() ?? 0);
    const startsAt = new Date(Date.now() - 60_000);
    await t.database.db
      .update(klasses)
      .set({ startsAt, endsAt: new Date(startsAt.getTime() + length) })
      .where(eq(klasses.id, klassId));
    const late = await t.app.inject({
      method: 'DELETE',
      url: PASSES_API.dropIn(id),
      headers: as(c.parent),
    });
    expect(late.statusCode).toBe(409);
    expect(late.json().errors[0].detail).toBe(PASS_MESSAGES.started);
    const lateBooking = await bookDropIn(t, c.parent, {
      klassId,
      attendeeId: c.parent.attendees.mia,
      purchaseId: purchase,
    });
    expect(lateBooking.statusCode).toBe(409);
  });

  it('refuses an expired pass, a programme the pass does not accept (422), another family’s pass (404), another family’s child (422)', async () => {
    const klassId = made.klassIds[4] as number;
    const expired = await givePurchase(t, c.parent.id, {
      klassGroupIds: [Number(made.groupId)],
      expiresAt: new Date(Date.now() - 1000),
    });
    const r1 = await bookDropIn(t, c.parent, {
      klassId,
      attendeeId: c.parent.attendees.mia,
      purchaseId: expired,
    });
    expect(r1.statusCode).toBe(422);
    expect(r1.json().errors[0]).toMatchObject({
      detail: PASS_MESSAGES.expired,
      meta: { field: 'pass_purchase_id' },
    });

    const narrow = await givePurchase(t, c.parent.id, { klassGroupIds: [Number(made.groupId)] });
    const r2 = await bookDropIn(t, c.parent, {
      klassId: other.klassIds[0] as number,
      attendeeId: c.parent.attendees.mia,
      purchaseId: narrow,
    });
    expect(r2.statusCode).toBe(422);
    expect(r2.json().errors[0]).toMatchObject({
      detail: PASS_MESSAGES.notAccepted,
      meta: { field: 'klass_id' },
    });

    const stranger = await person(t, 'student', 'Sia Stranger');
    const [kid] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: stranger.id, name: 'Stranger Kid' })
      .returning({ id: attendeeProfiles.id });
    const r3 = await bookDropIn(t, stranger, {
      klassId,
      attendeeId: kid?.id ?? 0,
      purchaseId: narrow,
    });
    expect(r3.statusCode).toBe(404);
    const r4 = await bookDropIn(t, c.parent, {
      klassId,
      attendeeId: kid?.id ?? 0,
      purchaseId: narrow,
    });
    expect(r4.statusCode).toBe(422);
    const r5 = await t.app.inject({
      method: 'POST',
      url: PASSES_API.dropIns,
      headers: as(c.parent),
      payload: { klass_id: 'x', attendee_profile_id: String(c.parent.attendees.mia) },
    });
    expect(r5.statusCode).toBe(422);
  });

  it('a full refund of a pass order takes the pass back: its unused visits go', async () => {
    const buyer = await person(t, 'student', 'Rae Refund');
    const passId = await makePass(t, c, { klassGroupIds: [made.groupId], visits: 4 });
    const orderId = await buyPass(t, buyer, passId, 'refund-pass-1');
    const refund = await t.app.inject({
      method: 'POST',
      url: REFUNDS_API.adminOrderRefunds(orderId),
      headers: as(c.admin),
      payload: { amount: 15000, reason: 'Changed plans', method: 'credit' },
    });
    expect(refund.statusCode).toBe(201);
    const [purchase] = await purchasesOf(buyer);
    expect(purchase).toMatchObject({ state: 'revoked', visits_left: 0 });
    const [kid] = await t.database.db
      .insert(attendeeProfiles)
      .values({ userId: buyer.id, name: 'Refund Kid' })
      .returning({ id: attendeeProfiles.id });
    const refused = await bookDropIn(t, buyer, {
      klassId: made.klassIds[5] as number,
      attendeeId: kid?.id ?? 0,
      purchaseId: purchase?.id ?? '0',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors[0].detail).toBe(PASS_MESSAGES.revoked);
  });

  it('offers the upcoming classes of the programmes the pass accepts, with their seats', async () => {
    const purchase = await givePurchase(t, c.parent.id, { klassGroupIds: [Number(other.groupId)] });
    const res = await t.app.inject({
      method: 'GET',
      url: PASSES_API.dropInOptions,
      query: { pass_purchase_id: String(purchase) },
      headers: as(c.parent),
    });
    expect(res.statusCode).toBe(200);
    const ids = res.json().data.map((o: { klass_id: string }) => Number(o.klass_id));
    expect(ids.length).toBeGreaterThan(0);
    expect(ids.every((id: number) => other.klassIds.includes(id))).toBe(true);
  });

  it("offers only one programme's classes when asked, and none of a programme the pass does not book", async () => {
    const both = await givePurchase(t, c.parent.id, {
      klassGroupIds: [Number(made.groupId), Number(other.groupId)],
    });
    const justOther = await givePurchase(t, c.parent.id, {
      klassGroupIds: [Number(other.groupId)],
    });
    const options = async (purchase: number, programme: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: PASSES_API.dropInOptions,
        query: { pass_purchase_id: String(purchase), klass_group_id: programme },
        headers: as(c.parent),
      });
      expect(res.statusCode).toBe(200);
      return res.json().data.map((o: { klass_id: string }) => Number(o.klass_id)) as number[];
    };
    const ofMade = await options(both, made.groupId);
    expect(ofMade.length).toBeGreaterThan(0);
    expect(ofMade.every((id) => made.klassIds.includes(id))).toBe(true);
    expect(await options(justOther, made.groupId)).toEqual([]);
  });

  // Last: it gives the other programme Japanese names (docs/architecture.md#translated-content).
  it("names passes, programmes and schedules in the reader's language: options, visits and the family's passes", async () => {
    for (const [url, payload] of [
      [
        `/api/v1/klass_groups/${other.groupId}`,
        { klass_group: { translations: { ja: { name: '水彩' } } } },
      ],
      [
        `/api/v1/klass_group_schedules/${other.scheduleId}`,
        { klass_group_schedule: { translations: { ja: { name: '土曜クラス' } } } },
      ],
    ] as const) {
      expect(
        (await t.app.inject({ method: 'PATCH', url, headers: as(c.admin), payload })).statusCode,
      ).toBe(200);
    }
    const purchase = await givePurchase(t, c.parent.id, {
      klassGroupIds: [Number(other.groupId)],
      translations: { ja: { name: '5回券' } },
    });
    const inLanguage = (language: string) => ({ ...as(c.parent), 'accept-language': language });
    const options = await t.app.inject({
      method: 'GET',
      url: PASSES_API.dropInOptions,
      query: { pass_purchase_id: String(purchase) },
      headers: inLanguage('ja'),
    });
    expect(options.json().data[0]).toMatchObject({
      programme: '水彩',
      schedule_name: '土曜クラス',
    });
    const booked = await t.app.inject({
      method: 'POST',
      url: PASSES_API.dropIns,
      headers: inLanguage('ja'),
      payload: {
        klass_id: String(other.klassIds[1]),
        attendee_profile_id: String(c.parent.attendees.mia),
        pass_purchase_id: String(purchase),
      },
    });
    expect(booked.statusCode).toBe(201);
    expect(booked.json().data).toMatchObject({ programme: '水彩', schedule_name: '土曜クラス' });
    const passes = async (language: string) => {
      const res = await t.app.inject({
        method: 'GET',
        url: PASSES_API.purchases,
        headers: inLanguage(language),
      });
      return passPurchaseListDocumentSchema
        .parse(res.json())
        .data.find((p) => p.id === String(purchase));
    };
    expect(await passes('ja')).toMatchObject({
      name: '5回券',
      drop_ins: [{ programme: '水彩', schedule_name: '土曜クラス' }],
    });
    expect(await passes('en')).toMatchObject({
      name: 'Given pass',
      drop_ins: [{ programme: 'Observational Drawing', schedule_name: 'Saturdays' }],
    });
  });
});
