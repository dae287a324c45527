import { execFile } from 'node:child_process';
import {
  copyFileSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { beforeAll, describe, expect, it } from 'vitest';

// The layering rules of docs/architecture.md#repository-layout-and-layers, as biome.json states
// them (noRestrictedImports per folder), proved on probe files that import one path each.

const ROOT = fileURLToPath(new URL('../../../', import.meta.url));
const SRC = fileURLToPath(new URL('./', import.meta.url));
const BIOME = join(ROOT, 'node_modules/.bin/biome');

type Probe = { file: string; from: string; allowed: boolean };

const PROBES: Probe[] = [
  // A module reaches another module through its index, or its tables for foreign keys and joins.
  { file: 'modules/cart/probe.ts', from: '../classes/klass-groups.repository', allowed: false },
  { file: 'modules/cart/probe.ts', from: '../classes/schedules.service', allowed: false },
  { file: 'modules/cart/probe.ts', from: '../classes/some/deeper/file', allowed: false },
  { file: 'modules/cart/probe.ts', from: '../../modules/classes/classes.loader', allowed: false },
  { file: 'modules/cart/probe.ts', from: '../classes/classes-testing', allowed: false },
  { file: 'modules/cart/probe.ts', from: '../classes', allowed: true },
  { file: 'modules/cart/probe.ts', from: '../classes/index', allowed: true },
  { file: 'modules/cart/probe.ts', from: '../classes/classes.tables', allowed: true },
  // Its own files and the shared layers are its to use.
  { file: 'modules/cart/probe.ts', from: './cart.repository', allowed: true },
  { file: 'modules/cart/probe.ts', from: '../../lib/app-error', allowed: true },
  { file: 'modules/cart/probe.ts', from: '../../db/client', allowed: true },
  // Nothing above the modules: read models, the app, the seed, the test helpers.
  { file: 'modules/cart/probe.ts', from: '../../read-models/search', allowed: false },
  { file: 'modules/cart/probe.ts', from: '../../app', allowed: false },
  { file: 'modules/cart/probe.ts', from: '../../seed/demo-seed', allowed: false },
  { file: 'modules/cart/probe.ts', from: '../../testing/test-app', allowed: false },
  // Tests and test helpers may also use another module's *-testing.ts helpers, nothing more.
  { file: 'modules/cart/probe.test.ts', from: '../classes/classes-testing', allowed: true },
  { file: 'modules/cart/probe-testing.ts', from: '../users/users-testing', allowed: true },
  {
    file: 'modules/cart/probe.test.ts',
    from: '../classes/klass-groups.repository',
    allowed: false,
  },
  // Code outside the modules (app.ts, db, mail, testing) follows the same rule.
  { file: 'app-probe.ts', from: './modules/users/session.routes', allowed: false },
  { file: 'app-probe.ts', from: './modules/users', allowed: true },
  { file: 'db/probe.ts', from: '../modules/users/users.tables', allowed: true },
  { file: 'db/probe.ts', from: '../modules/users/users.repository', allowed: false },
  { file: 'db/probe.ts', from: '../lib/logger', allowed: true },
  { file: 'mail/probe.ts', from: '../modules/accounts/accounts-testing', allowed: false },
  { file: 'mail/probe.test.ts', from: '../modules/accounts/accounts-testing', allowed: true },
  { file: 'testing/probe.ts', from: '../modules/users/users-testing', allowed: true },
  // The cable knows no module; modules register their channels with it.
  { file: 'cable/probe.ts', from: '../modules/notifications', allowed: false },
  { file: 'cable/probe.ts', from: '../pubsub/pubsub', allowed: true },
  // The server still never imports web code.
  { file: 'modules/cart/probe.ts', from: '@atelier/web', allowed: false },
  { file: 'db/probe.ts', from: '@atelier/web', allowed: false },
];

type Diagnostic = { category: string; location: { path: string; start: { line: number } } };

/** Lints every probe with the repository's biome.json, in a scratch copy of the tree's shape. */
async function lintProbes(): Promise<Map<string, Set<number>>> {
  const scratch = mkdtempSync(join(tmpdir(), 'atelier-boundaries-'));
  try {
    copyFileSync(join(ROOT, 'biome.json'), join(scratch, 'biome.json'));
    const byFile = new Map<string, Probe[]>();
    for (const probe of PROBES) byFile.set(probe.file, [...(byFile.get(probe.file) ?? []), probe]);
    const paths: string[] = [];
    for (const [file, probes] of byFile) {
      const path = join('apps/server/src', file);
      mkdirSync(join(scratch, dirname(path)), { recursive: true });
      // One import per line, each used, so only noRestrictedImports has anything to say.
      const lines = probes.map((p, i) => `import * as probe${i} from '${p.from}';`);
      const uses = `export const probes = [${probes.map((_, i) => `probe${i}`).join(', ')}];`;
      writeFileSync(join(scratch, path), [...lines, '', uses, ''].join('\n'));
      paths.push(path);
    }
    const { stdout } = await promisify(execFile)(
      BIOME,
      ['lint', '--vcs-enabled=false', '--reporter=json', '--max-diagnostics=none', ...paths],
      { cwd: scratch },
    ).catch((error: { stdout?: string }) => ({ stdout: error.stdout ?? '' }));
    const report = JSON.parse(stdout) as { diagnostics: Diagnostic[] };
    const flagged = new Map<string, Set<number>>();
    for (const d of report.diagnostics) {
      expect(d.category).toBe('lint/style/noRestrictedImports');
      const file = relative('apps/server/src', d.location.path);
      flagged.set(file, (flagged.get(file) ?? new Set()).add(d.location.start.line));
    }
    return flagged;
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

describe('module boundaries', { timeout: 60_000 }, () => {
  let flagged: Map<string, Set<number>>;
  beforeAll(async () => {
    flagged = await lintProbes();
  });

  const lineOf = (probe: Probe) => PROBES.filter((p) => p.file === probe.file).indexOf(probe) + 1;

  it.each(PROBES)('$file importing $from: allowed $allowed', (probe) => {
    const refused = flagged.get(probe.file)?.has(lineOf(probe)) ?? false;
    expect(refused).toBe(!probe.allowed);
  });
});

describe('only the users module writes the users table', () => {
  it('finds no insert, update or delete of `users` outside modules/users', () => {
    const offenders: string[] = [];
    const walk = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const path = join(dir, entry.name);
        if (entry.isDirectory()) walk(path);
        else if (entry.name.endsWith('.ts') && !path.startsWith(join(SRC, 'modules/users/'))) {
          const source = readFileSync(path, 'utf8');
          if (/\.(insert|update|delete)\(\s*(schema\.)?users\s*\)/.test(source)) {
            offenders.push(relative(SRC, path));
          }
        }
      }
    };
    walk(SRC);
    expect(offenders).toEqual([]);
  });
});
