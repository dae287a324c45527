import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { drawerOpened } from '../../app/shell/shell-slice';
import { storeLanguage } from '../../i18n/i18n';
import { getToken, setToken } from '../../lib/storage';
import { buildNotification, buildUser, userDocument, validJwt } from '../../testing/builders';
import { putNotifications } from '../../testing/cache-entries';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { makeStore } from '../../testing/render-with-providers';
import { selectNotifications } from '../notifications';
import { sessionTokenReplaced, signInWithToken } from './accounts-session';
import { fakeCables, restoreCables } from './accounts-test-helpers';

let server: FakeApi;
let cables: string[];
beforeEach(() => {
  cables = fakeCables();
});
afterEach(() => {
  server.restore();
  restoreCables();
});

const ada = buildUser({ id: '7' });

describe('signInWithToken', () => {
  it('stores the token, clears the previous state, opens the live connection and loads the user', async () => {
    server = fakeApi({
      'GET /api/v1/users/me': { data: userDocument(ada) },
      'GET /api/v2/cart_items': { data: { data: [] } },
    });
    const store = makeStore();
    putNotifications(store, [buildNotification()]);
    const jwt = validJwt();
    await expect(store.dispatch(signInWithToken(jwt)).unwrap()).resolves.toEqual(ada);
    expect(getToken()).toBe(jwt);
    expect(selectNotifications(store.getState())).toEqual([]);
    expect(store.getState().session).toEqual({ status: 'loaded', user: ada });
    expect(cables).toEqual([expect.stringContaining(`token=${jwt}`)]);
    expect(server.requests[0]?.headers.get('Authorization')).toBe(`Bearer ${jwt}`);
  });

  it('keeps the chosen language and an open drawer through the reset', async () => {
    server = fakeApi({
      'GET /api/v1/users/me': { data: userDocument(ada) },
      'GET /api/v2/cart_items': { data: { data: [] } },
    });
    storeLanguage('ja');
    const store = makeStore();
    store.dispatch(drawerOpened());
    await store.dispatch(signInWithToken(validJwt()));
    expect(store.getState().language.liveLanguage).toBe('ja');
    expect(store.getState().shell.drawerOpen).toBe(true);
  });

  it('saves the language on screen to an account that has none yet', async () => {
    const unset = { ...ada, locale: null };
    const saved = { ...ada, locale: 'ja' as const };
    server = fakeApi({
      'GET /api/v1/users/me': { data: userDocument(unset) },
      'PUT /api/v1/users/7': { data: userDocument(saved) },
      'GET /api/v2/cart_items': { data: { data: [] } },
    });
    storeLanguage('ja');
    const store = makeStore();
    await expect(store.dispatch(signInWithToken(validJwt())).unwrap()).resolves.toEqual(saved);
    const put = server.requests.find((r) => r.method === 'PUT');
    expect(put?.body).toEqual({ user: { locale: 'ja' } });
    expect(store.getState().session.user).toEqual(saved);
    expect(store.getState().language.liveLanguage).toBe('ja');
  });
});

describe('sessionTokenReplaced', () => {
  it('swaps the stored token and reconnects the live channel with it, keeping the user', async () => {
    server = fakeApi({});
    const store = makeStore({ session: { status: 'loaded', user: ada } });
    setToken(validJwt());
    const fresh = validJwt(Date.now() + 5000);
    await store.dispatch(sessionTokenReplaced(fresh));
    expect(getToken()).toBe(fresh);
    expect(cables.at(-1)).toContain(`token=${fresh}`);
    expect(store.getState().session.user).toEqual(ada);
    expect(server.requests).toEqual([]);
  });
});
