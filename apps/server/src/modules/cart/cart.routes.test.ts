import {
  API,
  CART_MESSAGES,
  type CartItem,
  CLASSES_API,
  cartItemDocumentSchema,
  cartItemListDocumentSchema,
  cartItemSchema,
  parseDocument,
} from '@atelier/contract';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { klasses } from '../classes/classes.tables';
import {
  as,
  type Cast,
  type Person,
  person,
  planBody,
  programmeWithSchedule,
} from '../classes/classes-testing';
import { addAddon, addAttendee, addToCart, SETUP_TIMEOUT_MS } from './cart-testing';

// The seeded schedule (classes-testing): Saturdays 2030-01-05 … 2030-02-23, 8 sessions, and a
// plan of 2000 + 3500 per class. Priced before 2030, every session is ahead: 2000 + 8 × 3500.
const PLAN_PRICE = 2000 + 8 * 3500;

const cartList = z.array(cartItemSchema);
/** The web's reading of a cart response (docs/product.md#validation): flatten, then the contract's schema. */
const asWebReadsIt = (body: unknown): CartItem[] => parseDocument(cartList, body);
const oneAsWebReadsIt = (body: unknown): CartItem => parseDocument(cartItemSchema, body);

type Offer = Awaited<ReturnType<typeof programmeWithSchedule>>;

describe('cart (server, v2)', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let offer: Offer;
  let other: Offer;
  let materials: string;
  let lunch: string;
  let otherAddon: string;
  let mia: number;
  let leo: number;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    offer = await programmeWithSchedule(t, c, { programme: { name: 'Observational Drawing' } });
    other = await programmeWithSchedule(t, c, { programme: { name: 'Comics Drawing' } });
    materials = await addAddon(t, c.admin, offer.scheduleId, 'Materials', 1500);
    lunch = await addAddon(t, c.admin, offer.scheduleId, 'Lunch', 800);
    otherAddon = await addAddon(t, c.admin, other.scheduleId, 'Sketchbook', 900);
    mia = c.parent.attendees.mia;
    leo = c.parent.attendees.leo;
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const getCart = (who?: Person) =>
    t.app.inject({ method: 'GET', url: API.cartItems, headers: who ? as(who) : {} });

  const putItem = (who: Person | undefined, id: number | string, cartItem: object) =>
    t.app.inject({
      method: 'PUT',
      url: API.cartItem(id),
      headers: who ? as(who) : {},
      payload: { cart_item: cartItem },
    });

  /** A fresh student with an empty cart. */
  const student = (name: string) => person(t, 'student', name);

  describe('GET /api/v2/cart_items', () => {
    it('answers a guest with 401', async () => {
      const res = await getCart();
      expect(res.statusCode).toBe(401);
      expect(res.json().errors[0].status).toBe('401');
    });

    it('answers an empty cart with an empty list the web reads', async () => {
      const who = await student('Erin Empty');
      const res = await getCart(who);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [], meta: { total: 0 } });
      expect(asWebReadsIt(res.json())).toEqual([]);
    });

    it('lists the items priced, in the shape the web parses (docs/product.md#data-the-client-sees)', async () => {
      const who = await student('Fay Family');
      const ada = await addAttendee(t, who.id, 'Ada Family', '2016-04-02');
      const ben = await addAttendee(t, who.id, 'Ben Family');
      const id = await addToCart(t, who.id, {
        scheduleId: offer.scheduleId,
        planId: offer.planId,
        attendeeIds: [ada, ben],
        addonIds: [materials],
      });

      const res = await getCart(who);
      expect(res.statusCode).toBe(200);
      cartItemListDocumentSchema.parse(res.json());
      const [item] = asWebReadsIt(res.json());
      expect(item).toEqual({
        id: String(id),
        kind: 'enrollment',
        number_of_attendees: 2,
        total_price: (PLAN_PRICE + 1500) * 2,
        subtotal_price: (PLAN_PRICE + 1500) * 2,
        units: 8,
        coupon_code: null,
        available: true,
        unavailable_reason: null,
        coupon: null,
        cart_item_attendee_profiles: [
          {
            id: expect.any(String),
            attendee_profile: { id: String(ada), name: 'Ada Family', birthday: '2016-04-02' },
          },
          {
            id: expect.any(String),
            attendee_profile: { id: String(ben), name: 'Ben Family', birthday: null },
          },
        ],
        cart_item_klass_group_schedule_addons: [
          { klass_group_schedule_addon: { id: materials, name: 'Materials', price: 1500 } },
        ],
        klass_group_schedule: {
          id: offer.scheduleId,
          name: expect.any(String),
          time_zone: expect.any(String),
          start_date: '2030-01-05',
          end_date: expect.any(String),
          klass_group: {
            id: offer.groupId,
            name: 'Observational Drawing',
            slug: expect.any(String),
            image_url: null,
            min_age: 8,
            max_age: 12,
          },
          klass_group_schedule_plan: {
            plan: {
              id: offer.planId,
              name: expect.any(String),
              base_price: 2000,
              unit_price: 3500,
              unit_type: 'class',
            },
          },
        },
      });
      expect(res.json().data[0].attributes).toMatchObject({
        subtotal_price: (PLAN_PRICE + 1500) * 2,
        units: 8,
      });
    });

    it("shows only the signed-in user's items, oldest first", async () => {
      const who = await student('Olive Order');
      const someoneElse = await student('Sid Someone');
      const first = await addToCart(t, who.id, {
        scheduleId: other.scheduleId,
        planId: other.planId,
      });
      await addToCart(t, someoneElse.id, { scheduleId: offer.scheduleId, planId: offer.planId });
      const second = await addToCart(t, who.id, {
        scheduleId: offer.scheduleId,
        planId: offer.planId,
      });

      const items = asWebReadsIt((await getCart(who)).json());
      expect(items.map((i) => i.id)).toEqual([String(first), String(second)]);
      expect(items.map((i) => i.klass_group_schedule.klass_group.name)).toEqual([
        'Comics Drawing',
        'Observational Drawing',
      ]);
    });

    it('prices a class plan by the sessions still ahead: a cancelled one is not charged', async () => {
      const run = await programmeWithSchedule(t, c, { programme: { name: 'Art & Science' } });
      const who = await student('Cal Cancel');
      await addToCart(t, who.id, { scheduleId: run.scheduleId, planId: run.planId });
      const before = asWebReadsIt((await getCart(who)).json());
      expect(before[0]?.total_price).toBe(PLAN_PRICE);

      const [klass] = await t.database.db
        .select({ id: klasses.id })
        .from(klasses)
        .where(eq(klasses.scheduleId, Number(run.scheduleId)))
        .orderBy(asc(klasses.startsAt))
        .limit(1);
      const cancel = await t.app.inject({
        method: 'PATCH',
        url: CLASSES_API.klass(klass?.id ?? 0),
        headers: as(c.admin),
        payload: { klass: { status: 'cancelled' } },
      });
      expect(cancel.statusCode).toBe(200);
      const after = asWebReadsIt((await getCart(who)).json());
      expect(after[0]?.total_price).toBe(PLAN_PRICE - 3500);
    });

    it('keeps an item whose programme was unpublished, priced as usual and flagged unavailable', async () => {
      const run = await programmeWithSchedule(t, c, { programme: { name: 'Studio Hours' } });
      const who = await student('Una Unpublished');
      await addToCart(t, who.id, { scheduleId: run.scheduleId, planId: run.planId });
      const unpublish = await t.app.inject({
        method: 'PATCH',
        url: CLASSES_API.klassGroup(run.groupId),
        headers: as(c.admin),
        payload: { klass_group: { published: false } },
      });
      expect(unpublish.statusCode).toBe(200);
      const items = asWebReadsIt((await getCart(who)).json());
      expect(items).toHaveLength(1);
      expect(items[0]?.total_price).toBe(PLAN_PRICE);
      expect(items[0]).toMatchObject({ available: false, unavailable_reason: 'unpublished' });
    });

    it('drops an item when its schedule stops offering its plan', async () => {
      const run = await programmeWithSchedule(t, c, { programme: { name: 'Open House' } });
      const who = await student('Pia Plan');
      await addToCart(t, who.id, { scheduleId: run.scheduleId, planId: run.planId });
      const plan = await t.app.inject({
        method: 'POST',
        url: CLASSES_API.plans,
        headers: as(c.admin),
        payload: planBody({
          name: 'Whole term',
          base_price: 0,
          unit_price: 30000,
          unit_type: 'term',
        }),
      });
      const change = await t.app.inject({
        method: 'PATCH',
        url: CLASSES_API.schedule(run.scheduleId),
        headers: as(c.admin),
        payload: { klass_group_schedule: { plan_ids: [plan.json().data.id] } },
      });
      expect(change.statusCode).toBe(200);
      expect(asWebReadsIt((await getCart(who)).json())).toEqual([]);
    });

    it('costs the same number of queries for one item as for six (no N+1)', async () => {
      const small = await student('Sol Small');
      const large = await student('Lara Large');
      await addToCart(t, small.id, {
        scheduleId: offer.scheduleId,
        planId: offer.planId,
        attendeeIds: [await addAttendee(t, small.id, 'Sol Jr')],
        addonIds: [materials],
      });
      for (let i = 0; i < 6; i++) {
        const run = await programmeWithSchedule(t, c, { programme: { name: `Run ${i}` } });
        const addon = await addAddon(t, c.admin, run.scheduleId, `Extra ${i}`, 100 * (i + 1));
        const kids = [
          await addAttendee(t, large.id, `Kid ${i}a`),
          await addAttendee(t, large.id, `Kid ${i}b`),
        ];
        await addToCart(t, large.id, {
          scheduleId: run.scheduleId,
          planId: run.planId,
          attendeeIds: kids,
          addonIds: [addon],
        });
      }
      const queriesOf = async (who: Person) => {
        await getCart(who); // warms the session cache: only the cart's own queries are counted
        const before = t.database.queryCount();
        const res = await getCart(who);
        expect(res.statusCode).toBe(200);
        return { queries: t.database.queryCount() - before, items: asWebReadsIt(res.json()) };
      };
      const one = await queriesOf(small);
      const six = await queriesOf(large);
      expect(one.items).toHaveLength(1);
      expect(six.items).toHaveLength(6);
      expect(six.items.every((i) => i.cart_item_attendee_profiles.length === 2)).toBe(true);
      // Items, attendee links, the attendees (asked of the users module), add-on links;
      // schedules, programmes, plans, add-ons, sessions; seats.
      expect(one.queries).toBe(10);
      expect(six.queries).toBe(one.queries);
    });
  });

  describe('PUT /api/v2/cart_items/{id}', () => {
    let itemId: number;
    beforeAll(async () => {
      itemId = await addToCart(t, c.parent.id, {
        scheduleId: offer.scheduleId,
        planId: offer.planId,
        numberOfAttendees: 1,
      });
    });

    it('answers a guest with 401, even for input it would refuse', async () => {
      expect((await putItem(undefined, itemId, { number_of_attendees: 2 })).statusCode).toBe(401);
      expect((await putItem(undefined, 'abc', { number_of_attendees: 0 })).statusCode).toBe(401);
    });

    it("answers 404 for another user's item and for an unknown one, changing nothing", async () => {
      const res = await putItem(c.student, itemId, { number_of_attendees: 3 });
      expect(res.statusCode).toBe(404);
      expect((await putItem(c.parent, 999_999, { number_of_attendees: 3 })).statusCode).toBe(404);
      const [item] = asWebReadsIt((await getCart(c.parent)).json());
      expect(item?.number_of_attendees).toBe(1);
    });

    it('chooses attendees and add-ons, and answers the item priced for them', async () => {
      const res = await putItem(c.parent, itemId, {
        attendee_profile_ids: [String(mia), String(leo)],
        addon_ids: [materials, lunch],
      });
      expect(res.statusCode).toBe(200);
      cartItemDocumentSchema.parse(res.json());
      const item = oneAsWebReadsIt(res.json());
      expect(item.id).toBe(String(itemId));
      // Left out, number_of_attendees follows the attendees chosen.
      expect(item.number_of_attendees).toBe(2);
      expect(item.total_price).toBe((PLAN_PRICE + 1500 + 800) * 2);
      expect(item.cart_item_attendee_profiles.map((a) => a.attendee_profile.name)).toEqual([
        'Mia Parent',
        'Leo Parent',
      ]);
      expect(
        item.cart_item_klass_group_schedule_addons.map((a) => a.klass_group_schedule_addon.id),
      ).toEqual([materials, lunch]);
      // The cart reads the same.
      expect(asWebReadsIt((await getCart(c.parent)).json())).toEqual([item]);
    });

    it('keeps the link of an attendee who stays when the list changes', async () => {
      const before = oneAsWebReadsIt(
        (
          await putItem(c.parent, itemId, { attendee_profile_ids: [String(mia), String(leo)] })
        ).json(),
      );
      const miaLink = before.cart_item_attendee_profiles.find(
        (a) => a.attendee_profile.id === String(mia),
      );
      const after = oneAsWebReadsIt(
        (await putItem(c.parent, itemId, { attendee_profile_ids: [String(mia)] })).json(),
      );
      expect(after.number_of_attendees).toBe(1);
      expect(after.cart_item_attendee_profiles).toEqual([miaLink]);
    });

    it('refuses a number of attendees other than the attendees chosen', async () => {
      await putItem(c.parent, itemId, { attendee_profile_ids: [String(mia), String(leo)] });
      const both = await putItem(c.parent, itemId, {
        number_of_attendees: 3,
        attendee_profile_ids: [String(mia), String(leo)],
      });
      expect(both.statusCode).toBe(422);
      expect(both.json().errors).toEqual([
        {
          status: '422',
          code: 'validation',
          detail: CART_MESSAGES.attendeesCount(2),
          meta: { type: 'validate', field: 'number_of_attendees' },
        },
      ]);
      // Changing the number alone must keep it equal to the attendees already chosen.
      const alone = await putItem(c.parent, itemId, { number_of_attendees: 1 });
      expect(alone.statusCode).toBe(422);
      expect(alone.json().errors[0].meta.field).toBe('number_of_attendees');
      expect((await putItem(c.parent, itemId, { number_of_attendees: 2 })).statusCode).toBe(200);
    });

    it('clears the attendees with an empty list, and then takes any number from 1', async () => {
      const cleared = oneAsWebReadsIt(
        (
          await putItem(c.parent, itemId, { attendee_profile_ids: [], number_of_attendees: 4 })
        ).json(),
      );
      expect(cleared.cart_item_attendee_profiles).toEqual([]);
      expect(cleared.number_of_attendees).toBe(4);
      const five = await putItem(c.parent, itemId, { number_of_attendees: 5, addon_ids: [] });
      expect(five.statusCode).toBe(200);
      const item = oneAsWebReadsIt(five.json());
      expect(item.number_of_attendees).toBe(5);
      expect(item.total_price).toBe(PLAN_PRICE * 5);
    });

    it('answers 422 with field messages for attendees of another family, foreign add-ons and 0 attendees', async () => {
      const stranger = await addAttendee(t, c.student.id, 'Not Family');
      const res = await putItem(c.parent, itemId, {
        attendee_profile_ids: [String(mia), String(stranger)],
        addon_ids: [otherAddon],
      });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors).toEqual([
        {
          status: '422',
          code: 'validation',
          detail: CART_MESSAGES.attendeeNotInFamily,
          meta: { type: 'validate', field: 'attendee_profile_ids' },
        },
        {
          status: '422',
          code: 'validation',
          detail: CART_MESSAGES.addonNotOffered,
          meta: { type: 'validate', field: 'addon_ids' },
        },
      ]);
      const zero = await putItem(c.parent, itemId, { number_of_attendees: 0 });
      expect(zero.statusCode).toBe(422);
      expect(zero.json().errors).toEqual([
        {
          status: '422',
          code: 'validation',
          detail: 'Must be at least 1',
          meta: { type: 'validate', field: 'number_of_attendees' },
        },
      ]);
      const unknown = await putItem(c.parent, itemId, { attendee_profile_ids: ['2147483647'] });
      expect(unknown.statusCode).toBe(422);
      expect(unknown.json().errors[0].meta.field).toBe('attendee_profile_ids');
    });

    it('refuses the same attendee or add-on twice, and ids that are not ids', async () => {
      const twice = await putItem(c.parent, itemId, {
        attendee_profile_ids: [String(mia), String(mia)],
        addon_ids: [lunch, lunch],
      });
      expect(twice.statusCode).toBe(422);
      expect(twice.json().errors.map((e: { meta: { field: string } }) => e.meta.field)).toEqual([
        'attendee_profile_ids',
        'addon_ids',
      ]);
      const garbage = await putItem(c.parent, itemId, { attendee_profile_ids: ['x'] });
      expect(garbage.statusCode).toBe(422);
      const huge = await putItem(c.parent, itemId, { addon_ids: ['99999999999'] });
      expect(huge.statusCode).toBe(422);
      expect((await putItem(c.parent, 'abc', {})).statusCode).toBe(422);
    });

    it('changes nothing when a change is refused', async () => {
      const before = (await getCart(c.parent)).json();
      await putItem(c.parent, itemId, { number_of_attendees: 2, addon_ids: [otherAddon] });
      expect((await getCart(c.parent)).json()).toEqual(before);
    });
  });
});
