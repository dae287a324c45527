import {
  defineResource,
  pageQuerySchema,
  type Translations,
  textSchema,
  translationsSchema,
} from '@atelier/contract';
import { sql } from 'drizzle-orm';
import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import Fastify, { type FastifyInstance } from 'fastify';
import {
  serializerCompiler,
  validatorCompiler,
  type ZodTypeProvider,
} from 'fastify-type-provider-zod';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type Database, openDatabase } from '../db/client';
import { errorsPlugin } from '../plugins/errors';
import { AppError } from './app-error';
import { resourceRepository } from './resource.repository';
import { resourcePlugin } from './resource-routes';
import { resourceService } from './resource-service';

// The resource kit end to end (docs/architecture.md#adding-a-resource) on a resource of its own:
// two tables made for the test, the declaration, the repository, the service and the routes, so a
// resource made with the kit needs to test only what it adds (its fields' messages, its uses).

const things = pgTable('kit_things', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  name: text().notNull(),
  sizeInCm: integer('size_in_cm').notNull(),
  translations: jsonb().$type<Translations<'name'>>().notNull().default({}),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});
const boxes = pgTable('kit_boxes', {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  thingId: integer('thing_id').references(() => things.id, { onDelete: 'restrict' }),
});

const fieldsSchema = z.object({
  name: textSchema({ max: 40 }).pipe(z.string().min(1, 'Required')),
  size_in_cm: z.int({ error: 'Must be a whole number' }).min(1, 'Must be at least 1'),
});
const declare = (updateMethod: 'PUT' | 'PATCH') =>
  defineResource({
    name: 'kit_thing',
    type: 'kit_things',
    paths: {
      collection: `/kit/${updateMethod}`,
      member: (id: string | number) => `/kit/${updateMethod}/${id}`,
    },
    fields: {
      name: { kind: 'text', label: 'kit.name', required: true, max: 40, translatable: true },
      size_in_cm: { kind: 'number', label: 'kit.size', required: true },
    },
    attributes: fieldsSchema.extend({
      translations: translationsSchema({ name: textSchema({ max: 40 }) }),
      boxes_count: z.number().int(),
      created_at: z.string(),
      updated_at: z.string(),
    }),
    create: fieldsSchema,
    ...(updateMethod === 'PATCH' ? { update: fieldsSchema.partial(), updateMethod } : {}),
    listQuery: pageQuerySchema.extend({ search: textSchema({ max: 100 }).optional() }),
    uses: { attribute: 'boxes_count', label: 'kit.boxes' },
  });

describe('resource kit (repository, service, routes)', { timeout: 60_000 }, () => {
  let database: Database;
  let app: FastifyInstance;
  let stale = 0;
  beforeAll(async () => {
    database = await openDatabase({ kind: 'pglite', dir: null });
    await database.db.execute(sql`create table kit_things (
      id integer primary key generated always as identity, name text not null,
      size_in_cm integer not null, translations jsonb not null default '{}',
      created_at timestamptz not null default now(), updated_at timestamptz not null default now())`);
    await database.db.execute(sql`create table kit_boxes (
      id integer primary key generated always as identity,
      thing_id integer references kit_things(id) on delete restrict)`);
    app = Fastify({ logger: false }).withTypeProvider<ZodTypeProvider>();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    await app.register(errorsPlugin);
    const ctx = { db: database.db };
    const guard = (
      request: { headers: Record<string, unknown> },
      _reply: unknown,
      done: (error?: Error) => void,
    ) =>
      done(
        request.headers['x-role'] === 'admin'
          ? undefined
          : new AppError('forbidden', 'Admins only'),
      );
    for (const method of ['PUT', 'PATCH'] as const) {
      const resource = declare(method);
      const service = resourceService(
        resource,
        // The PATCH flavour counts no uses: only the foreign key stands in a delete's way.
        resourceRepository(things, {
          search: [things.name],
          order: [things.name],
          ...(method === 'PUT' ? { usedBy: boxes.thingId } : {}),
        }),
        {
          label: 'Thing',
          afterUpdate: () => {
            stale++;
          },
        },
      );
      await app.register(resourcePlugin(resource, { guard, handlers: service.handlers(ctx) }));
    }
    await app.ready();
  });
  afterAll(async () => {
    await app.close();
    await database.close();
  });

  const call = (method: string, url: string, body?: object, role = 'admin') =>
    app.inject({
      method: method as 'GET',
      url,
      headers: { 'x-role': role },
      ...(body ? { payload: body } : {}),
    });
  const fieldErrors = (res: { json: () => unknown }) =>
    Object.fromEntries(
      (res.json() as { errors: { meta: { field: string }; detail: string }[] }).errors.map((e) => [
        e.meta.field,
        e.detail,
      ]),
    );
  const create = async (name: string, size: number, ja?: string) => {
    const res = await call('POST', '/kit/PUT', {
      kit_thing: { name, size_in_cm: size, ...(ja ? { translations: { ja: { name: ja } } } : {}) },
    });
    expect(res.statusCode).toBe(201);
    return res.json().data as { id: string; attributes: Record<string, unknown> };
  };

  it('creates, reads, replaces, lists by name and deletes, storing translations as the app does', async () => {
    const made = await create('Vase', 30, '花瓶');
    expect(made).toMatchObject({
      type: 'kit_things',
      attributes: {
        name: 'Vase',
        size_in_cm: 30,
        translations: { ja: { name: '花瓶' } },
        boxes_count: 0,
      },
    });
    expect(Date.parse(made.attributes.created_at as string)).not.toBeNaN();
    const before = stale;
    // PUT replaces: no translations sent clears them.
    const replaced = await call('PUT', `/kit/PUT/${made.id}`, {
      kit_thing: { name: 'Urn', size_in_cm: 31 },
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().data.attributes).toMatchObject({
      name: 'Urn',
      size_in_cm: 31,
      translations: {},
    });
    expect(stale).toBe(before + 1);
    expect((await call('GET', `/kit/PUT/${made.id}`)).json().data.attributes.name).toBe('Urn');

    await create('Bowl', 10);
    const list = (await call('GET', '/kit/PUT')).json();
    expect(list.data.map((r: { attributes: { name: string } }) => r.attributes.name)).toEqual([
      'Bowl',
      'Urn',
    ]);
    expect(list.meta).toMatchObject({ total: 2, page: 1 });
    const found = (await call('GET', '/kit/PUT?search=ur')).json();
    expect(found.data.map((r: { id: string }) => r.id)).toEqual([made.id]);
    expect(found.meta.total).toBe(1);

    expect((await call('DELETE', `/kit/PUT/${made.id}`)).statusCode).toBe(204);
    expect((await call('GET', `/kit/PUT/${made.id}`)).statusCode).toBe(404);
  });

  it('PATCH changes only the fields sent and keeps translations not sent', async () => {
    const made = await create('Jug', 20, '水差し');
    const patched = await call('PATCH', `/kit/PATCH/${made.id}`, { kit_thing: { size_in_cm: 21 } });
    expect(patched.statusCode).toBe(200);
    expect(patched.json().data.attributes).toMatchObject({
      name: 'Jug',
      size_in_cm: 21,
      translations: { ja: { name: '水差し' } },
    });
    const cleared = await call('PATCH', `/kit/PATCH/${made.id}`, {
      kit_thing: { translations: { ja: { name: ' ' } } },
    });
    expect(cleared.json().data.attributes.translations).toEqual({});
  });

  it('answers 422 with one message per field, 404 for a missing member and 403 from the guard', async () => {
    const bad = await call('POST', '/kit/PUT', { kit_thing: { name: '', size_in_cm: 1.5 } });
    expect(bad.statusCode).toBe(422);
    expect(fieldErrors(bad)).toEqual({ name: 'Required', size_in_cm: 'Must be a whole number' });
    const missing = await call('PUT', '/kit/PUT/999999', {
      kit_thing: { name: 'X', size_in_cm: 1 },
    });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().errors[0].detail).toBe('Thing not found');
    expect((await call('GET', '/kit/PUT/999999')).statusCode).toBe(404);
    expect((await call('DELETE', '/kit/PUT/999999')).statusCode).toBe(404);
    expect((await call('GET', '/kit/PUT', undefined, 'teacher')).statusCode).toBe(403);
  });

  it('refuses a delete while rows use the member (409 with the count), and when the key refuses', async () => {
    const used = await create('Lamp', 5);
    await database.db
      .insert(boxes)
      .values([{ thingId: Number(used.id) }, { thingId: Number(used.id) }]);
    expect((await call('GET', `/kit/PUT/${used.id}`)).json().data.attributes.boxes_count).toBe(2);
    const refused = await call('DELETE', `/kit/PUT/${used.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().errors[0]).toMatchObject({
      detail: 'This thing is in use, so it cannot be deleted.',
      meta: { uses: 2 },
    });
    // The PATCH flavour counts no uses: the foreign key refuses, and that is a 409 too.
    const raced = await call('DELETE', `/kit/PATCH/${used.id}`);
    expect(raced.statusCode).toBe(409);
    expect((await call('GET', `/kit/PUT/${used.id}`)).statusCode).toBe(200);
  });
});
