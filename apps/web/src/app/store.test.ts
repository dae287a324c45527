import { afterEach, describe, expect, it, vi } from 'vitest';
import { searchDialogOpened } from '../components/dialogs/search-dialog-slice';
import { clearGuestCart } from '../features/cart';
import { selectedOrderIdSet } from '../features/orders';
import { setUser } from '../features/session';
import { liveLanguageSet } from '../i18n/language-slice';
import { api } from '../lib/api';
import { setNavigator } from '../lib/navigation';
import { resetStore } from '../lib/reset-store';
import { sessionExpired } from '../lib/session-expired';
import { snackbarShown } from '../lib/snackbar-slice';
import { getToken, setToken } from '../lib/storage';
import { buildNotification, buildUser } from '../testing/builders';
import { putNotifications, putOrders } from '../testing/cache-entries';
import { type FakeApi, fakeApi } from '../testing/fake-api';
import { buildOrder } from '../testing/order-builders';
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
  endpoints: (build) => ({
    storeTestProbe: build.query<unknown, void>({ query: () => '/probe' }),
    storeTestCredits: build.query<unknown, void>({
      query: () => '/credits',
      providesTags: [{ type: 'Makeup', id: 'CREDITS' }],
    }),
  }),
});

describe('makeStore', () => {
  it('holds every slice of the client state at its initial value', () => {
    const state = makeStore().getState();
    expect(Object.keys(state).sort()).toEqual(
      ['api', 'language', 'orders', 'searchDialog', 'session', 'shell', 'snackbar'].sort(),
    );
    expect(state.session.status).toBe('idle');
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
    const store = makeStore({ session: { status: 'loaded', user: null } });
    server = fakeApi({ 'GET /probe': { data: { ok: true } } });
    await store.dispatch(probe.endpoints.storeTestProbe.initiate());
    store.dispatch(setUser(buildUser()));
    putNotifications(store, [buildNotification()], 3);
    store.dispatch(drawerOpened());
    store.dispatch(snackbarShown({ content: 'x' }));
    store.dispatch(liveLanguageSet('ja'));
    putOrders(store, 'pending', [buildOrder({ id: '1' })]);
    putOrders(store, 'purchased', [buildOrder({ id: '2', status: 'paid' })]);
    store.dispatch(selectedOrderIdSet('1'));
    expect(Object.keys(store.getState().api.queries)).toHaveLength(5);

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

describe('a language change (docs/architecture.md#translated-content)', () => {
  it('fetches again, in the new language, what names the school’s classes', async () => {
    server = fakeApi({ 'GET /credits': { data: [] } });
    const store = makeStore();
    const sub = store.dispatch(probe.endpoints.storeTestCredits.initiate());
    await sub;
    expect(server.requests).toHaveLength(1);
    store.dispatch(liveLanguageSet('ja'));
    await vi.waitFor(() => expect(server?.requests).toHaveLength(2));
    expect(server.requests[1]?.headers.get('accept-language')).toBe('ja');
    sub.unsubscribe();
  });
});
