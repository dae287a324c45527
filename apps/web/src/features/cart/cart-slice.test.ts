import { afterEach, describe, expect, it, vi } from 'vitest';
import { buildCartItem, buildUser, cartItemListDocument } from '../../testing/builders';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { makeStore } from '../../testing/render-with-providers';
import {
  cartCleared,
  cartReducer,
  cartReset,
  guestItemPriced,
  initialCartState,
  loadCart,
  mergeParams,
  selectCartCount,
  selectCartItems,
} from './cart-slice';
import {
  addGuestCartItem,
  clearGuestCart,
  type NewGuestCartItem,
  readGuestCartItems,
} from './guest-cart-db';

let api: FakeApi | undefined;
afterEach(async () => {
  api?.restore();
  api = undefined;
  await clearGuestCart();
  vi.restoreAllMocks();
});

const signedIn = { session: { status: 'loaded' as const, user: buildUser() } };
const guest = { session: { status: 'loaded' as const, user: null } };

describe('cart reducers (docs/product.md#client-state)', () => {
  it('starts loading, not loaded and empty', () => {
    expect(cartReducer(undefined, { type: 'init' })).toEqual({
      items: [],
      status: 'idle',
      loading: true,
    });
  });

  it('clear empties it and marks it loaded; reset empties it and marks it not loaded', () => {
    const full = { items: [buildCartItem()], status: 'loaded' as const, loading: false };
    expect(cartReducer(full, cartCleared())).toEqual({
      items: [],
      status: 'loaded',
      loading: false,
    });
    expect(cartReducer(full, cartReset())).toEqual({ items: [], status: 'idle', loading: true });
  });

  it('pricing one guest item replaces the entry with the same id, or adds it', () => {
    let state = cartReducer(
      { ...initialCartState, items: [buildCartItem({ id: '1' }), buildCartItem({ id: '2' })] },
      guestItemPriced(buildCartItem({ id: '1', total_price: 999 })),
    );
    expect(state.items.map((i) => [i.id, i.total_price])).toEqual([
      ['1', 999],
      ['2', 12000],
    ]);
    state = cartReducer(state, guestItemPriced(buildCartItem({ id: '3' })));
    expect(state.items.map((i) => i.id)).toEqual(['1', '2', '3']);
  });

  it('counts items for the badge', () => {
    const store = makeStore({
      cart: {
        items: [buildCartItem(), buildCartItem({ id: '2' })],
        status: 'loaded',
        loading: false,
      },
    });
    expect(selectCartCount(store.getState())).toBe(2);
  });
});

describe('loadCart (docs/product.md#client-state)', () => {
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
    const pending = store.dispatch(loadCart());
    expect(store.getState().cart.loading).toBe(true);
    await pending;
    expect(store.getState().cart).toEqual({ items, status: 'loaded', loading: false });
  });

  it('treats missing cart endpoints (404) as a failed load: empty, reported, rethrown', async () => {
    const store = makeStore({
      ...signedIn,
      cart: { items: [buildCartItem()], status: 'loaded', loading: false },
    });
    api = fakeApi({});
    const result = store.dispatch(loadCart());
    await expect(result.unwrap()).rejects.toMatchObject({
      message: 'Request failed with status code 404',
    });
    expect(store.getState().cart).toEqual({ items: [], status: 'loaded', loading: false });
    expect(store.getState().snackbar).toMatchObject({ type: 'error', open: true });
    expect(store.getState().snackbar.content).toMatch(/^404: /);
  });

  it('fails to parse a server cart that does not match the cart item shape', async () => {
    const store = makeStore(signedIn);
    const bad = buildCartItem();
    // total_price must be a number (docs/product.md#data-the-client-sees).
    const doc = cartItemListDocument([{ ...bad, total_price: '120.00' as unknown as number }]);
    api = fakeApi({ 'GET /api/v2/cart_items': { data: doc } });
    const result = await store.dispatch(loadCart());
    expect(result.meta.requestStatus).toBe('rejected');
    expect(loadCart.rejected.match(result) && result.error.name).toBe('ZodError');
    expect(selectCartItems(store.getState())).toEqual([]);
    expect(store.getState().snackbar.content).toBe('Error');
  });

  it('gives a guest without local items an empty loaded cart, asking nothing', async () => {
    const store = makeStore(guest);
    api = fakeApi({});
    await store.dispatch(loadCart());
    expect(api.requests).toHaveLength(0);
    expect(store.getState().cart).toEqual({ items: [], status: 'loaded', loading: false });
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
    await store.dispatch(loadCart());
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
    expect(store.getState().cart.status).toBe('loaded');
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
    await store.dispatch(loadCart());
    expect(store.getState().cart).toEqual({ items: [], status: 'loaded', loading: false });
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
    await store.dispatch(loadCart());
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
    await store.dispatch(loadCart());
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
