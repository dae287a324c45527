import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// Vite loads its config without a bundler in its coming default loader, which resolves relative
// imports only by their full file name; until then it warns about each one at every build.
describe('vite.config.ts', () => {
  it('imports its local build steps by their full file name', () => {
    const source = readFileSync(
      fileURLToPath(new URL('../vite.config.ts', import.meta.url)),
      'utf8',
    );
    const relative = [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
    expect(relative.length).toBeGreaterThan(0);
    expect(relative.filter((path) => !/\.[cm]?[jt]sx?$/.test(path ?? ''))).toEqual([]);
  });
});
