import type { Role } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertUserRows } from './modules/users/users-testing';
import { createTestApp, type TestApp } from './testing/test-app';

// docs/architecture.md#http-contract: authorization comes before the body, the query and the
// path are read. Every route the OpenAPI document marks as needing a bearer token is called with
// all three invalid: a guest must get 401, a signed-in user whose role the route refuses 403,
// and neither a 400 or 422 describing what they sent.

type Operation = { method: string; path: string; url: string };
type Guard = { roles: readonly Role[] | 'any' };

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
const INVALID_BODY = { data: 'not a resource', page: -1, '': null };

/** Every operation of the OpenAPI document that requires bearer security. */
function bearerOperations(t: TestApp): Operation[] {
  const doc = t.app.swagger() as {
    paths: Record<string, Record<string, { security?: Record<string, unknown>[] }>>;
  };
  const operations: Operation[] = [];
  for (const [path, byMethod] of Object.entries(doc.paths)) {
    for (const [method, operation] of Object.entries(byMethod)) {
      if (!operation.security?.some((requirement) => 'bearer' in requirement)) continue;
      // An empty requirement beside bearer is OpenAPI's "or no token": open to visitors (search).
      if (operation.security.some((requirement) => Object.keys(requirement).length === 0)) continue;
      // Path params that no route accepts (ids are digits), and a query no route accepts either.
      const url = `${path.replace(/\{[^}]+\}/g, 'not-an-id')}?page=-1&per_page=x`;
      operations.push({
        method: method.toUpperCase(),
        path: path.replace(/\{([^}]+)\}/g, ':$1'),
        url,
      });
    }
  }
  return operations;
}

/**
 * The guards each route runs at onRequest, read from Fastify's route listing: requireUser, or
 * requireRole(…) whose function name lists the roles it lets through (modules/users/auth.plugin.ts).
 */
function onRequestGuards(t: TestApp): Map<string, Guard[]> {
  const listing = t.app.printRoutes({ commonPrefix: false, includeHooks: true });
  const guards = new Map<string, Guard[]>();
  const segments: string[] = [];
  let current: string[] = [];
  for (const line of listing.split('\n')) {
    const column = line.search(/[^│├└─\s]/);
    if (column < 0) continue;
    const text = line.slice(column);
    const hook = /^• \((\w+)\) (\[.*\])$/.exec(text);
    if (hook) {
      if (hook[1] !== 'onRequest') continue;
      const names = JSON.parse(hook[2] as string) as string[];
      const found = names.flatMap((name): Guard[] => {
        if (name === 'requireUser()') return [{ roles: 'any' }];
        const role = /^requireRole\(([a-z,]*)\)\(\)$/.exec(name);
        return role ? [{ roles: (role[1] as string).split(',') as Role[] }] : [];
      });
      for (const key of current) guards.set(key, found);
      continue;
    }
    const route = /^(.*) \(([A-Z, ]+)\)$/.exec(text);
    const depth = column / 4 - 1;
    segments.length = depth;
    segments[depth] = route ? (route[1] as string) : text;
    const path = segments.join('');
    current = route ? (route[2] as string).split(', ').map((method) => `${method} ${path}`) : [];
  }
  return guards;
}

describe('authorization before validation, on every bearer route', { timeout: 120_000 }, () => {
  let t: TestApp;
  const tokens = {} as Record<Role, string>;

  beforeAll(async () => {
    t = await createTestApp();
    const roles: Role[] = ['student', 'teacher', 'admin'];
    const rows = await insertUserRows(
      t.app.db,
      roles.map((role) => ({
        email: `${role}@route-guards.test`,
        name: role,
        passwordHash: 'unused',
        role,
        confirmedAt: new Date(),
      })),
    );
    for (const [i, role] of roles.entries()) {
      tokens[role] = await t.app.sessions.issueSessionToken({ id: rows[i]?.id ?? 0, role });
    }
  }, 60_000);
  afterAll(() => t.close());

  const call = (operation: Operation, role?: Role) =>
    t.app.inject({
      method: operation.method as 'GET',
      url: operation.url,
      headers: role ? { authorization: `Bearer ${tokens[role]}` } : {},
      ...(BODY_METHODS.has(operation.method) ? { payload: INVALID_BODY } : {}),
    });

  it('guards every bearer route at onRequest: 401 for a guest, 403 for a refused role', async () => {
    const operations = bearerOperations(t);
    const guards = onRequestGuards(t);
    // The walk must have covered the app: signed-in routes and staff-only ones.
    expect(operations.length).toBeGreaterThan(20);
    let staffOnly = 0;
    const failures: string[] = [];
    for (const operation of operations) {
      const key = `${operation.method} ${operation.path}`;
      const found = guards.get(key) ?? [];
      if (found.length === 0) {
        failures.push(`${key}: no requireUser / requireRole at onRequest`);
        continue;
      }
      const guest = await call(operation);
      if (guest.statusCode !== 401) failures.push(`${key} as a guest: ${guest.statusCode}`);
      const refused = (['student', 'teacher'] as const).filter((role) =>
        found.some((guard) => guard.roles !== 'any' && !guard.roles.includes(role)),
      );
      if (refused.includes('student')) staffOnly += 1;
      for (const role of refused) {
        const res = await call(operation, role);
        if (res.statusCode !== 403) failures.push(`${key} as a ${role}: ${res.statusCode}`);
      }
    }
    expect(failures).toEqual([]);
    expect(staffOnly).toBeGreaterThan(10);
  });
});
