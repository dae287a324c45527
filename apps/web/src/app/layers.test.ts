import { describe, expect, it } from 'vitest';
import {
  importCycles,
  importSpecifiers,
  layerViolations,
  ORCHESTRATING_THUNKS,
  resolveSpecifier,
  type SourceFile,
  serverDataViolations,
} from '../testing/layer-rules';

/** Every source file of apps/web/src, by its path under src/. */
function sourceTree(): SourceFile[] {
  const modules = import.meta.glob<string>('../**/*.{ts,tsx}', {
    query: '?raw',
    import: 'default',
    eager: true,
  });
  // Keys are relative to this file: '../lib/api.ts', and './store.ts' for app/ itself.
  return Object.entries(modules).map(([key, source]) => ({
    path: key.startsWith('./') ? `app/${key.slice(2)}` : key.replace(/^\.\.\//, ''),
    source,
  }));
}

describe('the layer check (docs/architecture.md#repository-layout-and-layers)', () => {
  it('finds static, type-only, re-exported and dynamic imports, and none in comments', () => {
    const source = [
      "import { a } from './a';",
      "import type { B } from '../b';",
      "import './side-effect';",
      "export { c } from './c';",
      "const d = lazy(() => import('./d'));",
      "type E = typeof import('./e').E;",
      "// import { f } from './f';",
      "/* import('./g') */",
    ].join('\n');
    expect(importSpecifiers(source).sort()).toEqual(
      ['../b', './a', './c', './d', './e', './side-effect'].sort(),
    );
  });

  it('resolves a relative import to a path under src/', () => {
    expect(resolveSpecifier('features/cart/components/cart-button.tsx', '../../session')).toBe(
      'features/session',
    );
    expect(resolveSpecifier('app/store.ts', './shell/shell-slice.ts')).toBe(
      'app/shell/shell-slice',
    );
    expect(resolveSpecifier('app/store.ts', '@reduxjs/toolkit')).toBeNull();
  });

  it('flags each forbidden import it is fed, and lets the allowed ones through', () => {
    const file = (path: string, ...imports: string[]): SourceFile => ({
      path,
      source: imports.map((from) => `import { x } from '${from}';`).join('\n'),
    });
    const violations = layerViolations([
      // A feature reaching into another feature's internals, statically or lazily.
      file('features/cart/cart-slice.ts', '../session/session-slice'),
      {
        path: 'features/session/components/login-form.tsx',
        source: "const m = import('../../accounts/components/unconfirmed-notice');",
      },
      // The kit and lib/ importing a feature; lib/ importing the kit.
      file('components/feedback/app-snackbar.tsx', '../../features/session'),
      file('lib/api-client.ts', '../features/session/session-slice'),
      file('lib/api.ts', '../components/feedback/app-snackbar'),
      // Anything but app/ importing app/.
      file('features/cart/components/cart-button.tsx', '../../../app/store'),
      file('components/dialogs/search-dialog.tsx', '../../app/shell/shell-slice'),
      file('lib/navigation.ts', '../app/router'),
      // Shipped code importing the test helpers.
      file('features/cart/cart-slice.ts', '../../testing/builders'),
      // Allowed: own feature, another feature's index, app/ over everything, main.tsx, tests.
      file('features/cart/components/cart-button.tsx', '../cart-slice', '../../session'),
      file('features/notifications/index.ts', './notifications-slice'),
      file('app/store.ts', '../features/session', './shell/shell-slice', '../lib/api'),
      file('main.tsx', './app/store'),
      file('components/feedback/app-snackbar.tsx', '../../lib/snackbar-slice'),
      file('features/cart/cart-slice.test.ts', '../../app/shell/shell-slice'),
      file('testing/render-app.tsx', '../app/router'),
    ]);
    expect(violations.map((v) => `${v.file} -> ${v.imports}`)).toEqual([
      'features/cart/cart-slice.ts -> ../session/session-slice',
      'features/session/components/login-form.tsx -> ../../accounts/components/unconfirmed-notice',
      'components/feedback/app-snackbar.tsx -> ../../features/session',
      'lib/api-client.ts -> ../features/session/session-slice',
      'lib/api.ts -> ../components/feedback/app-snackbar',
      'features/cart/components/cart-button.tsx -> ../../../app/store',
      'components/dialogs/search-dialog.tsx -> ../../app/shell/shell-slice',
      'lib/navigation.ts -> ../app/router',
      'features/cart/cart-slice.ts -> ../../testing/builders',
    ]);
  });

  it('a test file still reaches another feature only through its index', () => {
    const violations = layerViolations([
      {
        path: 'features/accounts/accounts-session.test.ts',
        source: "import { notificationsAdded } from '../notifications/notifications-slice';",
      },
    ]);
    expect(violations).toHaveLength(1);
  });
});

describe('apps/web/src', () => {
  it('has no import that runs back up the layers', () => {
    const files = sourceTree();
    expect(files.length).toBeGreaterThan(100);
    const found = layerViolations(files).map((v) => `${v.file} -> ${v.imports}: ${v.rule}`);
    expect(found).toEqual([]);
  });
});

describe('import circles (docs/architecture.md#repository-layout-and-layers)', () => {
  it('finds a circle, direct or through others, by static, type-only or lazy imports', () => {
    const cycles = importCycles([
      // pages → home (lazily) → menu → pages: the circle the page list once made.
      { path: 'app/pages.ts', source: "const home = () => import('./routes/home');" },
      { path: 'app/routes/home.tsx', source: "import { myMenu } from '../shell/menu-data';" },
      { path: 'app/shell/menu-data.ts', source: "import { PAGES } from '../pages';" },
      // Two files naming each other, one of them by type only.
      { path: 'features/a/a-api.ts', source: "import type { B } from './a-live';" },
      { path: 'features/a/a-live.ts', source: "import { aApi } from './a-api';" },
      // Not a circle: a shared import, and a feature's index.
      { path: 'features/b/index.ts', source: "export { b } from './b';" },
      { path: 'features/b/b.ts', source: "import { c } from '../c';" },
      { path: 'features/c/index.ts', source: "import { x } from '../../lib/x';" },
      { path: 'features/d/d.ts', source: "import { b } from '../b';\nimport { c } from '../c';" },
      { path: 'lib/x.ts', source: '' },
    ]);
    expect(cycles).toEqual([
      ['app/pages.ts', 'app/routes/home.tsx', 'app/shell/menu-data.ts', 'app/pages.ts'],
      ['features/a/a-api.ts', 'features/a/a-live.ts', 'features/a/a-api.ts'],
    ]);
  });

  it('apps/web/src has no import circle', () => {
    expect(importCycles(sourceTree())).toEqual([]);
  });
});

describe('server data (docs/decisions/056-server-data-lives-in-the-rtk-query-cache.md)', () => {
  it('flags a slice that follows an endpoint and a thunk that runs a call, and lets the rest through', () => {
    const found = serverDataViolations([
      { path: 'features/cart/cart-slice.ts', source: "import { cartApi } from './cart-api';" },
      { path: 'features/shop/shop-slice.ts', source: "import { api } from '../../lib/api';" },
      {
        path: 'features/cart/cart-actions.ts',
        source:
          "import { createAsyncThunk } from '@reduxjs/toolkit';\nexport const add = createAsyncThunk('a', f);",
      },
      // The session's slice is a slice like any other: no endpoint, no thunk.
      {
        path: 'features/session/session-slice.ts',
        source:
          "import { sessionApi } from './session-api';\nexport const load = createAsyncThunk('l', f);",
      },
      // Allowed: a slice of client-only state, the session's orchestration, tests, comments.
      {
        path: 'app/shell/shell-slice.ts',
        source: "import { createSlice } from '@reduxjs/toolkit';",
      },
      {
        path: 'features/session/session-steps.ts',
        source:
          "import { sessionApi } from './session-api';\nexport const load = createAsyncThunk('l', f);",
      },
      { path: 'features/cart/cart-api.test.ts', source: 'createAsyncThunk(' },
      { path: 'features/cart/cart-state.ts', source: '// no createAsyncThunk here' },
    ]);
    expect(found.map((v) => `${v.file} ${v.imports}`)).toEqual([
      'features/cart/cart-slice.ts ./cart-api',
      'features/shop/shop-slice.ts ../../lib/api',
      'features/cart/cart-actions.ts @reduxjs/toolkit createAsyncThunk',
      'features/session/session-slice.ts ./session-api',
      'features/session/session-slice.ts @reduxjs/toolkit createAsyncThunk',
    ]);
  });

  it('lets no slice through as an orchestration of the session', () => {
    expect(ORCHESTRATING_THUNKS.filter((path) => /-slice\.tsx?$/.test(path))).toEqual([]);
  });

  it('apps/web/src keeps server data in the cache only', () => {
    expect(serverDataViolations(sourceTree())).toEqual([]);
  });
});
