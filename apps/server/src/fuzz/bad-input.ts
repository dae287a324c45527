/*
 * Typed bad input for the API fuzz test (openapi-fuzz.test.ts): for every operation of the
 * OpenAPI document, requests that each break one thing — a path parameter, a query parameter, one
 * field of an otherwise plausible body, or the body as a whole — with values a careless or hostile
 * client sends. Deterministic, so a failure names a request that can be replayed.
 */

/** The part of an OpenAPI 3 schema the generator reads. */
export type JsonSchema = {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  format?: string;
  pattern?: string;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
};

export type Operation = {
  method: string;
  path: string;
  pathParams: string[];
  queryParams: string[];
  jsonBody: JsonSchema | null;
  takesMultipart: boolean;
};

export type BadRequest = {
  /** What was broken, for the failure message. */
  label: string;
  method: string;
  url: string;
  headers?: Record<string, string>;
  payload?: string | Buffer;
};

const NUL_TEXT = 'bad\u0000text';
const CONTROL_TEXT = 'bell\u0007escape\u001b[31mdel\u007f';
const HUGE_TEXT = 'x'.repeat(200_000);
const INT_OVER = '2147483648';
const BIGINT_OVER = '9223372036854775808';

/** Values to put where one path parameter goes (already URL-encoded where needed). */
export const BAD_PATH_VALUES: readonly string[] = [
  '0',
  '-1',
  INT_OVER,
  '9999999999',
  BIGINT_OVER,
  '1e3',
  '0x10',
  '%00',
  '%01%1B',
  'x'.repeat(5_000),
  '%E2%80%AE%F0%9F%8E%A8',
  '..%2F..%2Fetc%2Fpasswd',
];

/** Values to put in one query parameter (URL-encoded). */
export const BAD_QUERY_VALUES: readonly string[] = [
  '%00',
  encodeURIComponent(CONTROL_TEXT),
  INT_OVER,
  BIGINT_OVER,
  '-1',
  'x'.repeat(20_000),
  '%7B%22a%22%3A',
];

/** Values to put in place of one body field. */
const BAD_FIELD_VALUES: readonly unknown[] = [
  NUL_TEXT,
  CONTROL_TEXT,
  HUGE_TEXT,
  Number(INT_OVER),
  2 ** 63,
  BIGINT_OVER,
  -1,
  1.5,
  true,
  null,
  {},
  [NUL_TEXT],
];

function typeOf(schema: JsonSchema): string | undefined {
  if (Array.isArray(schema.type)) return schema.type.find((t) => t !== 'null');
  if (schema.type) return schema.type;
  const branch = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  const first = branch?.find((s) => s.type !== 'null');
  return first ? typeOf(first) : undefined;
}

function branchOf(schema: JsonSchema): JsonSchema {
  const branch = schema.anyOf ?? schema.oneOf ?? schema.allOf;
  return branch?.find((s) => s.type !== 'null' && typeOf(s) !== undefined) ?? schema;
}

/** A plausible value for a schema: the starting point each mutation changes one field of. */
export function plausible(schema: JsonSchema, depth = 0): unknown {
  const s = branchOf(schema);
  if (s.enum && s.enum.length > 0) return s.enum[0];
  switch (typeOf(s)) {
    case 'object': {
      if (depth > 6) return {};
      return Object.fromEntries(
        Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v, depth + 1)]),
      );
    }
    case 'array':
      return s.items ? [plausible(s.items, depth + 1)] : [];
    case 'integer':
    case 'number':
      return Math.max(1, s.minimum ?? 1);
    case 'boolean':
      return true;
    case 'string':
      if (s.format === 'email') return 'fuzz@example.test';
      if (s.format === 'date') return '2020-01-01';
      if (s.format === 'date-time') return '2030-01-01T10:00:00Z';
      if (s.pattern?.includes('0-9') || s.pattern?.includes('\\d')) return '1';
      return 'plausible';
    default:
      return 'plausible';
  }
}

/** Paths to every field of a plausible body (['user', 'name'], ['slots', 0, 'start_time'], …). */
function leafPaths(value: unknown, prefix: (string | number)[] = []): (string | number)[][] {
  if (Array.isArray(value)) {
    return value.length === 0 ? [prefix] : leafPaths(value[0], [...prefix, 0]);
  }
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value);
    if (entries.length === 0) return [prefix];
    return entries.flatMap(([k, v]) => [
      ...(v !== null && typeof v === 'object' ? [[...prefix, k]] : []),
      ...leafPaths(v, [...prefix, k]),
    ]);
  }
  return [prefix];
}

function withValueAt(root: unknown, path: (string | number)[], value: unknown): unknown {
  if (path.length === 0) return value;
  const copy: unknown = structuredClone(root);
  let cursor = copy as Record<string | number, unknown>;
  for (const key of path.slice(0, -1)) cursor = cursor[key] as Record<string | number, unknown>;
  cursor[path[path.length - 1] as string | number] = value;
  return copy;
}

function deepNesting(levels: number): string {
  return `${'['.repeat(levels)}${']'.repeat(levels)}`;
}

const json = { 'content-type': 'application/json' };

function multipartCases(method: string, url: string): BadRequest[] {
  const body = '--real\r\nContent-Disposition: form-data; name="name"\r\n\r\nx\r\n--real--\r\n';
  const file =
    '--real\r\nContent-Disposition: form-data; name="avatar"; filename="a.png"\r\nContent-Type: image/png\r\n\r\n\u0089PNG not really\r\n--real--\r\n';
  const cases: [label: string, contentType: string, payload: string][] = [
    ['multipart without a boundary', 'multipart/form-data', body],
    ['multipart with a wrong boundary', 'multipart/form-data; boundary=other', body],
    ['multipart cut short', 'multipart/form-data; boundary=real', body.slice(0, 30)],
    ['multipart with a file that is not an image', 'multipart/form-data; boundary=real', file],
    ['multipart with an empty boundary', 'multipart/form-data; boundary=', body],
  ];
  return cases.map(([label, contentType, payload]) => ({
    label,
    method,
    url,
    headers: { 'content-type': contentType },
    payload,
  }));
}

/**
 * The bad requests for one operation. `fill(param)` gives the value a path parameter takes when it
 * is not the one being broken (the acting user's own id, say), so each request fails on one thing.
 */
export function badRequests(op: Operation, fill: (param: string) => string): BadRequest[] {
  const url = (override: Record<string, string> = {}, query = '') =>
    op.path.replace(/\{(\w+)\}/g, (_, name: string) => override[name] ?? fill(name)) + query;
  const out: BadRequest[] = [];
  const { method } = op;

  for (const param of op.pathParams) {
    for (const value of BAD_PATH_VALUES) {
      out.push({
        label: `path ${param}=${value.slice(0, 40)}`,
        method,
        url: url({ [param]: value }),
      });
    }
  }
  for (const param of op.queryParams) {
    for (const value of BAD_QUERY_VALUES) {
      out.push({
        label: `query ${param}=${value.slice(0, 40)}`,
        method,
        url: url({}, `?${param}=${value}`),
      });
    }
    out.push({ label: `query ${param} twice`, method, url: url({}, `?${param}=1&${param}=2`) });
    out.push({ label: `query ${param}[]`, method, url: url({}, `?${param}[a]=1`) });
  }

  const canHaveBody = method !== 'GET' && method !== 'DELETE';
  if (op.jsonBody) {
    const base = plausible(op.jsonBody);
    for (const path of leafPaths(base)) {
      for (const value of BAD_FIELD_VALUES) {
        out.push({
          label: `body ${path.join('.') || '(root)'}=${JSON.stringify(value)?.slice(0, 40)}`,
          method,
          url: url(),
          headers: json,
          payload: JSON.stringify(withValueAt(base, path, value)),
        });
      }
    }
  }
  if (canHaveBody) {
    const wholeBodies: [string, string][] = [
      ['malformed JSON', '{"a": '],
      ['JSON with a NUL key', '{"\\u0000": 1}'],
      ['an array body', '[1, 2, 3]'],
      ['a string body', '"\\u0000"'],
      ['null body', 'null'],
      ['deeply nested arrays', deepNesting(5_000)],
      ['deeply nested objects', `${'{"a":'.repeat(3_000)}1${'}'.repeat(3_000)}`],
      [
        'a prototype-polluting body',
        '{"__proto__": {"role": "admin"}, "constructor": {"prototype": {"x": 1}}}',
      ],
    ];
    for (const [label, payload] of wholeBodies) {
      out.push({ label, method, url: url(), headers: json, payload });
    }
    out.push({ label: 'JSON declared, not sent', method, url: url(), headers: json, payload: '' });
    out.push(...multipartCases(method, url()));
  }
  return out;
}

/** Reads the operations of an OpenAPI 3 document. */
export function operationsOf(document: {
  paths?: Record<string, Record<string, unknown>>;
}): Operation[] {
  const ops: Operation[] = [];
  for (const [path, item] of Object.entries(document.paths ?? {})) {
    for (const [method, raw] of Object.entries(item)) {
      const op = raw as {
        parameters?: { in: string; name: string }[];
        requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
      };
      const content = op.requestBody?.content ?? {};
      ops.push({
        method: method.toUpperCase(),
        path,
        pathParams: (op.parameters ?? []).filter((p) => p.in === 'path').map((p) => p.name),
        queryParams: (op.parameters ?? []).filter((p) => p.in === 'query').map((p) => p.name),
        jsonBody: content['application/json']?.schema ?? null,
        takesMultipart: 'multipart/form-data' in content,
      });
    }
  }
  return ops;
}

/** What a response body must never show: a stack, SQL or a file path. */
export const LEAKS: readonly [string, RegExp][] = [
  ['a stack frame', /\bat [\w.<>$ ]*\(?[^()\s]*:\d+:\d+\)?/],
  ['a file path', /node_modules|\/apps\/server|\/src\/modules|file:\/\/|\.ts:\d+/],
  [
    'SQL',
    /\b(select|insert into|update|delete from)\b[^"]{0,200}\b(from|values|set|where)\b|syntax error at or near|violates \w+ (key )?constraint|invalid input syntax|out of range for type|SQLSTATE|pglite|drizzle/i,
  ],
];
