import type { Role } from '@atelier/contract';
import { Ajv, type ValidateFunction } from 'ajv';
import addFormatsPlugin from 'ajv-formats';
import { inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_ACCOUNTS } from './db/demo-accounts';
import { galleryContextOf, seedDemoGallery } from './modules/gallery';
import { users } from './modules/users/users.tables';
import { seedDemo } from './seed/demo-seed';
import { createTestApp, type TestApp } from './testing/test-app';

// The served document says what each answer looks like (docs/decisions/048-openapi-document-checked-by-others.md):
// every GET operation is called on the demo data as a guest and as each role, and every answer
// whose status the document lists is checked against it with ajv, a validator we did not write.
// An answer with a status the document does not list fails too.

// ajv-formats is CommonJS: its default export arrives wrapped under ESM interop.
const addFormats =
  (addFormatsPlugin as unknown as { default?: typeof addFormatsPlugin }).default ??
  addFormatsPlugin;

type Schema = Record<string, unknown>;
type Response = { content?: Record<string, { schema?: Schema }> };
type Operation = {
  parameters?: { in: string; name: string; required?: boolean }[];
  responses: Record<string, Response>;
};
type Document = { paths: Record<string, Record<string, Operation>> };
type Caller = 'guest' | Role;

const CALLERS: Caller[] = ['guest', 'student', 'teacher', 'admin'];

/**
 * OpenAPI 3.0's schema dialect as JSON Schema for ajv: `nullable` becomes a type that admits
 * null, and the boolean exclusiveMinimum/Maximum their numeric form.
 */
function jsonSchemaOf(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(jsonSchemaOf);
  if (typeof node !== 'object' || node === null) return node;
  const source = node as Schema;
  const out: Schema = {};
  for (const [key, value] of Object.entries(source)) {
    if (key === 'nullable' || key === 'example') continue;
    // Property names are not keywords: map each property's schema, whatever it is called.
    out[key] =
      key === 'properties' && value && typeof value === 'object'
        ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, jsonSchemaOf(v)]))
        : jsonSchemaOf(value);
  }
  for (const [bound, limit] of [
    ['exclusiveMinimum', 'minimum'],
    ['exclusiveMaximum', 'maximum'],
  ] as const) {
    if (source[bound] === true) {
      out[bound] = source[limit];
      delete out[limit];
    } else if (source[bound] === false) delete out[bound];
  }
  if (source.nullable !== true) return out;
  if (typeof out.type === 'string') return { ...out, type: [out.type, 'null'] };
  return { anyOf: [out, { type: 'null' }] };
}

let t: TestApp;
let doc: Document;
const tokens = new Map<Caller, string>();
const ownIds = new Map<Caller, number>();
const ajv = new Ajv({ strict: false, allErrors: true });
addFormats(ajv);
const validators = new Map<string, ValidateFunction>();

const headersOf = (who: Caller) => {
  const token = tokens.get(who);
  return token ? { authorization: `Bearer ${token}` } : {};
};

async function get(url: string, who: Caller, accept?: string) {
  return t.app.inject({
    method: 'GET',
    url,
    headers: { ...headersOf(who), ...(accept ? { accept } : {}) },
  });
}

/** The first resource of the first list that has one, read as `who` or else as an admin. */
async function firstOf(
  lists: string[],
  who: Caller,
  pick: (r: Schema) => unknown = (r) => r.id,
): Promise<string> {
  for (const reader of [who, 'admin'] as const) {
    for (const list of lists) {
      const res = await get(list, reader);
      const data = res.statusCode === 200 ? (res.json() as { data?: unknown }).data : undefined;
      const first = Array.isArray(data) ? (data[0] as Schema | undefined) : undefined;
      if (first) return String(pick(first));
    }
  }
  return '0';
}

const attribute = (name: string) => (r: Schema) => (r.attributes as Schema)[name];
const now = new Date();
const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000).toISOString();

/**
 * Where a path parameter's value comes from when the list is not the path up to it: several
 * lists (a caller's own, then everyone's), or an attribute rather than the id.
 */
const SOURCES: Record<string, { lists: () => string[]; pick?: (r: Schema) => unknown }> = {
  '/api/v1/catalogue/klass_groups/{slug}': {
    lists: () => ['/api/v1/catalogue/klass_groups'],
    pick: attribute('slug'),
  },
  '/api/v1/catalogue/klass_group_schedules/{id}': {
    lists: () => ['/api/v1/klass_group_schedules'],
  },
  '/api/v2/klass_group_schedules/{id}/waitlist': { lists: () => ['/api/v1/klass_group_schedules'] },
  '/api/v1/klasses/{id}/attendances': {
    lists: () => [`/api/v1/calendar/klasses?${calendarRange}`],
  },
  '/api/v2/orders/{id}': { lists: () => ['/api/v2/orders', '/api/v2/admin/orders'] },
  '/api/v2/orders/{id}/refunds': { lists: () => ['/api/v2/orders', '/api/v2/admin/orders'] },
  '/api/v1/messages/{id}': { lists: () => ['/api/v1/messages', '/api/v1/messages/received'] },
  '/api/v1/photo_boxes/{box}': { lists: () => ['/api/v1/photo_boxes'], pick: attribute('token') },
};

/** A URL to call for `path` as `who`: path parameters of real resources, required queries. */
async function urlFor(path: string, who: Caller): Promise<string> {
  let url = path;
  if (path === '/api/v1/users/{id}/attendee_profiles') {
    url = path.replace('{id}', String(ownIds.get(who) ?? ownIds.get('student')));
  } else if (path === '/api/v1/calendar/{token}.ics') {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/calendar/feed',
      headers: headersOf(who === 'guest' ? 'student' : who),
    });
    url = new URL(String(res.json().data.attributes.url)).pathname;
  } else {
    for (const match of path.matchAll(/\{(\w+)\}/g)) {
      const source = SOURCES[path] ?? { lists: () => [path.slice(0, match.index - 1)] };
      // Mailed-link tokens cannot be listed: an unknown one is a documented 404.
      const value =
        match[1] === 'token' ? 'no-such-token' : await firstOf(source.lists(), who, source.pick);
      url = url.replace(match[0], value);
    }
  }
  const query = QUERIES[path];
  return query ? `${url}?${await query()}` : url;
}

const calendarRange = `from=${encodeURIComponent(inDays(-30))}&to=${encodeURIComponent(inDays(60))}`;

/** Required queries, with values that find something in the demo data. */
const QUERIES: Record<string, () => Promise<string>> = {
  '/api/v1/search': async () => 'q=dra',
  '/api/v1/calendar/klasses': async () => calendarRange,
  '/api/v2/admin/sales': async () =>
    `from=${inDays(-365).slice(0, 10)}&to=${inDays(0).slice(0, 10)}`,
  '/api/v1/guests/cart_items': guestCart,
  '/api/v1/guests/cart_items/0': guestCart,
};

async function guestCart(): Promise<string> {
  const schedule = await firstOf(['/api/v1/klass_group_schedules'], 'admin');
  const params = [
    { klass_group_schedule_id: schedule, number_of_attendees: 1, coupon_code: '', addon_ids: [] },
  ];
  return `cart_item_params=${encodeURIComponent(JSON.stringify(params))}`;
}

function validatorFor(key: string, schema: Schema): ValidateFunction {
  let validate = validators.get(key);
  if (!validate) {
    validate = ajv.compile(jsonSchemaOf(schema) as Schema);
    validators.set(key, validate);
  }
  return validate;
}

type Call = { path: string; who: Caller; status: number; problem?: string };

/** Calls `path` as `who` (once per documented content type) and says where it breaks the document. */
async function check(path: string, operation: Operation, who: Caller): Promise<Call[]> {
  const url = await urlFor(path, who);
  const types = new Set(
    Object.values(operation.responses).flatMap((r) => Object.keys(r.content ?? {})),
  );
  const accepts = [undefined, ...[...types].filter((type) => type !== 'application/json')];
  const calls: Call[] = [];
  for (const accept of accepts) {
    const res = await get(url, who, accept);
    const call: Call = {
      path: `${url}${accept ? ` (${accept})` : ''}`,
      who,
      status: res.statusCode,
    };
    calls.push(call);
    const documented = operation.responses[String(res.statusCode)];
    if (!documented) {
      call.problem = `status ${res.statusCode} is not documented: ${res.body.slice(0, 300)}`;
      continue;
    }
    const contentType = String(res.headers['content-type'] ?? '').split(';')[0] ?? '';
    if (!documented.content) {
      if (res.body !== '') call.problem = `documents no body but answered ${contentType}`;
      continue;
    }
    const media = documented.content[contentType];
    if (!media) {
      call.problem = `answered ${contentType || 'no content type'}, documented ${Object.keys(documented.content)}`;
      continue;
    }
    // Other content types (iCalendar, CSV) are text the document only names.
    if (contentType !== 'application/json' || !media.schema) continue;
    const validate = validatorFor(`${path} ${res.statusCode} ${contentType}`, media.schema);
    if (!validate(res.json())) {
      call.problem = ajv.errorsText(validate.errors?.slice(0, 5), { separator: '\n  ' });
    }
  }
  return calls;
}

beforeAll(async () => {
  t = await createTestApp();
  await seedDemo(t.app.db);
  await seedDemoGallery(galleryContextOf(t.app));
  const demo = await t.app.db
    .select({ id: users.id, role: users.role, email: users.email })
    .from(users)
    .where(
      inArray(
        users.email,
        DEMO_ACCOUNTS.map((a) => a.email),
      ),
    );
  for (const role of ['student', 'teacher', 'admin'] as const) {
    const account = DEMO_ACCOUNTS.find((a) => a.role === role);
    const user = demo.find((u) => u.email === account?.email);
    if (!user) throw new Error(`no demo ${role}`);
    ownIds.set(role, user.id);
    tokens.set(role, await t.app.sessions.issueSessionToken({ id: user.id, role }));
  }
  doc = t.app.swagger() as unknown as Document;
}, 120_000);

afterAll(async () => {
  await t?.close();
});

describe('the served OpenAPI document against the answers', () => {
  it('converts OpenAPI 3.0 nullable and exclusive bounds for ajv', () => {
    expect(jsonSchemaOf({ type: 'string', enum: ['a', null], nullable: true })).toEqual({
      type: ['string', 'null'],
      enum: ['a', null],
    });
    expect(jsonSchemaOf({ allOf: [{ type: 'object' }], nullable: true })).toEqual({
      anyOf: [{ allOf: [{ type: 'object' }] }, { type: 'null' }],
    });
    expect(jsonSchemaOf({ type: 'integer', minimum: 0, exclusiveMinimum: true })).toEqual({
      type: 'integer',
      exclusiveMinimum: 0,
    });
  });

  it('every GET answers guests, students, teachers and admins as documented', async () => {
    const calls: Call[] = [];
    for (const [path, item] of Object.entries(doc.paths)) {
      const operation = item.get;
      if (!operation) continue;
      for (const who of CALLERS) calls.push(...(await check(path, operation, who)));
    }
    const wrong = calls
      .filter((c) => c.problem)
      .map((c) => `GET ${c.path} as ${c.who} → ${c.status}: ${c.problem}`);
    expect(wrong).toEqual([]);
    // The walk reached real resources: most operations answered someone with 200.
    const succeeded = new Set(calls.filter((c) => c.status === 200).map((c) => c.path));
    expect(succeeded.size).toBeGreaterThan(40);
  }, 120_000);
});
