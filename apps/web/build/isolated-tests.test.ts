import { describe, expect, it } from 'vitest';
import { webIsolated } from './isolated-tests';

// The web's test files share one module graph per worker; a file that replaces a module or a
// global would leak into the files after it unless it runs in the isolated project
// (docs/decisions/079-faster-test-suite.md).
const sources = import.meta.glob<string>('../src/**/*.test.{ts,tsx}', {
  query: '?raw',
  import: 'default',
  eager: true,
});
const files = Object.fromEntries(
  Object.entries(sources).map(([path, source]) => [path.replace(/^\.\.\//, ''), source]),
);

/** What replaces module or global state for the rest of the worker's files. */
const REPLACES = /\bvi\.(mock|doMock|stubGlobal|stubEnv|spyOn|useFakeTimers)\(/;

describe('the isolated web test files', () => {
  it('are every file that mocks a module, stubs a global, spies or fakes timers', () => {
    const mocking = Object.entries(files)
      .filter(([, source]) => REPLACES.test(source))
      .map(([path]) => path);
    expect(mocking.length).toBeGreaterThan(0);
    expect(mocking.filter((path) => !webIsolated.includes(path))).toEqual([]);
  });

  it('still exist', () => {
    expect(webIsolated.filter((path) => !(path in files))).toEqual([]);
  });
});
