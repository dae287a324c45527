import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { drawerOpened } from '../../app/shell/shell-slice';
import { storedLanguage, storeLanguage } from '../../i18n/i18n';
import { type CableConsumer, closeCable, setCableConsumerFactory } from '../../lib/cable';
import { setNavigator } from '../../lib/navigation';
import { getToken, setToken } from '../../lib/storage';
import { buildUser, makeJwt, userDocument, validJwt } from '../../testing/builders';
import { type FakeApi, fakeApi } from '../../testing/fake-api';
import { makeStore } from '../../testing/render-with-providers';
import { selectIsLoggedIn, selectSessionStatus, selectUser } from './session-slice';
import { decodeTokenClaims, isSessionValid, loadSession, signIn, signOut } from './session-steps';

let api: FakeApi | undefined;
const navigateTo = vi.fn();
/** URLs of the live connections opened, and whether each is still open. */
let cables: { url: string; open: boolean }[] = [];

beforeEach(() => {
  setNavigator(navigateTo);
  cables = [];
  setCableConsumerFactory((url): CableConsumer => {
    const cable = { url: url(), open: true };
    cables.push(cable);
    return {
      subscriptions: { create: () => ({ unsubscribe: () => undefined }) },
      disconnect: () => {
        cable.open = false;
      },
    };
  });
});

afterEach(() => {
  api?.restore();
  api = undefined;
  closeCable();
  setCableConsumerFactory(null);
  setNavigator(null);
  navigateTo.mockReset();
});

const user = buildUser({ role: 'teacher' });
const cartEmpty = { data: [] };

describe('isSessionValid (docs/product.md#client-state)', () => {
  const exp = 1_700_000_000;
  const token = makeJwt({ exp });

  it('is valid while now is at or before exp', () => {
    expect(isSessionValid(token, exp * 1000 - 1)).toBe(true);
    expect(isSessionValid(token, exp * 1000)).toBe(true);
    expect(isSessionValid(token, exp * 1000 + 1)).toBe(false);
  });

  it('is invalid without a token or with an unreadable one', () => {
    expect(isSessionValid(null)).toBe(false);
    expect(isSessionValid('not-a-jwt')).toBe(false);
    expect(isSessionValid('a.%%%.c')).toBe(false);
    expect(isSessionValid(`a.${btoa('{"sub":"1"}')}.c`)).toBe(false);
  });

  it('decodes base64url payloads', () => {
    expect(decodeTokenClaims(makeJwt({ exp, sub: '~~~>>>???' }))).toEqual({ exp });
  });
});

describe('loadSession (docs/product.md#client-state)', () => {
  it('without a token clears the user and becomes loaded, asking nothing', async () => {
    const store = makeStore();
    api = fakeApi({});
    await store.dispatch(loadSession());
    expect(store.getState().session).toEqual({ status: 'loaded', user: null });
    expect(api.requests.filter((r) => r.url === '/api/v1/users/me')).toHaveLength(0);
  });

  it('with a token goes loading, fetches the current user, then loaded, and opens the live connection', async () => {
    const token = validJwt();
    setToken(token);
    const store = makeStore();
    api = fakeApi({
      'GET /api/v1/users/me': { data: userDocument(user) },
      'GET /api/v2/cart_items': { data: cartEmpty },
    });
    const pending = store.dispatch(loadSession());
    expect(selectSessionStatus(store.getState())).toBe('loading');
    await pending;
    expect(store.getState().session).toEqual({ status: 'loaded', user });
    expect(api.requests[0]?.headers.get('Authorization')).toBe(`Bearer ${token}`);
    expect(cables).toEqual([{ url: `ws://${location.host}/cable?token=${token}`, open: true }]);
  });

  it('does not open the live connection for an expired token', async () => {
    setToken(makeJwt({ exp: Math.floor(Date.now() / 1000) - 10 }));
    const store = makeStore();
    api = fakeApi({
      'GET /api/v1/users/me': { data: userDocument(user) },
      'GET /api/v2/cart_items': { data: cartEmpty },
    });
    await store.dispatch(loadSession());
    expect(selectUser(store.getState())).toEqual(user);
    expect(cables).toEqual([]);
  });

  it('on 401 runs the session-expired handler: storage cleared, /login, loaded with no user', async () => {
    setToken(validJwt());
    localStorage.setItem('order_params', '{"total":1}');
    const store = makeStore();
    api = fakeApi({ 'GET /api/v1/users/me': { status: 401 } });
    await store.dispatch(loadSession());
    await vi.waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/login', undefined));
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('order_params')).toBeNull();
    expect(store.getState().session).toEqual({ status: 'loaded', user: null });
    expect(store.getState().snackbar.open).toBe(false);
  });

  it('on another failure reports it and ends loaded with no user, keeping the token', async () => {
    const token = validJwt();
    setToken(token);
    const store = makeStore();
    api = fakeApi({ 'GET /api/v1/users/me': { timeout: true } });
    await store.dispatch(loadSession());
    expect(store.getState().session).toEqual({ status: 'loaded', user: null });
    expect(store.getState().snackbar.content).toBe('Timeout Error');
    expect(getToken()).toBe(token);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('fails to parse a user that does not match the contract', async () => {
    setToken(validJwt());
    const store = makeStore();
    const bad = userDocument(user);
    (bad.data as { attributes: Record<string, unknown> }).attributes.role = 'janitor';
    api = fakeApi({ 'GET /api/v1/users/me': { data: bad } });
    const result = await store.dispatch(loadSession());
    expect(result.meta.requestStatus).toBe('rejected');
    expect(selectUser(store.getState())).toBeNull();
  });
});

describe('signIn (docs/product.md#client-state)', () => {
  it('stores data.jwt, resets the store, opens the live connection, loads the user and goes to /', async () => {
    const jwt = validJwt();
    const store = makeStore();
    store.dispatch(drawerOpened());
    api = fakeApi({
      'POST /api/v1/users/sign_in': { data: { data: { jwt } } },
      'GET /api/v1/users/me': { data: userDocument(user) },
      'GET /api/v2/cart_items': { data: cartEmpty },
    });
    const result = await store.dispatch(signIn({ email: 'ada@example.com', password: 'pw' }));
    expect(result.payload).toEqual(user);
    expect(api.requests[0]?.body).toEqual({ auth: { email: 'ada@example.com', password: 'pw' } });
    expect(getToken()).toBe(jwt);
    expect(store.getState().shell.drawerOpen).toBe(false);
    expect(store.getState().session).toEqual({ status: 'loaded', user });
    expect(cables).toEqual([{ url: `ws://${location.host}/cable?token=${jwt}`, open: true }]);
    expect(navigateTo).toHaveBeenCalledWith('/', undefined);
  });

  it("switches to the account's preferred language and remembers it", async () => {
    const store = makeStore();
    api = fakeApi({
      'POST /api/v1/users/sign_in': { data: { data: { jwt: validJwt() } } },
      'GET /api/v1/users/me': { data: userDocument({ ...user, locale: 'ja' }) },
      'GET /api/v2/cart_items': { data: cartEmpty },
    });
    await store.dispatch(signIn({ email: 'a@b.c', password: 'pw' }));
    expect(store.getState().language.liveLanguage).toBe('ja');
    expect(storedLanguage()).toBe('ja');
  });

  it("keeps a guest's language for an account that has none yet, and saves it to the account", async () => {
    storeLanguage('ja');
    const store = makeStore();
    const saved = { ...user, locale: 'ja' as const };
    api = fakeApi({
      'POST /api/v1/users/sign_in': { data: { data: { jwt: validJwt() } } },
      'GET /api/v1/users/me': { data: userDocument({ ...user, locale: null }) },
      [`PUT /api/v1/users/${user.id}`]: { data: userDocument(saved) },
      'GET /api/v2/cart_items': { data: cartEmpty },
    });
    const result = await store.dispatch(signIn({ email: 'a@b.c', password: 'pw' }));
    expect(store.getState().language.liveLanguage).toBe('ja');
    expect(storedLanguage()).toBe('ja');
    const put = api.requests.find((r) => r.method === 'PUT');
    expect(put?.url).toBe(`/api/v1/users/${user.id}`);
    expect(put?.body).toEqual({ user: { locale: 'ja' } });
    expect(store.getState().session.user).toEqual(saved);
    expect(result.payload).toEqual(saved);
  });

  it("uses the account's own language over the guest's, and saves nothing", async () => {
    storeLanguage('ja');
    const store = makeStore();
    api = fakeApi({
      'POST /api/v1/users/sign_in': { data: { data: { jwt: validJwt() } } },
      'GET /api/v1/users/me': { data: userDocument({ ...user, locale: 'en' }) },
      'GET /api/v2/cart_items': { data: cartEmpty },
    });
    await store.dispatch(signIn({ email: 'a@b.c', password: 'pw' }));
    expect(store.getState().language.liveLanguage).toBe('en');
    expect(storedLanguage()).toBe('en');
    expect(api.requests.filter((r) => r.method === 'PUT')).toEqual([]);
  });

  it('stays put when the redirect is suppressed', async () => {
    const store = makeStore();
    api = fakeApi({
      'POST /api/v1/users/sign_in': { data: { data: { jwt: validJwt() } } },
      'GET /api/v1/users/me': { data: userDocument(user) },
      'GET /api/v2/cart_items': { data: cartEmpty },
    });
    await store.dispatch(signIn({ email: 'a@b.c', password: 'pw', redirect: false }));
    expect(selectIsLoggedIn(store.getState())).toBe(true);
    expect(navigateTo).not.toHaveBeenCalled();
  });

  it('rejects wrong credentials with the server detail, without signing anything out', async () => {
    const store = makeStore();
    api = fakeApi({
      'POST /api/v1/users/sign_in': {
        status: 401,
        data: {
          errors: [{ status: '401', code: 'unauthorized', detail: 'Invalid e-mail or password' }],
        },
      },
    });
    const result = await store.dispatch(signIn({ email: 'a@b.c', password: 'bad' }));
    expect(result.meta.requestStatus).toBe('rejected');
    expect(result.payload).toMatchObject({ status: 401, detail: 'Invalid e-mail or password' });
    expect(getToken()).toBeNull();
    expect(navigateTo).not.toHaveBeenCalled();
    expect(store.getState().snackbar.open).toBe(false);
    expect(cables).toEqual([]);
  });

  it('hands 422 field messages to the form', async () => {
    const store = makeStore();
    api = fakeApi({
      'POST /api/v1/users/sign_in': {
        status: 422,
        data: {
          errors: [
            {
              status: '422',
              code: 'validation',
              detail: 'Required',
              meta: { type: 'validate', field: 'email' },
            },
          ],
        },
      },
    });
    const result = await store.dispatch(signIn({ email: '', password: 'x' }));
    expect(result.payload).toMatchObject({ status: 422, fields: { email: 'Required' } });
  });
});

describe('signOut (docs/product.md#client-state)', () => {
  async function signedInStore() {
    const jwt = validJwt();
    const store = makeStore();
    api = fakeApi({
      'POST /api/v1/users/sign_in': { data: { data: { jwt } } },
      'GET /api/v1/users/me': { data: userDocument(user) },
      'GET /api/v2/cart_items': { data: cartEmpty },
    });
    await store.dispatch(signIn({ email: 'a@b.c', password: 'pw' }));
    api.restore();
    navigateTo.mockReset();
    localStorage.setItem('order_params', '{"a":1}');
    store.dispatch(drawerOpened());
    return { store, jwt };
  }

  it('revokes the token, clears storage, resets the store, closes the live connection and goes to /login', async () => {
    const { store, jwt } = await signedInStore();
    api = fakeApi({ 'DELETE /api/v1/users/sign_out': { status: 204 } });
    await store.dispatch(signOut());
    expect(api.requests[0]?.headers.get('Authorization')).toBe(`Bearer ${jwt}`);
    expect(localStorage.length).toBe(0);
    expect(store.getState().session).toEqual({ status: 'loaded', user: null });
    expect(store.getState().shell.drawerOpen).toBe(false);
    expect(cables.every((c) => !c.open)).toBe(true);
    expect(navigateTo).toHaveBeenCalledTimes(1);
    expect(navigateTo).toHaveBeenCalledWith('/login', undefined);
  });

  it('still completes when the call fails, reporting it labelled by the action', async () => {
    const { store } = await signedInStore();
    api = fakeApi({ 'DELETE /api/v1/users/sign_out': { status: 503 } });
    await store.dispatch(signOut());
    expect(getToken()).toBeNull();
    expect(selectUser(store.getState())).toBeNull();
    expect(navigateTo).toHaveBeenCalledWith('/login', undefined);
    expect(store.getState().snackbar).toEqual({
      content: '503: Log out',
      type: 'error',
      open: true,
    });
  });

  it('completes once, quietly, when the token was already dead (401)', async () => {
    const { store } = await signedInStore();
    api = fakeApi({ 'DELETE /api/v1/users/sign_out': { status: 401 } });
    await store.dispatch(signOut());
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigateTo).toHaveBeenCalledTimes(1);
    expect(store.getState().snackbar.open).toBe(false);
    expect(store.getState().session).toEqual({ status: 'loaded', user: null });
  });
});
