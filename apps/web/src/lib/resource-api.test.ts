import { defineResource, pageQuerySchema } from '@atelier/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type FakeApi, fakeApi } from '../testing/fake-api';
import { makeStore } from '../testing/render-with-providers';
import { api } from './api';
import { resourceEndpoints, resourceTag } from './resource-api';

let server: FakeApi | undefined;
afterEach(() => {
  server?.restore();
  server = undefined;
});

// A resource whose tag lib/api.ts does not declare: the kit adds it.
const easels = defineResource({
  name: 'studio_easel',
  type: 'studio_easels',
  paths: { collection: '/easels', member: (id) => `/easels/${id}` },
  fields: { name: { kind: 'text', label: 'easels.name', required: true } },
  attributes: z.object({ name: z.string() }),
  create: z.object({ name: z.string() }),
  listQuery: pageQuerySchema,
});
const hooks = resourceEndpoints(easels);
const endpoints = api.endpoints as unknown as Record<string, { initiate: (arg: unknown) => never }>;

const easel = (id: string, name: string) => ({ id, type: 'studio_easels', attributes: { name } });

describe('resourceEndpoints', () => {
  it('names the tag after the declared name', () => {
    expect(resourceTag(easels)).toBe('StudioEasel');
    expect(resourceTag({ name: 'plan' })).toBe('Plan');
  });

  it('reads the list again after a create, with a tag lib/api.ts does not list', async () => {
    let rows = [easel('1', 'North')];
    server = fakeApi({
      'GET /easels': () => ({
        data: { data: rows, meta: { total: rows.length, page: 1, per_page: 25 } },
      }),
      'POST /easels': (request) => {
        const name = (request.body as { studio_easel: { name: string } }).studio_easel.name;
        rows = [...rows, easel('2', name)];
        return { status: 201, data: { data: easel('2', name) } };
      },
    });
    const store = makeStore();
    const list = store.dispatch(endpoints['studio_easels:list']?.initiate({ page: 1 }) as never);
    await list;
    await store.dispatch(endpoints['studio_easels:create']?.initiate({ name: 'South' }) as never);
    await new Promise((resolve) => setTimeout(resolve, 50));
    const lists = server.requests.filter((r) => r.method === 'GET' && r.url === '/easels');
    expect(lists).toHaveLength(2);
    expect(hooks.useListQuery).toBeTypeOf('function');
  });
});
