import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchDialogOpened } from '../components/dialogs/search-dialog-slice';
import { addGuestCartItem, clearGuestCart } from '../features/cart';
import { klassListSet } from '../features/classes';
import { notificationsAdded, unreadCountSet } from '../features/notifications';
import { pendingOrderAdded, selectedOrderIdSet } from '../features/orders';
import { clearUser, setUser } from '../features/session';
import { liveLanguageSet } from '../i18n/language-slice';
import { api } from '../lib/api';
import { setNavigator } from '../lib/navigation';
import { resetStore } from '../lib/reset-store';
import { sessionExpired } from '../lib/session-expired';
import { snackbarShown } from '../lib/snackbar-slice';
import { getToken, setToken } from '../lib/storage';
import {
  buildCartItem,
  buildNotification,
  buildUser,
  cartItemListDocument,
} from '../testing/builders';
import { type FakeApi, fakeApi } from '../testing/fake-api';
import { drawerOpened } from './shell/shell-slice';
import { makeStore } from './store';

let server: FakeApi | undefined;
afterEach(async () => {
  server?.restore();
  server = undefined;
  setNavigator(null);
  await clearGuestCart();
});

const probe = api.injectEndpoints({
  endpoints: (build) => ({ storeTestProbe: build.query<unknown, void>({ query: () => '/probe' }) }),
});

describe('makeStore', () => {
  it('holds every slice of the client state at its initial value', () => {
    const state = makeStore().getState();
    expect(Object.keys(state).sort()).toEqual(
      [
        'api',
        'cart',
        'klasses',
        'language',
        'notifications',
        'orders',
        'searchDialog',
        'session',
        'shell',
        'snackbar',
      ].sort(),
    );
    expect(state.session.status).toBe('idle');
    expect(state.cart.loading).toBe(true);
  });

  it('takes a partial preloaded state', () => {
    const user = buildUser();
    const store = makeStore({ session: { status: 'loaded', user } });
    expect(store.getState().session.user).toEqual(user);
    expect(store.getState().language.liveLanguage).toBe('en');
  });
});

describe('resetStore (docs/product.md#client-state "Clearing the store resets everything")', () => {
  it('returns every slice, and the server cache, to its initial state', async () => {
    const fresh = makeStore().getState();
    // Loaded from the start, so setting the user below does not also fetch the cart (the store
    // listener), which would add its own entry to the server cache.
    const store = makeStore({ session: { status: 'loaded', user: null } });
    server = fakeApi({ 'GET /probe': { data: { ok: true } } });
    await store.dispatch(probe.endpoints.storeTestProbe.initiate());
    store.dispatch(setUser(buildUser()));
    store.dispatch(notificationsAdded([buildNotification()]));
    store.dispatch(unreadCountSet(3));
    store.dispatch(drawerOpened());
    store.dispatch(snackbarShown({ content: 'x' }));
    store.dispatch(liveLanguageSet('ja'));
    store.dispatch(klassListSet([{ id: '1', klass_group_id: '2' }]));
    store.dispatch(pendingOrderAdded({ id: '1' }));
    store.dispatch(selectedOrderIdSet('1'));
    expect(Object.keys(store.getState().api.queries)).toHaveLength(1);

    store.dispatch(resetStore());
    const { api: apiState, ...rest } = store.getState();
    const { api: freshApi, ...freshRest } = fresh;
    expect(rest).toEqual(freshRest);
    expect(apiState.queries).toEqual({});
  });

  it('keeps the drawer, and only the drawer, when asked to keep the layout', () => {
    const store = makeStore();
    store.dispatch(drawerOpened());
    store.dispatch(searchDialogOpened());
    store.dispatch(snackbarShown({ content: 'x' }));
    store.dispatch(resetStore({ keepLayout: true }));
    expect(store.getState().shell.drawerOpen).toBe(true);
    expect(store.getState().searchDialog.open).toBe(false);
    expect(store.getState().snackbar.open).toBe(false);
  });
});

describe('store listeners', () => {
  it('fetches the cart once the user state becomes loaded (guest: local items priced)', async () => {
    await addGuestCartItem({
      number_of_attendees: 1,
      klass_group_schedule_id: '31',
      coupon_code: null,
      attendees: [],
      cart_item_klass_group_schedule_addons: [],
    });
    server = fakeApi({
      'GET /api/v1/guests/cart_items': { data: cartItemListDocument([buildCartItem({ id: 'p' })]) },
    });
    const store = makeStore();
    store.dispatch(clearUser());
    await vi.waitFor(() => expect(store.getState().cart.status).toBe('loaded'));
    expect(store.getState().cart.items).toHaveLength(1);
    // Staying loaded does not fetch again.
    store.dispatch(clearUser());
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(server.requests).toHaveLength(1);
  });

  it("fetches a signed-in user's server cart once the user is set", async () => {
    server = fakeApi({
      'GET /api/v2/cart_items': { data: cartItemListDocument([buildCartItem()]) },
    });
    const store = makeStore();
    store.dispatch(setUser(buildUser()));
    await vi.waitFor(() => expect(store.getState().cart.status).toBe('loaded'));
    expect(server.requests.map((r) => r.url)).toEqual(['/api/v2/cart_items']);
    expect(store.getState().cart.items).toEqual([buildCartItem()]);
  });

  it('ends the session on sessionExpired: storage cleared, store reset, user cleared, /login', async () => {
    const navigateTo = vi.fn();
    setNavigator(navigateTo);
    server = fakeApi({});
    setToken('t');
    const store = makeStore({ session: { status: 'loaded', user: buildUser() } });
    store.dispatch(drawerOpened());
    store.dispatch(sessionExpired());
    await vi.waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/login', undefined));
    expect(getToken()).toBeNull();
    expect(store.getState().session).toEqual({ status: 'loaded', user: null });
    expect(store.getState().shell.drawerOpen).toBe(false);
  });
});
