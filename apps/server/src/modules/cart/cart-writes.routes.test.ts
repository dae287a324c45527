import {
  API,
  CART_API,
  CART_MESSAGES,
  type CartItem,
  cartItemSchema,
  type MergeCartItemParams,
  parseDocument,
} from '@atelier/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import {
  as,
  type Cast,
  type Person,
  person,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { attendeeProfiles } from '../users/users.tables';
import { cartItems } from './cart.tables';
import { addAddon, addAttendee, addToCart, SETUP_TIMEOUT_MS } from './cart-testing';
import { ageOn } from './cart-writes.service';

// classes-testing: Saturdays 2030-01-05 … 2030-02-23 (8 sessions), ages 8–12, capacity 10, plan
// 2000 + 3500 per class. Mia Parent (born 2015-03-09) is 14 at the start, Leo (2018-11-23) 11.
const PLAN_PRICE = 2000 + 8 * 3500;

const oneAsWebReadsIt = (body: unknown): CartItem => parseDocument(cartItemSchema, body);
const listAsWebReadsIt = (body: unknown): CartItem[] =>
  parseDocument(z.array(cartItemSchema), body);

type Offer = Awaited<ReturnType<typeof programmeWithSchedule>>;

describe('ageOn', () => {
  it('counts full years, a birthday on the day included', () => {
    expect(ageOn('2018-11-23', '2030-01-05')).toBe(11);
    expect(ageOn('2015-03-09', '2030-03-08')).toBe(14);
    expect(ageOn('2015-03-09', '2030-03-09')).toBe(15);
  });
});

describe('cart writes (POST, DELETE, merge)', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let offer: Offer;
  let other: Offer;
  let materials: string;
  let otherAddon: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    offer = await programmeWithSchedule(t, c, { programme: { name: 'Watercolour' } });
    other = await programmeWithSchedule(t, c, { programme: { name: 'Clay' } });
    materials = await addAddon(t, c.admin, offer.scheduleId, 'Materials', 1500);
    otherAddon = await addAddon(t, c.admin, other.scheduleId, 'Glaze', 900);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const student = (name: string) => person(t, 'student', name);
  const post = (who: Person | undefined, cartItem: object) =>
    t.app.inject({
      method: 'POST',
      url: API.cartItems,
      headers: who ? as(who) : {},
      payload: { cart_item: cartItem },
    });
  const getCart = (who: Person) =>
    t.app.inject({ method: 'GET', url: API.cartItems, headers: as(who) });
  const merge = (who: Person | undefined, params: MergeCartItemParams[]) =>
    t.app.inject({
      method: 'POST',
      url: CART_API.merge,
      headers: who ? as(who) : {},
      payload: { cart_item_params: params },
    });
  const fieldErrors = (body: { errors: { detail: string; meta?: { field?: string } }[] }) =>
    body.errors.map((e) => [e.meta?.field, e.detail]);

  describe('POST /api/v2/cart_items', () => {
    it('answers a guest with 401', async () => {
      const res = await post(undefined, { klass_group_schedule_id: offer.scheduleId });
      expect(res.statusCode).toBe(401);
    });

    it('adds an item (201), then changes it when the same class is added again (200)', async () => {
      const who = await student('Ana Add');
      const kid = await addAttendee(t, who.id, 'Kit Add', '2020-01-01');
      const first = await post(who, {
        klass_group_schedule_id: offer.scheduleId,
        plan_id: offer.planId,
        number_of_attendees: 2,
      });
      expect(first.statusCode).toBe(201);
      const added = oneAsWebReadsIt(first.json());
      expect(added).toMatchObject({
        number_of_attendees: 2,
        total_price: PLAN_PRICE * 2,
        available: true,
        unavailable_reason: null,
      });

      const again = await post(who, {
        klass_group_schedule_id: offer.scheduleId,
        plan_id: offer.planId,
        attendee_profile_ids: [String(kid)],
        addon_ids: [materials],
      });
      expect(again.statusCode).toBe(200);
      const changed = oneAsWebReadsIt(again.json());
      expect(changed.id).toBe(added.id);
      expect(changed.number_of_attendees).toBe(1);
      expect(changed.total_price).toBe(PLAN_PRICE + 1500);
      expect(changed.cart_item_attendee_profiles.map((a) => a.attendee_profile.id)).toEqual([
        String(kid),
      ]);
      expect(listAsWebReadsIt((await getCart(who)).json())).toHaveLength(1);
    });

    it('answers 422 with field messages for what cannot be booked', async () => {
      const { leo, mia } = c.parent.attendees;
      const stranger = await addAttendee(t, (await student('Sam Stranger')).id, 'Sid', null);
      const base = { klass_group_schedule_id: offer.scheduleId, plan_id: offer.planId };
      const cases: [object, [string, string][]][] = [
        [
          { ...base, attendee_profile_ids: [String(stranger)] },
          [['attendee_profile_ids', CART_MESSAGES.attendeeNotInFamily]],
        ],
        [
          { ...base, attendee_profile_ids: [String(mia)] },
          [['attendee_profile_ids', CART_MESSAGES.attendeeAge]],
        ],
        [{ ...base, addon_ids: [otherAddon] }, [['addon_ids', CART_MESSAGES.addonNotOffered]]],
        [{ ...base, plan_id: other.planId }, [['plan_id', CART_MESSAGES.planNotOffered]]],
        [
          { ...base, attendee_profile_ids: [String(leo)], number_of_attendees: 2 },
          [['number_of_attendees', CART_MESSAGES.attendeesCount(1)]],
        ],
        [
          { ...base, number_of_attendees: 11 },
          [['klass_group_schedule_id', CART_MESSAGES.soldOut]],
        ],
        [
          { ...base, klass_group_schedule_id: '999999' },
          [['klass_group_schedule_id', CART_MESSAGES.scheduleUnavailable]],
        ],
      ];
      for (const [body, expected] of cases) {
        const res = await post(c.parent, body);
        expect(res.statusCode, JSON.stringify(body)).toBe(422);
        expect(fieldErrors(res.json())).toEqual(expected);
      }
      // Nothing of those reached the cart.
      expect(listAsWebReadsIt((await getCart(c.parent)).json())).toEqual([]);
    });

    it('refuses a class whose programme is not published', async () => {
      const hidden = await programmeWithSchedule(t, c, {
        programme: { name: 'Hidden Studio', published: false },
      });
      const res = await post(c.parent, {
        klass_group_schedule_id: hidden.scheduleId,
        plan_id: hidden.planId,
      });
      expect(res.statusCode).toBe(422);
      expect(fieldErrors(res.json())).toEqual([
        ['klass_group_schedule_id', CART_MESSAGES.scheduleUnavailable],
      ]);
    });
  });

  describe('PUT /api/v2/cart_items/{id} with a coupon code', () => {
    it('stores the code as typed (trimmed) and removes it when blank', async () => {
      const who = await student('Cora Coupon');
      const id = await addToCart(t, who.id, { scheduleId: offer.scheduleId, planId: offer.planId });
      const put = (code: string | null) =>
        t.app.inject({
          method: 'PUT',
          url: API.cartItem(id),
          headers: as(who),
          payload: { cart_item: { coupon_code: code } },
        });
      expect((await put('  SPRING ')).statusCode).toBe(200);
      const [row] = await t.database.db
        .select({ code: cartItems.couponCode })
        .from(cartItems)
        .where(eq(cartItems.id, id));
      expect(row?.code).toBe('SPRING');
      expect((await put('')).statusCode).toBe(200);
      const [cleared] = await t.database.db
        .select({ code: cartItems.couponCode })
        .from(cartItems)
        .where(eq(cartItems.id, id));
      expect(cleared?.code).toBeNull();
    });
  });

  describe('DELETE /api/v2/cart_items/{id}', () => {
    it('removes your item (204); another user’s is 404 and stays', async () => {
      const owner = await student('Olga Owner');
      const intruder = await student('Ivan Intruder');
      const id = await addToCart(t, owner.id, {
        scheduleId: offer.scheduleId,
        planId: offer.planId,
      });
      const remove = (who: Person | undefined) =>
        t.app.inject({ method: 'DELETE', url: API.cartItem(id), headers: who ? as(who) : {} });
      expect((await remove(undefined)).statusCode).toBe(401);
      expect((await remove(intruder)).statusCode).toBe(404);
      expect(listAsWebReadsIt((await getCart(owner)).json())).toHaveLength(1);
      const done = await remove(owner);
      expect(done.statusCode).toBe(204);
      expect(done.body).toBe('');
      expect(listAsWebReadsIt((await getCart(owner)).json())).toEqual([]);
      expect((await remove(owner)).statusCode).toBe(404);
    });
  });

  describe('POST /api/v2/cart_items/merge', () => {
    const guestItem = (overrides: Partial<MergeCartItemParams> = {}): MergeCartItemParams => ({
      klass_group_schedule_id: offer.scheduleId,
      number_of_attendees: 1,
      coupon_code: null,
      addon_ids: [],
      attendees: [],
      ...overrides,
    });

    const familyOf = (userId: number) =>
      t.database.db
        .select({ name: attendeeProfiles.name, birthday: attendeeProfiles.birthday })
        .from(attendeeProfiles)
        .where(eq(attendeeProfiles.userId, userId));

    it('answers a guest with 401', async () => {
      expect((await merge(undefined, [guestItem()])).statusCode).toBe(401);
    });

    it('adds the items, typed attendees becoming family members (an existing one reused)', async () => {
      const who = await student('Mona Merge');
      const existing = await addAttendee(t, who.id, 'Ria Merge', '2019-05-05');
      const res = await merge(who, [
        guestItem({
          number_of_attendees: 2,
          addon_ids: [materials],
          attendees: [
            { name: 'Ria Merge', birthday: '2019-05-05' },
            { name: 'Tom Merge', birthday: '2020-06-06' },
          ],
        }),
        guestItem({ klass_group_schedule_id: other.scheduleId }),
      ]);
      expect(res.statusCode).toBe(200);
      const items = listAsWebReadsIt(res.json());
      expect(items.map((i) => [i.klass_group_schedule.id, i.number_of_attendees])).toEqual([
        [offer.scheduleId, 2],
        [other.scheduleId, 1],
      ]);
      expect(items[0]?.total_price).toBe((PLAN_PRICE + 1500) * 2);
      const attendees = items[0]?.cart_item_attendee_profiles.map((a) => a.attendee_profile);
      expect(attendees?.map((a) => a.name)).toEqual(['Ria Merge', 'Tom Merge']);
      expect(attendees?.[0]?.id).toBe(String(existing));
      expect(await familyOf(who.id)).toHaveLength(2);
    });

    it('merging a class that is in the cart changes that item; no duplicate family member', async () => {
      const who = await student('Nia Again');
      const kid = { name: 'Ola Again', birthday: '2019-01-01' };
      expect((await merge(who, [guestItem({ attendees: [kid] })])).statusCode).toBe(200);
      const res = await merge(who, [guestItem({ addon_ids: [materials], attendees: [kid] })]);
      expect(res.statusCode).toBe(200);
      const items = listAsWebReadsIt(res.json());
      expect(items).toHaveLength(1);
      expect(
        items[0]?.cart_item_klass_group_schedule_addons.map((a) => a.klass_group_schedule_addon.id),
      ).toEqual([materials]);
      expect(
        await t.database.db
          .select({ id: attendeeProfiles.id })
          .from(attendeeProfiles)
          .where(and(eq(attendeeProfiles.userId, who.id), eq(attendeeProfiles.name, kid.name))),
      ).toHaveLength(1);
    });

    it('keeps items that cannot be bought, flagged; skips schedules that no longer exist', async () => {
      const who = await student('Uma Unbuyable');
      const hidden = await programmeWithSchedule(t, c, {
        programme: { name: 'Closed Studio', published: false },
      });
      const res = await merge(who, [
        guestItem({ klass_group_schedule_id: hidden.scheduleId }),
        guestItem({ klass_group_schedule_id: '999999' }),
        guestItem({ number_of_attendees: 11, addon_ids: [otherAddon] }),
      ]);
      expect(res.statusCode).toBe(200);
      const items = listAsWebReadsIt(res.json());
      expect(items.map((i) => [i.klass_group_schedule.id, i.unavailable_reason])).toEqual([
        [hidden.scheduleId, 'unpublished'],
        [offer.scheduleId, 'sold_out'],
      ]);
      // The add-on the class does not offer was dropped.
      expect(items[1]?.cart_item_klass_group_schedule_addons).toEqual([]);
    });

    it('answers 422 for a typed attendee without a birthday, and merges nothing', async () => {
      const who = await student('Zed Zero');
      const res = await t.app.inject({
        method: 'POST',
        url: CART_API.merge,
        headers: as(who),
        payload: { cart_item_params: [{ ...guestItem(), attendees: [{ name: 'No Birthday' }] }] },
      });
      expect(res.statusCode).toBe(422);
      // The body's one key (cart_item_params) is left out of field names, as for {cart_item}.
      expect(res.json().errors[0].meta.field).toBe('0.attendees.0.birthday');
      expect(listAsWebReadsIt((await getCart(who)).json())).toEqual([]);
      expect(await familyOf(who.id)).toEqual([]);
    });
  });
});
