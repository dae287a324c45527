/*
 * The web's layers (docs/architecture.md#repository-layout-and-layers), as a check over import
 * statements: app/layers.test.ts runs it on every file of apps/web/src, so a build with an import
 * that runs back up the layers fails. Biome's noRestrictedImports matches import strings only; it
 * cannot tell a feature's own `./cart-slice` from another feature's `../cart/cart-slice`, so the
 * rules that need the importer's place live here.
 *
 *   app/          the shell, router, store, providers, routes: may import everything below it
 *   features/<f>/ its endpoints, state, components; others import it through its index.ts only
 *   components/   the kit: imports no feature and no app/
 *   lib/, i18n/   imports no feature, no app/ and no kit
 *   testing/      test helpers: builds the real app for tests; shipped code never imports it
 */

/** A source file: its path under src/ ('features/cart/cart-slice.ts') and its text. */
export type SourceFile = { path: string; source: string };

/** One import that breaks a layer rule. */
export type LayerViolation = { file: string; imports: string; rule: string };

const IMPORT_PATTERNS = [
  // import x from '…', import { x } from '…', import type …, export … from '…'
  /\b(?:import|export)\s+(?:type\s+)?[^'"`;]*?\sfrom\s*['"]([^'"]+)['"]/g,
  // import '…' (side effects only)
  /\bimport\s*['"]([^'"]+)['"]/g,
  // import('…'), typeof import('…')
  /\bimport\(\s*['"]([^'"]+)['"]\s*\)/g,
];

/** Comments may quote import statements; they import nothing. */
function withoutComments(source: string): string {
  return source.replace(/\/\*[\s\S]*?\*\//g, '').replace(/^\s*\/\/.*$/gm, '');
}

/** Every module specifier a file imports (static, re-export or dynamic). */
export function importSpecifiers(source: string): string[] {
  const code = withoutComments(source);
  const found = new Set<string>();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of code.matchAll(pattern)) if (match[1]) found.add(match[1]);
  }
  return [...found];
}

/** The path under src/ that a relative specifier names, without extension; null for packages. */
export function resolveSpecifier(fromFile: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const parts = fromFile.split('/').slice(0, -1);
  for (const segment of specifier.split('/')) {
    if (segment === '.' || segment === '') continue;
    if (segment === '..') parts.pop();
    else parts.push(segment);
  }
  return parts.join('/').replace(/\.(tsx?|jsx?)$/, '');
}

function isTest(path: string): boolean {
  return /\.test\.tsx?$/.test(path) || path.startsWith('testing/');
}

/** The feature a path belongs to, and whether it is that feature's public index. */
function featureOf(path: string): { name: string; isIndex: boolean } | null {
  const match = /^features\/([^/]+)(?:\/(.*))?$/.exec(path);
  if (!match?.[1]) return null;
  const rest = match[2] ?? '';
  return { name: match[1], isIndex: rest === '' || rest === 'index' };
}

function layerOf(path: string): string {
  return path.split('/')[0] ?? '';
}

/** The rule `file` breaks by importing `target` (a path under src/), or null. */
function brokenRule(file: string, target: string): string | null {
  const from = layerOf(file);
  const to = layerOf(target);
  const targetFeature = featureOf(target);
  const ownFeature = featureOf(file);

  if (targetFeature && !targetFeature.isIndex && ownFeature?.name !== targetFeature.name) {
    return `only features/${targetFeature.name}/index.ts is public: import '…/features/${targetFeature.name}'`;
  }
  // Tests may set up the assembled app around the code they prove (the real store, the shell's
  // state, the whole route table): those imports ship nowhere.
  if (isTest(file)) return null;
  if (to === 'testing') return 'shipped code never imports testing/';
  if ((from === 'components' || from === 'lib' || from === 'i18n') && to === 'features') {
    return `${from}/ imports no feature`;
  }
  if (to === 'app' && from !== 'app' && file !== 'main.tsx') {
    return 'only app/ (and main.tsx) imports app/';
  }
  if ((from === 'lib' || from === 'i18n') && to === 'components') {
    return `${from}/ sits below the kit: it imports nothing from components/`;
  }
  return null;
}

/** Every import in `files` that runs back up the layers. */
export function layerViolations(files: SourceFile[]): LayerViolation[] {
  const violations: LayerViolation[] = [];
  for (const { path, source } of files) {
    if (path.endsWith('.d.ts')) continue;
    for (const specifier of importSpecifiers(source)) {
      const target = resolveSpecifier(path, specifier);
      if (target === null) continue;
      const rule = brokenRule(path, target);
      if (rule) violations.push({ file: path, imports: specifier, rule });
    }
  }
  return violations;
}

/**
 * Files of thunks that orchestrate a session around a call (a token, a store reset, the live
 * connection): no hook or endpoint lifecycle can do that, so they stay thunks
 * (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md). None is a slice: a slice is
 * checked whatever this list says.
 */
export const ORCHESTRATING_THUNKS = [
  'features/session/session-steps.ts',
  'features/accounts/accounts-session.ts',
];

function isSlice(path: string): boolean {
  return /-slice\.tsx?$/.test(path);
}

/**
 * Shipped files that would give server data a second home beside RTK Query's cache (decision 056):
 * any slice that imports an api module (it follows, and so copies, an endpoint's answers), and a
 * `createAsyncThunk` outside the session's orchestration. No slice is let through, the session's
 * included: its steps live in their own file and set the slice through its plain actions.
 */
export function serverDataViolations(files: SourceFile[]): LayerViolation[] {
  const violations: LayerViolation[] = [];
  for (const { path, source } of files) {
    if (isTest(path) || path.endsWith('.d.ts')) continue;
    if (isSlice(path)) {
      for (const specifier of importSpecifiers(source)) {
        const target = resolveSpecifier(path, specifier);
        if (target === 'lib/api' || target?.endsWith('-api')) {
          violations.push({
            file: path,
            imports: specifier,
            rule: 'a slice holds client-only state: server data lives in the api cache',
          });
        }
      }
    }
    if (
      /\bcreateAsyncThunk\b/.test(withoutComments(source)) &&
      (isSlice(path) || !ORCHESTRATING_THUNKS.includes(path))
    ) {
      violations.push({
        file: path,
        imports: '@reduxjs/toolkit createAsyncThunk',
        rule: 'a server call is an endpoint used through a hook or a lifecycle, not a thunk',
      });
    }
  }
  return violations;
}

/** The file a path under src/ without extension names: itself as .ts/.tsx, or its index. */
function fileOf(target: string, paths: Set<string>): string | null {
  for (const candidate of [
    target,
    `${target}.ts`,
    `${target}.tsx`,
    `${target}/index.ts`,
    `${target}/index.tsx`,
  ]) {
    if (paths.has(candidate)) return candidate;
  }
  return null;
}

/**
 * Every import circle among `files`, each as the paths round it (the first repeated at the end),
 * found once whatever file it starts from. Type-only and lazy imports count: a circle of either
 * still ties two modules to each other, so neither can be read, tested or moved alone
 * (docs/architecture.md#repository-layout-and-layers).
 */
export function importCycles(files: SourceFile[]): string[][] {
  const paths = new Set(files.map((f) => f.path));
  const edges = new Map<string, string[]>();
  for (const { path, source } of files) {
    const targets = importSpecifiers(source)
      .map((specifier) => resolveSpecifier(path, specifier))
      .map((target) => (target === null ? null : fileOf(target, paths)))
      .filter((target): target is string => target !== null && target !== path);
    edges.set(path, [...new Set(targets)].sort());
  }
  // Depth-first walk: an import back to a file still on the walk's stack closes a circle.
  const cycles: string[][] = [];
  const seen = new Set<string>();
  const keys = new Set<string>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const walk = (path: string): void => {
    seen.add(path);
    stack.push(path);
    onStack.add(path);
    for (const next of edges.get(path) ?? []) {
      if (onStack.has(next)) {
        const circle = stack.slice(stack.indexOf(next));
        // The same circle found from another of its files is the same circle.
        const key = [...circle].sort().join(' ');
        if (!keys.has(key)) {
          keys.add(key);
          cycles.push([...circle, next]);
        }
      } else if (!seen.has(next)) walk(next);
    }
    stack.pop();
    onStack.delete(path);
  };
  for (const path of [...paths].sort()) if (!seen.has(path)) walk(path);
  return cycles;
}
