import { readdirSync, readFileSync } from 'node:fs';
import { join, posix, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// The module boundaries of docs/decisions/054-module-boundaries.md, checked on the import graph of
// apps/server/src: what biome's noRestrictedImports cannot say (which layer a file is in, who may
// run a query, cycles between modules). Each rule is proved on a small in-memory graph below.

const SRC = fileURLToPath(new URL('./', import.meta.url));

/**
 * The places that still break a rule, one `rule from -> to` per line: none today. The list may
 * only shrink: an entry that no longer matches a violation fails the test, so fixing one means
 * deleting its line, and a new violation is fixed rather than listed here.
 */
const ALLOWED = new Set<string>([]);

type Layer = 'lib' | 'infra' | 'module' | 'read-model' | 'app' | 'testing';
const RANK: Record<Layer, number> = {
  lib: 0,
  infra: 1,
  module: 2,
  'read-model': 3,
  app: 4,
  testing: 5,
};

type FileInfo = {
  path: string;
  layer: Layer;
  /** The module or read model a file belongs to, or its top folder (`mail`, `db`, …). */
  owner: string;
  /** `*.test.ts` files and the test helpers in testing/ and fuzz/: free of the layering rules. */
  test: boolean;
  role: 'tables' | 'repository' | 'queries' | 'routes' | 'testing-helper' | 'other';
};

type Import = { to: string; typeOnly: boolean; names: string[] };

/** Where a file sits, from its path relative to src/. */
function classify(path: string): FileInfo {
  const parts = path.split('/');
  const name = parts[parts.length - 1] ?? path;
  const test = name.endsWith('.test.ts') || parts[0] === 'testing' || parts[0] === 'fuzz';
  let layer: Layer;
  let owner = parts.length > 1 ? (parts[0] ?? path) : 'app';
  // config.ts only parses the environment: everything may read its type.
  if (parts[0] === 'lib' || path === 'config.ts') layer = 'lib';
  else if (parts[0] === 'modules') {
    layer = 'module';
    owner = parts[1] ?? owner;
  } else if (parts[0] === 'read-models') {
    layer = 'read-model';
    owner = parts[1] ?? owner;
  } else if (parts[0] === 'testing' || parts[0] === 'fuzz') layer = 'testing';
  else if (parts.length === 1) layer = 'app';
  else if (parts[0] === 'seed' || parts[0] === 'scale-out') layer = 'app';
  else layer = 'infra';
  const role = name.endsWith('.tables.ts')
    ? 'tables'
    : // A module's demo seed writes its own tables, as its repositories do.
      name.endsWith('.repository.ts') || name.endsWith('.seed.ts')
      ? 'repository'
      : name.endsWith('.queries.ts')
        ? 'queries'
        : name.endsWith('.routes.ts')
          ? 'routes'
          : name.endsWith('-testing.ts')
            ? 'testing-helper'
            : 'other';
  return { path, layer, owner, test, role };
}

/** Every import and re-export of a file, relative ones resolved against `exists`. */
function importsOf(path: string, source: string, exists: (p: string) => boolean): Import[] {
  const file = ts.createSourceFile(path, source, ts.ScriptTarget.Latest, false);
  const found: Import[] = [];
  const resolve = (spec: string) => {
    if (!spec.startsWith('.')) return spec;
    const base = posix.join(posix.dirname(path), spec).replace(/\.js$/, '');
    for (const candidate of [`${base}.ts`, `${base}/index.ts`, base]) {
      if (exists(candidate)) return candidate;
    }
    return base;
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const bindings = clause?.namedBindings;
      const named = bindings && ts.isNamedImports(bindings) ? [...bindings.elements] : [];
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            named.length > 0 &&
            named.every((element) => element.isTypeOnly)));
      found.push({
        to: resolve(node.moduleSpecifier.text),
        typeOnly,
        names: named.filter((e) => !e.isTypeOnly).map((e) => e.name.text),
      });
    } else if (
      ts.isExportDeclaration(node) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    ) {
      found.push({ to: resolve(node.moduleSpecifier.text), typeOnly: node.isTypeOnly, names: [] });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteral(node.arguments[0])
    ) {
      found.push({ to: resolve(node.arguments[0].text), typeOnly: false, names: [] });
    }
    ts.forEachChild(node, visit);
  };
  visit(file);
  return found;
}

// A query run on a database handle or a transaction (`db.select(`, `ctx.db.insert(`, `tx.execute(`).
const QUERY_CALL =
  /\b(db|tx|trx|database)\s*\.\s*(select|selectDistinct|selectDistinctOn|insert|update|delete|execute|query)\b/g;
const WRITE_CALL = /\b(db|tx|trx|database)\s*\.\s*(insert|update|delete|execute)\b/g;
const call = (match: RegExpMatchArray) => `${match[1]}.${match[2]}`;

// Raw SQL that names a table (`from orders o`, `join "enrollments" e`): the import graph cannot see
// it, so each repository's text is matched against every module's table names.
const TABLE_DECLARATION = /pgTable\(\s*['"]([a-z_]+)['"]/g;
const RAW_TABLE_REFERENCE = /\b(?:from|join)\s+"?([a-z_]+)"?/gi;
const withoutComments = (source: string) =>
  source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');

/** Which owner (module, or infrastructure folder) declares each table, by its SQL name. */
function tableOwners(files: Map<string, string>): Map<string, string> {
  const owners = new Map<string, string>();
  for (const [path, source] of files) {
    const file = classify(path);
    if (file.role !== 'tables') continue;
    for (const match of source.matchAll(TABLE_DECLARATION)) {
      if (match[1]) owners.set(match[1], file.owner);
    }
  }
  return owners;
}

type Violation = { rule: string; from: string; to: string };
const key = (v: Violation) => `${v.rule} ${v.from} -> ${v.to}`;

/** Every broken rule in a graph of files (path relative to src/ → source). */
function violations(files: Map<string, string>): Violation[] {
  const found: Violation[] = [];
  const info = new Map([...files.keys()].map((path) => [path, classify(path)]));
  const moduleEdges = new Map<string, Map<string, Violation[]>>();
  const owners = tableOwners(files);

  for (const [path, source] of files) {
    const from = info.get(path) as FileInfo;
    if (from.test) continue;
    const testHelper = from.role === 'testing-helper';
    for (const imp of importsOf(path, source, (p) => files.has(p))) {
      const to = info.get(imp.to);
      if (imp.to === 'drizzle-orm' || imp.to.startsWith('drizzle-orm/')) {
        const mayQuery =
          from.role === 'repository' ||
          from.role === 'tables' ||
          from.role === 'queries' ||
          from.owner === 'db';
        if (!imp.typeOnly && !mayQuery && !testHelper) {
          found.push({ rule: 'query-outside-repository', from: path, to: imp.to });
        }
        continue;
      }
      if (!to) continue;
      if (RANK[to.layer] > RANK[from.layer] && !(testHelper && to.role === 'testing-helper')) {
        found.push({ rule: 'upward', from: path, to: imp.to });
      }
      if (testHelper) continue;
      if (to.role === 'tables') {
        if (from.role === 'repository' || from.role === 'tables') {
          if (to.owner !== from.owner && from.role === 'repository') {
            found.push({ rule: 'foreign-tables', from: path, to: imp.to });
          }
        } else if (from.role !== 'queries' && from.owner !== 'db' && from.layer !== 'app') {
          found.push({ rule: 'tables-outside-repository', from: path, to: imp.to });
        }
      }
      if (from.role === 'routes' && to.role === 'repository') {
        found.push({ rule: 'route-imports-repository', from: path, to: imp.to });
      }
      if (from.layer === 'module' && to.layer === 'module' && to.owner !== from.owner) {
        const edges = moduleEdges.get(from.owner) ?? new Map<string, Violation[]>();
        const list = edges.get(to.owner) ?? [];
        list.push({ rule: 'module-cycle', from: path, to: imp.to });
        moduleEdges.set(from.owner, edges.set(to.owner, list));
      }
    }
    if (testHelper) continue;
    if (from.role === 'repository' && from.layer === 'module') {
      for (const match of withoutComments(source).matchAll(RAW_TABLE_REFERENCE)) {
        const table = match[1]?.toLowerCase() ?? '';
        const owner = owners.get(table);
        if (owner !== undefined && owner !== from.owner) {
          found.push({ rule: 'foreign-sql', from: path, to: table });
        }
      }
    }
    const mayQuery = from.role === 'repository' || from.role === 'queries' || from.owner === 'db';
    for (const match of source.matchAll(QUERY_CALL)) {
      if (!mayQuery) found.push({ rule: 'query-outside-repository', from: path, to: call(match) });
    }
    if (from.role === 'queries') {
      for (const match of source.matchAll(WRITE_CALL)) {
        found.push({ rule: 'read-model-writes', from: path, to: call(match) });
      }
    }
  }

  // Every import between two modules of one strongly connected component is part of a cycle.
  for (const component of stronglyConnected(moduleEdges)) {
    if (component.size < 2) continue;
    for (const from of component) {
      for (const [to, edges] of moduleEdges.get(from) ?? []) {
        if (component.has(to)) found.push(...edges);
      }
    }
  }
  return dedupe(found);
}

function dedupe(list: Violation[]): Violation[] {
  const seen = new Map(list.map((v) => [key(v), v]));
  return [...seen.values()];
}

/** Tarjan's algorithm on the module graph. */
function stronglyConnected(edges: Map<string, Map<string, unknown>>): Set<string>[] {
  const nodes = new Set([...edges.keys(), ...[...edges.values()].flatMap((e) => [...e.keys()])]);
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: Set<string>[] = [];
  let next = 0;
  const connect = (node: string) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const to of edges.get(node)?.keys() ?? []) {
      if (!index.has(to)) {
        connect(to);
        low.set(node, Math.min(low.get(node) as number, low.get(to) as number));
      } else if (onStack.has(to)) {
        low.set(node, Math.min(low.get(node) as number, index.get(to) as number));
      }
    }
    if (low.get(node) === index.get(node)) {
      const component = new Set<string>();
      let member: string | undefined;
      do {
        member = stack.pop() as string;
        onStack.delete(member);
        component.add(member);
      } while (member !== node);
      components.push(component);
    }
  };
  for (const node of nodes) if (!index.has(node)) connect(node);
  return components;
}

function sourceFiles(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of readdirSync(dir, { withFileTypes: true })) {
      const path = join(dir, entry.name);
      if (entry.isDirectory()) walk(path);
      else if (entry.name.endsWith('.ts') && !entry.name.endsWith('.d.ts')) {
        files.set(relative(SRC, path).split('\\').join('/'), readFileSync(path, 'utf8'));
      }
    }
  };
  walk(SRC);
  return files;
}

describe('the import graph of apps/server/src', () => {
  const found = violations(sourceFiles()).map(key);

  it('breaks no module boundary beyond the allow-list', () => {
    if (process.env.PRINT_GRAPH) console.log(found.map((v) => `  '${v}',`).join('\n'));
    expect(found.filter((v) => !ALLOWED.has(v))).toEqual([]);
  });

  it('allows nothing that is already fixed (the allow-list only shrinks)', () => {
    expect([...ALLOWED].filter((v) => !found.includes(v))).toEqual([]);
  });
});

/** A graph of probe files, each given as its path and its import lines or body. */
const graph = (entries: Record<string, string>) => new Map(Object.entries(entries));
const rulesOf = (entries: Record<string, string>) => violations(graph(entries)).map(key);

describe('each rule catches what it forbids', () => {
  const tables = {
    'modules/classes/classes.tables.ts': "import { pgTable } from 'drizzle-orm/pg-core';",
    'modules/users/users.tables.ts': "import { pgTable } from 'drizzle-orm/pg-core';",
    'modules/users/index.ts': 'export const user = 1;',
    'modules/classes/index.ts': 'export const klass = 1;',
  };

  it('a repository importing another module’s tables', () => {
    expect(
      rulesOf({
        ...tables,
        'modules/classes/plans.repository.ts': [
          "import { eq } from 'drizzle-orm';",
          "import { plans } from './classes.tables';",
          "import { users } from '../users/users.tables';",
          'db.select().from(plans);',
        ].join('\n'),
      }),
    ).toEqual([
      'foreign-tables modules/classes/plans.repository.ts -> modules/users/users.tables.ts',
    ]);
  });

  it('a repository naming another module’s table in raw SQL, but not its own or in a comment', () => {
    expect(
      rulesOf({
        'modules/classes/classes.tables.ts': "export const klasses = pgTable('klasses', {});",
        'modules/users/users.tables.ts': "export const users = pgTable(\n  'users', {});",
        'modules/classes/klasses.repository.ts': [
          "import { klasses } from './classes.tables';",
          '// the teacher comes from users, asked of the users module',
          'db.execute(sql`select k.id from klasses k join users u on u.id = k.teacher_id`);',
          'db.execute(sql`select 1 from "users"`);',
          'db.select().from(klasses);',
        ].join('\n'),
      }),
    ).toEqual(['foreign-sql modules/classes/klasses.repository.ts -> users']);
  });

  it('a tables file naming a lower module’s tables for a foreign key, but no cycle of them', () => {
    expect(
      rulesOf({
        ...tables,
        'modules/classes/classes.tables.ts': "import { users } from '../users/users.tables';",
      }),
    ).toEqual([]);
    expect(
      rulesOf({
        ...tables,
        'modules/classes/classes.tables.ts': "import { users } from '../users/users.tables';",
        'modules/users/users.tables.ts': "import { klasses } from '../classes/classes.tables';",
      }).sort(),
    ).toEqual([
      'module-cycle modules/classes/classes.tables.ts -> modules/users/users.tables.ts',
      'module-cycle modules/users/users.tables.ts -> modules/classes/classes.tables.ts',
    ]);
  });

  it('a service importing a tables file, a query helper, or running a query', () => {
    expect(
      rulesOf({
        ...tables,
        'modules/classes/plans.service.ts': [
          "import { eq } from 'drizzle-orm';",
          "import type { SQL } from 'drizzle-orm';",
          "import { plans } from './classes.tables';",
          'await ctx.db.select().from(plans);',
          'await ctx.db.transaction(async (tx) => repo.save(tx));',
          'seen.delete(id);',
        ].join('\n'),
      }),
    ).toEqual([
      'query-outside-repository modules/classes/plans.service.ts -> drizzle-orm',
      'tables-outside-repository modules/classes/plans.service.ts -> modules/classes/classes.tables.ts',
      'query-outside-repository modules/classes/plans.service.ts -> db.select',
    ]);
  });

  it('a route importing a repository', () => {
    expect(
      rulesOf({
        'modules/users/session.routes.ts': "import { findUser } from './users.repository';",
        'modules/users/users.repository.ts': 'export const findUser = 1;',
      }),
    ).toEqual([
      'route-imports-repository modules/users/session.routes.ts -> modules/users/users.repository.ts',
    ]);
  });

  it('two modules importing each other, or a cycle through several', () => {
    expect(
      rulesOf({
        ...tables,
        'modules/orders/index.ts': "export * from './orders.service';",
        'modules/orders/orders.service.ts': "import { user } from '../users';",
        'modules/users/users.service.ts': "import { klass } from '../classes';",
        'modules/classes/classes.service.ts': "import { order } from '../orders';",
      }).sort(),
    ).toEqual([
      'module-cycle modules/classes/classes.service.ts -> modules/orders/index.ts',
      'module-cycle modules/orders/orders.service.ts -> modules/users/index.ts',
      'module-cycle modules/users/users.service.ts -> modules/classes/index.ts',
    ]);
    expect(
      rulesOf({
        ...tables,
        'modules/orders/orders.service.ts': "import { user } from '../users';",
      }),
    ).toEqual([]);
  });

  it('an upward import: a module reaching a read model, the app, the seed or the test helpers', () => {
    expect(
      rulesOf({
        'app.ts': 'export const buildApp = 1;',
        'seed/demo-seed.ts': 'export const seed = 1;',
        'testing/test-app.ts': "import { buildApp } from '../app';",
        'read-models/search/search.service.ts': "import { user } from '../../modules/users';",
        'modules/users/index.ts': 'export const user = 1;',
        'modules/users/users.service.ts': [
          "import { search } from '../../read-models/search/search.service';",
          "import { buildApp } from '../../app';",
          "import { seed } from '../../seed/demo-seed';",
        ].join('\n'),
        'modules/users/users-testing.ts': [
          "import type { TestApp } from '../../testing/test-app';",
          "import { signIn } from '../classes/classes-testing';",
        ].join('\n'),
        'modules/classes/classes-testing.ts': 'export const signIn = 1;',
        'modules/users/users.routes.test.ts':
          "import { createTestApp } from '../../testing/test-app';",
        'lib/clock.ts': "import { user } from '../modules/users';",
      }),
    ).toEqual([
      'upward modules/users/users.service.ts -> read-models/search/search.service.ts',
      'upward modules/users/users.service.ts -> app.ts',
      'upward modules/users/users.service.ts -> seed/demo-seed.ts',
      'upward modules/users/users-testing.ts -> testing/test-app.ts',
      'upward lib/clock.ts -> modules/users/index.ts',
    ]);
  });

  it('a read model’s queries read any module’s tables but write none', () => {
    expect(
      rulesOf({
        ...tables,
        'read-models/search/search.queries.ts': [
          "import { eq } from 'drizzle-orm';",
          "import { users } from '../../modules/users/users.tables';",
          "import { klasses } from '../../modules/classes/classes.tables';",
          'db.select().from(users);',
          'db.update(klasses).set({});',
        ].join('\n'),
        'read-models/search/search.service.ts':
          "import { users } from '../../modules/users/users.tables';",
      }).sort(),
    ).toEqual([
      'read-model-writes read-models/search/search.queries.ts -> db.update',
      'tables-outside-repository read-models/search/search.service.ts -> modules/users/users.tables.ts',
    ]);
  });
});
