import { afterEach, describe, expect, it, vi } from 'vitest';
import { parseAnyCartItemList } from '../../lib/contract-parsers';
import { resetStore } from '../../lib/reset-store';
import {
  buildCartItem,
  buildUser,
  cartItemDocument,
  cartItemListDocument,
} from '../../testing/builders';
import { makeStoreWithCart } from '../../testing/cache-entries';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { makeStore } from '../../testing/render-with-providers';
import { setUser } from '../session';
import { cartApi, withCartItem } from './cart-api';
import { GUEST_CART } from './cart-owner';
import {
  cartCleared,
  cartViewOf,
  selectCartCount,
  selectCartItems,
  selectCartLoading,
  selectCartStatus,
} from './cart-state';
import {
  addGuestCartItem,
  clearGuestCart,
  type NewGuestCartItem,
  readGuestCartItems,
} from './guest-cart-db';
import { mergeParams } from './guest-cart-pricing';

let api: FakeApi | undefined;
afterEach(async () => {
  api?.restore();
  api = undefined;
  await clearGuestCart();
  vi.restoreAllMocks();
});

const signedIn = { session: { status: 'loaded' as const, user: buildUser() } };
const guest = { session: { status: 'loaded' as const, user: null } };

const user = signedIn.session.user;
const cartOf = (store: ReturnType<typeof makeStore>) => ({
  items: selectCartItems(store.getState()),
  status: selectCartStatus(store.getState()),
  loading: selectCartLoading(store.getState()),
});
/** Loads the session's cart as the shell does (it holds the entry while the session is loaded). */
const loadCart = (store: ReturnType<typeof makeStore>) =>
  store.dispatch(cartApi.endpoints.cart.initiate(store.getState().session.user?.id ?? GUEST_CART));

describe('the cart state (docs/product.md#client-state)', () => {
  it('starts loading, not loaded and empty', () => {
    expect(cartOf(makeStore(signedIn))).toEqual({ items: [], status: 'idle', loading: true });
  });

  it('clear empties it and marks it loaded; reset empties it and marks it not loaded', () => {
    const store = makeStoreWithCart(signedIn, [buildCartItem()]);
    store.dispatch(cartCleared(user.id));
    expect(cartOf(store)).toEqual({ items: [], status: 'loaded', loading: false });
    store.dispatch(resetStore());
    store.dispatch(setUser(user));
    expect(cartOf(store)).toEqual({ items: [], status: 'idle', loading: true });
  });

  it('pricing one guest item replaces the entry with the same id, or adds it', () => {
    let items = withCartItem(
      [buildCartItem({ id: '1' }), buildCartItem({ id: '2' })],
      buildCartItem({ id: '1', total_price: 999 }),
    );
    expect(items.map((i) => [i.id, i.total_price])).toEqual([
      ['1', 999],
      ['2', 12000],
    ]);
    items = withCartItem(items, buildCartItem({ id: '3' }));
    expect(items.map((i) => i.id)).toEqual(['1', '2', '3']);
  });

  it('counts items for the badge', () => {
    const store = makeStoreWithCart(signedIn, [buildCartItem(), buildCartItem({ id: '2' })]);
    expect(selectCartCount(store.getState())).toBe(2);
  });

  it('shows a failed load as an empty loaded cart, and a reload as loading', () => {
    expect(cartViewOf({ status: 'rejected', data: [buildCartItem()] })).toEqual({
      items: [],
      passes: [],
      trials: [],
      status: 'loaded',
      loading: false,
    });
    expect(cartViewOf({ status: 'pending', data: [buildCartItem()] })).toMatchObject({
      status: 'loaded',
      loading: true,
    });
  });
});

it('keeps class passes apart from the classes booked (decision 076)', () => {
  const pass = {
    id: '9',
    kind: 'pass' as const,
    number_of_attendees: 1,
    total_price: 9900,
    available: true,
    unavailable_reason: null,
    coupon: null,
    pass: { id: '3', name: 'Ten visits', visits: 10, validity_days: 90, price: 9900 },
  };
  const view = cartViewOf({ status: 'fulfilled', data: [buildCartItem(), pass] });
  expect(view.items).toHaveLength(1);
  expect(view.passes).toEqual([pass]);
});

it('reads a paid trial from the server cart and keeps it apart, counted (decision 077)', () => {
  const document = {
    data: [
      {
        id: '7',
        type: 'cart_items',
        attributes: {
          kind: 'trial',
          number_of_attendees: 1,
          total_price: 2500,
          subtotal_price: 2500,
          units: 1,
          coupon_code: null,
          available: true,
          unavailable_reason: null,
        },
        relationships: {
          coupon: { data: null },
          cart_item_attendee_profiles: { data: [] },
          cart_item_klass_group_schedule_addons: { data: [] },
          klass_group_schedule: { data: null },
          pass: { data: null },
          trial_class: { data: { type: 'trial_classes', id: '7' } },
        },
      },
    ],
    included: [
      {
        id: '7',
        type: 'trial_classes',
        attributes: {
          klass_id: '70',
          programme: 'Figure Drawing',
          schedule_name: 'Saturdays',
          starts_at: '2099-01-05T15:00:00.000Z',
          time_zone: 'America/New_York',
          attendee_profile_id: '21',
          child_name: 'Leo',
          price: 2500,
        },
      },
    ],
  };
  const all = parseAnyCartItemList(document);
  const view = cartViewOf({ status: 'fulfilled', data: [buildCartItem(), ...all] });
  expect(view.items).toHaveLength(1);
  expect(view.trials).toHaveLength(1);
  expect(view.trials[0]).toMatchObject({
    kind: 'trial',
    total_price: 2500,
    trial_class: { programme: 'Figure Drawing', child_name: 'Leo', klass_id: '70' },
  });
});

describe('the cart query (docs/product.md#client-state)', () => {
  it("loads a signed-in user's server cart, then marks it loaded and stops loading", async () => {
    const store = makeStore(signedIn);
    const items = [
      buildCartItem({ id: '1' }),
      buildCartItem({
        id: '2',
        coupon: { id: '9', code: 'X', discount_type: 'percent', discount_amount: 10 },
      }),
    ];
    api = fakeApi({ 'GET /api/v2/cart_items': { data: cartItemListDocument(items) } });
    const pending = loadCart(store);
    expect(selectCartLoading(store.getState())).toBe(true);
    await pending;
    expect(cartOf(store)).toEqual({ items, status: 'loaded', loading: false });
  });

  it('treats missing cart endpoints (404) as a failed load: empty, reported, rethrown', async () => {
    const store = makeStoreWithCart(signedIn, [buildCartItem()]);
    api = fakeApi({});
    const result = store.dispatch(cartApi.endpoints.cart.initiate(user.id, { forceRefetch: true }));
    await expect(result.unwrap()).rejects.toMatchObject({
      message: 'Request failed with status code 404',
    });
    expect(cartOf(store)).toEqual({ items: [], status: 'loaded', loading: false });
    expect(store.getState().snackbar).toMatchObject({ type: 'error', open: true });
    expect(store.getState().snackbar.content).toMatch(/^404: /);
  });

  it('fails to parse a server cart that does not match the cart item shape', async () => {
    const store = makeStore(signedIn);
    const bad = buildCartItem();
    // total_price must be a number (docs/product.md#data-the-client-sees).
    const doc = cartItemListDocument([{ ...bad, total_price: '120.00' as unknown as number }]);
    api = fakeApi({ 'GET /api/v2/cart_items': { data: doc } });
    const result = await loadCart(store);
    expect(result.isError).toBe(true);
    expect(result.error).toMatchObject({ status: null, message: expect.stringMatching(/number/) });
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(store.getState().snackbar.content).toBe('Error');
  });

  it('gives a guest without local items an empty loaded cart, asking nothing', async () => {
    const store = makeStore(guest);
    api = fakeApi({});
    await loadCart(store);
    expect(api.requests).toHaveLength(0);
    expect(cartOf(store)).toEqual({ items: [], status: 'loaded', loading: false });
  });

  it("prices a guest's local items through the server, keyed by the local ids", async () => {
    const local: NewGuestCartItem = {
      number_of_attendees: 2,
      klass_group_schedule_id: '31',
      coupon_code: 'SPRING',
      attendees: [],
      cart_item_klass_group_schedule_addons: ['5', '6'],
    };
    const first = await addGuestCartItem(local);
    const second = await addGuestCartItem({
      ...local,
      klass_group_schedule_id: '32',
      coupon_code: null,
      cart_item_klass_group_schedule_addons: [],
    });
    const schedule = buildCartItem().klass_group_schedule;
    // The server answers in its own order with its own ids.
    const priced = [
      buildCartItem({
        id: 'p2',
        total_price: 500,
        klass_group_schedule: { ...schedule, id: '32' },
      }),
      buildCartItem({
        id: 'p1',
        total_price: 900,
        klass_group_schedule: { ...schedule, id: '31' },
      }),
    ];
    api = fakeApi({ 'GET /api/v1/guests/cart_items': { data: cartItemListDocument(priced) } });
    const store = makeStore(guest);
    await loadCart(store);
    expect(JSON.parse(String(api.requests[0]?.params.cart_item_params))).toEqual([
      {
        klass_group_schedule_id: '31',
        number_of_attendees: 2,
        coupon_code: 'SPRING',
        addon_ids: ['5', '6'],
      },
      { klass_group_schedule_id: '32', number_of_attendees: 2, coupon_code: null, addon_ids: [] },
    ]);
    expect(selectCartItems(store.getState()).map((i) => [i.id, i.total_price])).toEqual([
      [String(first.id), 900],
      [String(second.id), 500],
    ]);
    expect(selectCartStatus(store.getState())).toBe('loaded');
  });

  it('empties the cart when pricing guest items times out', async () => {
    await addGuestCartItem({
      number_of_attendees: 1,
      klass_group_schedule_id: '31',
      coupon_code: null,
      attendees: [],
      cart_item_klass_group_schedule_addons: [],
    });
    api = fakeApi({ 'GET /api/v1/guests/cart_items': { timeout: true } });
    const store = makeStore(guest);
    await loadCart(store);
    expect(cartOf(store)).toEqual({ items: [], status: 'loaded', loading: false });
    expect(store.getState().snackbar.content).toBe('Timeout Error');
  });
});

describe('merge at sign-in (decision 028)', () => {
  const typed: NewGuestCartItem = {
    number_of_attendees: 1,
    klass_group_schedule_id: '31',
    plan_id: '9',
    coupon_code: null,
    attendees: [{ attendee_profile_id: null, name: 'Mia', birthday: '2016-01-02' }],
    cart_item_klass_group_schedule_addons: ['5'],
  };

  it('sends the local items with their typed attendees, then deletes them once the server confirmed', async () => {
    await addGuestCartItem(typed);
    const merged = [buildCartItem({ id: '70' })];
    api = fakeApi({ 'POST /api/v2/cart_items/merge': { data: cartItemListDocument(merged) } });
    const store = makeStore(signedIn);
    await loadCart(store);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual([
      'POST /api/v2/cart_items/merge',
    ]);
    expect(api.requests[0]?.body).toEqual({
      cart_item_params: [
        {
          klass_group_schedule_id: '31',
          plan_id: '9',
          number_of_attendees: 1,
          coupon_code: null,
          addon_ids: ['5'],
          attendees: [{ name: 'Mia', birthday: '2016-01-02' }],
        },
      ],
    });
    expect(selectCartItems(store.getState()).map((i) => i.id)).toEqual(['70']);
    expect(await readGuestCartItems()).toEqual([]);
  });

  it('keeps the local items when the merge fails, reports it and loads the server cart', async () => {
    await addGuestCartItem(typed);
    const server = [buildCartItem({ id: '71' })];
    api = fakeApi({
      'POST /api/v2/cart_items/merge': {
        status: 503,
        data: { errors: [{ status: '503', detail: 'Unavailable' }] },
      },
      'GET /api/v2/cart_items': { data: cartItemListDocument(server) },
    });
    const store = makeStore(signedIn);
    await loadCart(store);
    expect(selectCartItems(store.getState()).map((i) => i.id)).toEqual(['71']);
    expect(store.getState().snackbar).toMatchObject({ type: 'error', open: true });
    expect((await readGuestCartItems()).map((i) => i.klass_group_schedule_id)).toEqual(['31']);
  });

  it('sends no attendees for an item whose attendees are not all named with a birthday', () => {
    const params = mergeParams([
      {
        ...typed,
        id: 1,
        createdAt: new Date().toISOString(),
        number_of_attendees: 2,
        attendees: [
          { attendee_profile_id: null, name: 'Mia', birthday: '2016-01-02' },
          { attendee_profile_id: null, name: 'Leo', birthday: null },
        ],
      },
    ]);
    expect(params[0]).toMatchObject({ number_of_attendees: 2, attendees: [] });
  });

  it('sends no attendees when a birthday is in the future or not a date', () => {
    const item = (birthday: string) => ({
      ...typed,
      id: 1,
      createdAt: new Date().toISOString(),
      attendees: [{ attendee_profile_id: null, name: 'Mia', birthday }],
    });
    const attendeesOf = (birthday: string) =>
      mergeParams([item(birthday)], '2026-11-24')[0]?.attendees;
    expect(attendeesOf('2026-11-24')).toEqual([{ name: 'Mia', birthday: '2026-11-24' }]);
    expect(attendeesOf('2026-11-25')).toEqual([]);
    expect(attendeesOf('1899-12-31')).toEqual([]);
    expect(attendeesOf('2020-13-01')).toEqual([]);
  });
});

describe('changing the cart (docs/product.md#booking-and-the-cart)', () => {
  const typedItem = {
    scheduleId: '31',
    planId: '9',
    numberOfAttendees: 1,
    attendeeProfileIds: [],
    typedAttendees: [{ name: 'Mia', birthday: '2016-01-02' }],
    addonIds: [],
    couponCode: null,
  };

  it("puts a user's added item, as the server answered it, into the cart without reading the cart again", async () => {
    const store = makeStoreWithCart(signedIn, [buildCartItem({ id: '1' })]);
    const added = buildCartItem({ id: '2' });
    api = fakeApi({
      'POST /api/v2/cart_items': { status: 201, data: cartItemDocument(added) },
    });
    const held = loadCart(store);
    await store
      .dispatch(cartApi.endpoints.addToCart.initiate({ owner: user.id, ...typedItem }))
      .unwrap();
    expect(selectCartItems(store.getState()).map((i) => i.id)).toEqual(['1', '2']);
    expect(api.requests.map((r) => `${r.method} ${r.url}`)).toEqual(['POST /api/v2/cart_items']);
    held.unsubscribe();
  });

  it("removes a user's item from the cart once the server removed it, asking nothing more", async () => {
    const store = makeStoreWithCart(signedIn, [
      buildCartItem({ id: '1' }),
      buildCartItem({ id: '2' }),
    ]);
    api = fakeApi({ 'DELETE /api/v2/cart_items/1': { status: 204 } });
    const held = loadCart(store);
    await store
      .dispatch(cartApi.endpoints.removeFromCart.initiate({ owner: user.id, id: '1' }))
      .unwrap();
    expect(selectCartItems(store.getState()).map((i) => i.id)).toEqual(['2']);
    expect(api.requests).toHaveLength(1);
    held.unsubscribe();
  });

  it("prices a guest's local items once per change", async () => {
    const schedule = buildCartItem().klass_group_schedule;
    api = fakeApi({
      'GET /api/v1/guests/cart_items': {
        data: cartItemListDocument([
          buildCartItem({ id: 'p', klass_group_schedule: { ...schedule, id: '31' } }),
        ]),
      },
    });
    const store = makeStore(guest);
    const held = loadCart(store);
    await held;
    expect(api.requests).toHaveLength(0);
    await store
      .dispatch(cartApi.endpoints.addToCart.initiate({ owner: GUEST_CART, ...typedItem }))
      .unwrap();
    await vi.waitFor(() => expect(selectCartCount(store.getState())).toBe(1));
    expect(selectCartStatus(store.getState())).toBe('loaded');
    expect(api.requests.map((r) => r.url)).toEqual(['/api/v1/guests/cart_items']);
    held.unsubscribe();
  });

  it("refuses a guest's item past the cart's size with a field message, as the server would", async () => {
    for (let at = 0; at < 50; at += 1) {
      await addGuestCartItem({
        number_of_attendees: 1,
        klass_group_schedule_id: String(100 + at),
        coupon_code: null,
        attendees: [],
        cart_item_klass_group_schedule_addons: [],
      });
    }
    const store = makeStore(guest);
    api = fakeApi({});
    const result = await store.dispatch(
      cartApi.endpoints.addToCart.initiate({ owner: GUEST_CART, ...typedItem }),
    );
    expect('error' in result && result.error).toMatchObject({
      status: 422,
      fields: { klass_group_schedule_id: expect.any(String) },
    });
  });
});
