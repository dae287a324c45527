import { validationDocument } from '@atelier/contract';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { buildUser } from '../testing/builders';
import { type FakeApi, fakeApi } from '../testing/fake-api';
import { makeStore } from '../testing/render-with-providers';
import { api as appApi } from './api';
import { apiClient, errorSnackbarText, fieldErrors, handleError, toApiError } from './api-client';
import { setNavigator } from './navigation';
import { getToken, setToken } from './storage';

let api: FakeApi | undefined;
const navigateTo = vi.fn();

beforeEach(() => {
  setNavigator(navigateTo);
});

afterEach(() => {
  api?.restore();
  api = undefined;
  setNavigator(null);
  navigateTo.mockReset();
  vi.restoreAllMocks();
});

async function failure(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the request to fail');
}

describe('apiClient requests (docs/product.md#server-calls)', () => {
  it('goes to the same origin with a 7000 ms timeout', async () => {
    api = fakeApi({ 'GET /api/v1/users/me': { data: {} } });
    await apiClient.get('/api/v1/users/me');
    expect(api.requests[0]?.url).toBe('/api/v1/users/me');
    expect(api.requests[0]?.timeout).toBe(7000);
  });

  it('carries a bearer Authorization header when a token is stored', async () => {
    api = fakeApi({ 'GET /x': { data: {} } });
    await apiClient.get('/x');
    expect(api.requests[0]?.headers.get('Authorization')).toBeUndefined();
    setToken('abc.def.ghi');
    await apiClient.get('/x');
    expect(api.requests[1]?.headers.get('Authorization')).toBe('Bearer abc.def.ghi');
  });

  it("replaces the stored token with a response's Authorization header", async () => {
    setToken('old');
    api = fakeApi({
      'GET /plain': { data: {}, headers: { authorization: 'fresh' } },
      'GET /bearer': { data: {}, headers: { Authorization: 'Bearer fresher' } },
      'GET /none': { data: {} },
    });
    await apiClient.get('/plain');
    expect(getToken()).toBe('fresh');
    await apiClient.get('/bearer');
    expect(getToken()).toBe('fresher');
    await apiClient.get('/none');
    expect(getToken()).toBe('fresher');
  });

  it('also takes a refreshed token from an error response', async () => {
    setToken('old');
    api = fakeApi({ 'GET /x': { status: 404, headers: { authorization: 'Bearer new' } } });
    makeStore();
    await failure(apiClient.get('/x'));
    expect(getToken()).toBe('new');
  });
});

describe('HTTP 401 (docs/product.md#error-handling)', () => {
  it('signs out: storage cleared, store reset, /login, and no message', async () => {
    const store = makeStore({
      session: { status: 'loaded', user: buildUser() },
    });
    setToken('dead');
    localStorage.setItem('order_params', '{}');
    api = fakeApi({ 'GET /api/v1/notifications': { status: 401 } });
    await failure(apiClient.get('/api/v1/notifications'));
    await vi.waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/login', undefined));
    expect(getToken()).toBeNull();
    expect(localStorage.getItem('order_params')).toBeNull();
    expect(store.getState().session).toEqual({ status: 'loaded', user: null });
    expect(store.getState().snackbar.open).toBe(false);
  });

  it('shows no message for a save in flight when the session ends (RTK Query aborts it)', async () => {
    const store = makeStore({ session: { status: 'loaded', user: buildUser() } });
    setToken('revoked elsewhere');
    const probe = appApi.injectEndpoints({
      endpoints: (build) => ({
        saveProbe: build.mutation<unknown, void>({
          query: () => ({ url: '/api/v1/probe', method: 'PUT' }),
        }),
      }),
    });
    api = fakeApi({ 'PUT /api/v1/probe': { status: 401 } });
    const thrown = await failure(store.dispatch(probe.endpoints.saveProbe.initiate()).unwrap());
    handleError(thrown);
    await vi.waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/login', undefined));
    expect(store.getState().snackbar.open).toBe(false);
  });

  it('is left to the caller when the request asks for it (sign-in, sign-out)', async () => {
    const store = makeStore({ session: { status: 'loaded', user: buildUser() } });
    setToken('kept');
    api = fakeApi({ 'POST /x': { status: 401 } });
    await failure(apiClient.post('/x', {}, { skipSessionExpiry: true }));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(navigateTo).not.toHaveBeenCalled();
    expect(getToken()).toBe('kept');
    expect(store.getState().session.user).not.toBeNull();
  });
});

describe('handleError: the common error handler (docs/product.md#error-handling)', () => {
  async function snackbarFor(reply: Parameters<typeof fakeApi>[0], message?: string) {
    const store = makeStore();
    api = fakeApi(reply);
    const error = await failure(apiClient.get('/x'));
    handleError(error, message);
    return store.getState().snackbar;
  }

  it("shows 'Timeout Error' for a timeout (ECONNABORTED)", async () => {
    const snackbar = await snackbarFor({ 'GET /x': { timeout: true } });
    expect(snackbar).toEqual({ content: 'Timeout Error', type: 'error', open: true });
  });

  it("shows 'Error' when no response arrives at all", async () => {
    const snackbar = await snackbarFor({ 'GET /x': { networkError: true } });
    expect(snackbar).toEqual({ content: 'Error', type: 'error', open: true });
  });

  it("shows '{status}: {message}' with the first error entry's detail", async () => {
    const snackbar = await snackbarFor({
      'GET /x': {
        status: 409,
        data: {
          errors: [
            { status: '409', code: 'conflict', detail: 'Class is full' },
            { status: '409', code: 'conflict', detail: 'second' },
          ],
        },
      },
    });
    expect(snackbar).toEqual({ content: '409: Class is full', type: 'error', open: true });
  });

  it('prefers the provided text (the action label) over the detail', async () => {
    const snackbar = await snackbarFor(
      {
        'GET /x': {
          status: 404,
          data: { errors: [{ status: '404', code: 'not_found', detail: 'Gone' }] },
        },
      },
      'Mark as read',
    );
    expect(snackbar.content).toBe('404: Mark as read');
  });

  it("falls back to 'Error' when there is neither text nor detail", async () => {
    const snackbar = await snackbarFor({ 'GET /x': { status: 403, data: '<html>' } });
    expect(snackbar.content).toBe('403: Error');
  });

  it('only logs 400 and 500', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {});
    for (const status of [400, 500]) {
      const snackbar = await snackbarFor({ 'GET /x': { status } });
      expect(snackbar.open).toBe(false);
      api?.restore();
    }
    expect(log).toHaveBeenCalledTimes(2);
  });

  it('shows nothing for a 401 (the session handler acts instead)', async () => {
    const snackbar = await snackbarFor({ 'GET /x': { status: 401 } });
    expect(snackbar.open).toBe(false);
  });

  it('reads a 422 as field messages (docs/product.md#validation) and shows its first detail', async () => {
    const body = validationDocument([
      { field: 'email', detail: 'Invalid input' },
      { field: 'name', detail: 'Required' },
    ]);
    body.errors.push({
      status: '422',
      code: 'validation',
      detail: 'not a field',
      meta: { type: 'other', field: 'x' },
    });
    api = fakeApi({ 'POST /x': { status: 422, data: body } });
    makeStore();
    const error = await failure(apiClient.post('/x', {}));
    expect(fieldErrors(error)).toEqual({ email: 'Invalid input', name: 'Required' });
    expect(fieldErrors(toApiError(error))).toEqual({ email: 'Invalid input', name: 'Required' });
    expect(errorSnackbarText(error)).toBe('422: Invalid input');
  });

  it('gives no field messages for anything but a validation document', () => {
    expect(fieldErrors(new Error('boom'))).toEqual({});
    expect(fieldErrors(undefined)).toEqual({});
  });

  it("treats a thrown non-HTTP error as 'no response'", () => {
    expect(errorSnackbarText(new TypeError('x is undefined'))).toBe('Error');
  });
});
