import { describe, expect, it } from 'vitest';
import source from '../vite.config.ts?raw';

// Vite loads its config without a bundler in its coming default loader, which resolves relative
// imports only by their full file name; until then it warns about each one at every build.
describe('vite.config.ts', () => {
  it('imports its local build steps by their full file name', () => {
    const relative = [...source.matchAll(/from '(\.{1,2}\/[^']+)'/g)].map((m) => m[1]);
    expect(relative.length).toBeGreaterThan(0);
    expect(relative.filter((path) => !/\.[cm]?[jt]sx?$/.test(path ?? ''))).toEqual([]);
  });
});
