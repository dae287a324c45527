import { errorDocument } from '@atelier/contract';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { type FakeApi, fakeApi } from '../testing/fake-api';
import { makeStore } from '../testing/render-with-providers';
import { api, reportLoadFailure } from './api';
import { setNavigator } from './navigation';
import { setToken } from './storage';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
  setNavigator(null);
});

const probeApi = api.injectEndpoints({
  endpoints: (build) => ({
    apiTestGet: build.query<unknown, string>({ query: (id) => `/things/${id}` }),
    apiTestPut: build.mutation<unknown, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: `/things/${id}`, method: 'PUT', data: { name } }),
    }),
  }),
});

describe('RTK Query api over the HTTP client', () => {
  it('sends queries and mutations through apiClient with its bearer header', async () => {
    setToken('tok');
    server = fakeApi({
      'GET /things/1': { data: { id: '1' } },
      'PUT /things/1': (req) => ({ data: req.body }),
    });
    const store = makeStore();
    const got = await store.dispatch(probeApi.endpoints.apiTestGet.initiate('1'));
    expect(got.data).toEqual({ id: '1' });
    const put = await store.dispatch(
      probeApi.endpoints.apiTestPut.initiate({ id: '1', name: 'n' }),
    );
    expect(put).toEqual({ data: { name: 'n' } });
    expect(
      server.requests.map((r) => [r.method, r.headers.get('Authorization'), r.timeout]),
    ).toEqual([
      ['GET', 'Bearer tok', 7000],
      ['PUT', 'Bearer tok', 7000],
    ]);
  });

  it('returns failures as ApiError', async () => {
    server = fakeApi({
      'GET /things/2': {
        status: 422,
        data: {
          errors: [
            {
              status: '422',
              code: 'validation',
              detail: 'Required',
              meta: { type: 'validate', field: 'name' },
            },
          ],
        },
      },
      'GET /things/3': { timeout: true },
    });
    const store = makeStore();
    const invalid = await store.dispatch(probeApi.endpoints.apiTestGet.initiate('2'));
    expect(invalid.error).toMatchObject({
      status: 422,
      detail: 'Required',
      fields: { name: 'Required' },
    });
    const late = await store.dispatch(probeApi.endpoints.apiTestGet.initiate('3'));
    expect(late.error).toMatchObject({ status: null, code: 'ECONNABORTED' });
  });

  it('signs out on a 401 like every other call', async () => {
    const navigateTo = vi.fn();
    setNavigator(navigateTo);
    setToken('dead');
    server = fakeApi({ 'GET /things/4': { status: 401 } });
    const store = makeStore();
    await store.dispatch(probeApi.endpoints.apiTestGet.initiate('4'));
    await vi.waitFor(() => expect(navigateTo).toHaveBeenCalledWith('/login', undefined));
  });
});

const reportingApi = api.injectEndpoints({
  endpoints: (build) => ({
    apiTestList: build.query<unknown, string>({
      query: (id) => `/lists/${id}`,
      onQueryStarted: reportLoadFailure,
    }),
  }),
});

describe('reportLoadFailure', () => {
  it('shows the error snackbar once per failed request, however many hold the entry', async () => {
    server = fakeApi({
      'GET /lists/a': { status: 403, data: errorDocument('forbidden', 'Not yours.') },
      'GET /lists/b': { timeout: true },
      'GET /lists/c': { networkError: true },
      'GET /lists/d': { data: [] },
    });
    const store = makeStore();
    // Every snackbarShown replaces the snackbar's state: one entry per snackbar shown.
    const shown: { content: string; type: string }[] = [];
    let last = store.getState().snackbar;
    store.subscribe(() => {
      const now = store.getState().snackbar;
      if (now !== last && now.open) shown.push({ content: now.content, type: now.type });
      last = now;
    });
    const first = store.dispatch(reportingApi.endpoints.apiTestList.initiate('a'));
    const second = store.dispatch(reportingApi.endpoints.apiTestList.initiate('a'));
    await Promise.all([first, second]);
    expect(shown).toEqual([{ content: '403: Not yours.', type: 'error' }]);
    await store.dispatch(reportingApi.endpoints.apiTestList.initiate('b'));
    await store.dispatch(reportingApi.endpoints.apiTestList.initiate('c'));
    await store.dispatch(reportingApi.endpoints.apiTestList.initiate('d'));
    expect(shown).toEqual([
      { content: '403: Not yours.', type: 'error' },
      { content: 'Timeout Error', type: 'error' },
      { content: 'Error', type: 'error' },
    ]);
    first.unsubscribe();
    second.unsubscribe();
  });
});
