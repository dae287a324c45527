import {
  API,
  CART_API,
  CART_MESSAGES,
  type CartItem,
  CLASSES_API,
  cartItemListDocumentSchema,
  cartItemSchema,
  type GuestCartItemParams,
  MAX_CART_ITEMS,
  parseDocument,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { cast } from '../../testing/cast';
import { createTestApp, type TestApp } from '../../testing/test-app';
import { as, type Cast, planBody, programmeWithSchedule } from '../classes/classes-testing';
import { addAddon, SETUP_TIMEOUT_MS } from './cart-testing';

// Schedules of classes-testing: 8 Saturday sessions in 2030, plan 2000 + 3500 per class.
const PLAN_PRICE = 2000 + 8 * 3500;
const GUEST_PATHS = [API.guestCartItems, `${API.guestCartItems}/0`];

const asWebReadsIt = (body: unknown): CartItem[] => parseDocument(z.array(cartItemSchema), body);

type Offer = Awaited<ReturnType<typeof programmeWithSchedule>>;

describe('guest cart pricing (v1)', { timeout: SETUP_TIMEOUT_MS }, () => {
  let t: TestApp;
  let c: Cast;
  let offer: Offer;
  let other: Offer;
  let materials: string;
  let otherAddon: string;
  let termPlanId: string;

  beforeAll(async () => {
    t = await createTestApp();
    c = await cast(t);
    offer = await programmeWithSchedule(t, c, { programme: { name: 'Figure Drawing' } });
    other = await programmeWithSchedule(t, c, { programme: { name: 'Drawing Lab' } });
    materials = await addAddon(t, c.admin, offer.scheduleId, 'Materials', 1500);
    otherAddon = await addAddon(t, c.admin, other.scheduleId, 'Lunch', 800);
    // The first schedule offers a second plan, after its first.
    const term = await t.app.inject({
      method: 'POST',
      url: CLASSES_API.plans,
      headers: as(c.admin),
      payload: planBody({ name: 'Term', base_price: 1000, unit_price: 20_000, unit_type: 'term' }),
    });
    termPlanId = term.json().data.id;
    const offered = await t.app.inject({
      method: 'PATCH',
      url: CLASSES_API.schedule(offer.scheduleId),
      headers: as(c.admin),
      payload: { klass_group_schedule: { plan_ids: [offer.planId, termPlanId] } },
    });
    if (offered.statusCode !== 200) throw new Error(offered.body);
  }, SETUP_TIMEOUT_MS);
  afterAll(() => t.close());

  const item = (overrides: Partial<GuestCartItemParams> = {}): GuestCartItemParams => ({
    klass_group_schedule_id: offer.scheduleId,
    number_of_attendees: 1,
    coupon_code: null,
    addon_ids: [],
    ...overrides,
  });

  const price = (list: unknown, url: string = API.guestCartItems, headers = {}) =>
    t.app.inject({
      method: 'GET',
      url,
      headers,
      query: { cart_item_params: typeof list === 'string' ? list : JSON.stringify(list) },
    });

  const fieldErrors = (body: { errors: { detail: string; meta?: { field?: string } }[] }) =>
    body.errors.map((e) => [e.meta?.field, e.detail]);

  it.each(GUEST_PATHS)('prices guest items at %s, in the shape the web parses', async (url) => {
    const res = await price(
      [
        item({ number_of_attendees: 2, addon_ids: [materials] }),
        item({ klass_group_schedule_id: other.scheduleId }),
      ],
      url,
    );
    expect(res.statusCode).toBe(200);
    cartItemListDocumentSchema.parse(res.json());
    const items = asWebReadsIt(res.json());
    expect(items).toEqual([
      {
        id: '1',
        kind: 'enrollment',
        number_of_attendees: 2,
        total_price: (PLAN_PRICE + 1500) * 2,
        subtotal_price: (PLAN_PRICE + 1500) * 2,
        units: 8,
        coupon_code: null,
        available: true,
        unavailable_reason: null,
        coupon: null,
        cart_item_attendee_profiles: [],
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
            name: 'Figure Drawing',
            slug: expect.any(String),
            image_url: null,
            min_age: 8,
            max_age: 12,
          },
          // No plan asked for: the schedule's first plan prices it.
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
      },
      expect.objectContaining({
        id: '2',
        kind: 'enrollment',
        total_price: PLAN_PRICE,
        klass_group_schedule: expect.objectContaining({ id: other.scheduleId }),
      }),
    ]);
  });

  it('answers a signed-in caller the same (no session needed)', async () => {
    const list = [item()];
    const guest = await price(list);
    const signedIn = await price(list, API.guestCartItems, as(c.parent));
    expect(signedIn.statusCode).toBe(200);
    expect(signedIn.json()).toEqual(guest.json());
  });

  it('prices with the plan asked for, when the schedule offers it', async () => {
    const res = await price([item({ plan_id: termPlanId, number_of_attendees: 3 })]);
    expect(res.statusCode).toBe(200);
    const [priced] = asWebReadsIt(res.json());
    expect(priced?.total_price).toBe((1000 + 20_000) * 3);
    expect(priced?.klass_group_schedule.klass_group_schedule_plan.plan).toEqual({
      id: termPlanId,
      name: 'Term',
      base_price: 1000,
      unit_price: 20_000,
      unit_type: 'term',
    });
  });

  it('prices without a discount a coupon code that names no coupon', async () => {
    const res = await price([item({ coupon_code: 'SPRING10' })]);
    expect(res.statusCode).toBe(200);
    const [priced] = asWebReadsIt(res.json());
    expect(priced?.coupon).toBeNull();
    expect(priced?.total_price).toBe(PLAN_PRICE);
  });

  it('answers 422 naming the item for a schedule id that cannot be one', async () => {
    for (const id of ['abc', '0', '99999999999']) {
      const res = await price([item(), item({ klass_group_schedule_id: id })]);
      expect(res.statusCode).toBe(422);
      expect(fieldErrors(res.json())).toEqual([
        ['cart_item_params.1.klass_group_schedule_id', CART_MESSAGES.scheduleUnavailable],
      ]);
    }
  });

  // Decision 028: one stale item never fails the whole cart.
  it('leaves out a schedule that no longer exists and prices the rest', async () => {
    const res = await price([item({ klass_group_schedule_id: '999999' }), item()]);
    expect(res.statusCode).toBe(200);
    expect(asWebReadsIt(res.json()).map((i) => [i.id, i.klass_group_schedule.id])).toEqual([
      ['2', offer.scheduleId],
    ]);
  });

  it('flags, rather than refuses, a schedule of an unpublished programme', async () => {
    const hidden = await programmeWithSchedule(t, c, {
      programme: { name: 'Private Instruction', published: false },
    });
    const res = await price([item({ klass_group_schedule_id: hidden.scheduleId }), item()]);
    expect(res.statusCode).toBe(200);
    expect(
      asWebReadsIt(res.json()).map((i) => [i.available, i.unavailable_reason, i.total_price]),
    ).toEqual([
      [false, 'unpublished', PLAN_PRICE],
      [true, null, PLAN_PRICE],
    ]);
  });

  it('flags a schedule whose run is over', async () => {
    const past = await programmeWithSchedule(t, c, {
      programme: { name: 'Summer Art Camp 2025' },
      schedule: {
        start_date: '2025-07-07',
        end_date: '2025-07-11',
        slots: [{ weekday: 1, start_time: '09:00', end_time: '15:00' }],
      },
    });
    const res = await price([item({ klass_group_schedule_id: past.scheduleId })]);
    expect(res.statusCode).toBe(200);
    expect(asWebReadsIt(res.json())[0]).toMatchObject({
      available: false,
      unavailable_reason: 'over',
    });
  });

  it('flags an item booking more seats than are left (capacity 10)', async () => {
    const res = await price([item({ number_of_attendees: 11 }), item({ number_of_attendees: 10 })]);
    expect(res.statusCode).toBe(200);
    expect(asWebReadsIt(res.json()).map((i) => i.unavailable_reason)).toEqual(['sold_out', null]);
  });

  it('flags plans and add-ons the schedule no longer offers; refuses a duplicated add-on', async () => {
    const res = await price([item({ plan_id: other.planId }), item({ addon_ids: [otherAddon] })]);
    expect(res.statusCode).toBe(200);
    const items = asWebReadsIt(res.json());
    expect(items.map((i) => i.unavailable_reason)).toEqual(['not_offered', 'not_offered']);
    // Priced with the first plan, without the add-on it cannot have.
    expect(items.map((i) => i.total_price)).toEqual([PLAN_PRICE, PLAN_PRICE]);
    const twice = await price([item({ addon_ids: [materials, materials] })]);
    expect(twice.statusCode).toBe(422);
    expect(fieldErrors(twice.json())).toEqual([
      ['cart_item_params.0.addon_ids', CART_MESSAGES.duplicate],
    ]);
  });

  it('accepts one schedule twice with one plan, but not with two', async () => {
    const same = await price([item(), item({ number_of_attendees: 2 })]);
    expect(same.statusCode).toBe(200);
    expect(asWebReadsIt(same.json()).map((i) => i.total_price)).toEqual([
      PLAN_PRICE,
      PLAN_PRICE * 2,
    ]);
    const mixed = await price([item(), item({ plan_id: termPlanId })]);
    expect(mixed.statusCode).toBe(422);
    expect(fieldErrors(mixed.json())).toEqual([
      ['cart_item_params.1.plan_id', CART_MESSAGES.onePlanPerClass],
    ]);
  });

  it('answers 422, never 500, for text that is not JSON or items that do not match', async () => {
    const notJson = await price('[{');
    expect(notJson.statusCode).toBe(422);
    expect(notJson.json().errors[0].meta).toEqual({ type: 'validate', field: 'cart_item_params' });

    const missing = await t.app.inject({ method: 'GET', url: API.guestCartItems });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors[0].meta.field).toBe('cart_item_params');

    const zero = await price([item({ number_of_attendees: 0 })]);
    expect(zero.statusCode).toBe(422);
    expect(zero.json().errors[0].meta.field).toBe('cart_item_params.0.number_of_attendees');

    for (const bad of ['{}', '"text"', 'null', JSON.stringify([{ klass_group_schedule_id: 1 }])]) {
      expect((await price(bad)).statusCode).toBe(422);
    }
  });

  it(`answers 422 for more than ${MAX_CART_ITEMS} items`, async () => {
    const res = await price(Array.from({ length: MAX_CART_ITEMS + 1 }, () => item()));
    expect(res.statusCode).toBe(422);
    expect(res.json().errors[0].meta.field).toBe('cart_item_params');
  });

  it('documents the cart calls in OpenAPI', async () => {
    const res = await t.app.inject({ method: 'GET', url: `${API.docs}/json` });
    expect(res.statusCode).toBe(200);
    const paths = Object.keys(res.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        API.cartItems,
        API.cartItem('{id}'),
        API.guestCartItems,
        `${API.guestCartItems}/0`,
        CART_API.merge,
      ]),
    );
  });

  it('answers an empty list for no items', async () => {
    const res = await price([]);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ data: [], meta: { total: 0 } });
  });

  it('costs the same number of queries for one item as for six', async () => {
    const runs = [offer, other];
    for (let i = 0; i < 4; i++) {
      runs.push(await programmeWithSchedule(t, c, { programme: { name: `Guest run ${i}` } }));
    }
    const queriesOf = async (list: GuestCartItemParams[]) => {
      const before = t.database.queryCount();
      const res = await price(list);
      expect(res.statusCode).toBe(200);
      return t.database.queryCount() - before;
    };
    const one = await queriesOf([item()]);
    const six = await queriesOf(runs.map((r) => item({ klass_group_schedule_id: r.scheduleId })));
    // Schedules, programmes, plans, add-ons, sessions; seats.
    expect(one).toBe(6);
    expect(six).toBe(one);
  });
});
