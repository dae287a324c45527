import { mkdirSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import {
  firstVisitJsFiles,
  gzipSizes,
  precompressedSizes,
  staticClosure,
  type ViteManifest,
} from './bundle';

// A manifest shaped like Vite's: an entry importing a vendor chunk, two lazy routes sharing a
// chunk, and a lazy chunk that only the home route loads.
const manifest: ViteManifest = {
  'index.html': {
    file: 'assets/index-a.js',
    isEntry: true,
    imports: ['_vendor-b.js'],
    dynamicImports: ['src/routes/login.tsx', 'src/routes/home.tsx'],
    css: ['assets/index-a.css'],
  },
  '_vendor-b.js': { file: 'assets/vendor-b.js' },
  '_form-c.js': { file: 'assets/form-c.js', imports: ['_vendor-b.js'] },
  'src/routes/login.tsx': {
    file: 'assets/login-d.js',
    isDynamicEntry: true,
    imports: ['_form-c.js', '_vendor-b.js'],
  },
  'src/routes/home.tsx': {
    file: 'assets/home-e.js',
    isDynamicEntry: true,
    imports: ['_form-c.js'],
    dynamicImports: ['src/chart.tsx'],
  },
  'src/chart.tsx': { file: 'assets/chart-f.js', isDynamicEntry: true },
};

describe('staticClosure', () => {
  it('follows static imports transitively, once each, but not dynamic imports', () => {
    expect(staticClosure(manifest, ['src/routes/home.tsx']).sort()).toEqual(
      ['_form-c.js', '_vendor-b.js', 'src/routes/home.tsx'].sort(),
    );
  });

  it('fails loudly on a chunk the manifest does not know', () => {
    expect(() => staticClosure(manifest, ['src/routes/renamed.tsx'])).toThrow(/renamed\.tsx/);
  });
});

describe('firstVisitJsFiles', () => {
  it('is the entry, its imports and the visited route with its imports — JS only', () => {
    const files = firstVisitJsFiles(manifest, {
      entry: 'index.html',
      lazyModules: ['src/routes/login.tsx'],
    });
    expect(files.sort()).toEqual(
      ['assets/index-a.js', 'assets/vendor-b.js', 'assets/login-d.js', 'assets/form-c.js'].sort(),
    );
  });

  it('refuses a route module that is not a lazy chunk', () => {
    expect(() =>
      firstVisitJsFiles(manifest, { entry: 'index.html', lazyModules: ['_vendor-b.js'] }),
    ).toThrow(/not a lazily loaded chunk/);
  });
});

describe('gzipSizes', () => {
  it('reports raw and gzip bytes of each file', () => {
    const dist = mkdtempSync(join(tmpdir(), 'bundle-test-'));
    mkdirSync(join(dist, 'assets'));
    const content = 'export const x = 1;\n'.repeat(200);
    writeFileSync(join(dist, 'assets/a.js'), content);
    const [sized] = gzipSizes(dist, ['assets/a.js']);
    expect(sized).toEqual({
      file: 'assets/a.js',
      bytes: content.length,
      gzipBytes: gzipSync(content).length,
    });
    expect(sized?.gzipBytes).toBeLessThan(content.length / 10);
  });
});

describe('precompressedSizes', () => {
  it('reports the sizes of the build’s .br and .gz copies', () => {
    const dist = mkdtempSync(join(tmpdir(), 'bundle-test-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'assets/a.js'), 'x'.repeat(100));
    writeFileSync(join(dist, 'assets/a.js.br'), 'b'.repeat(7));
    writeFileSync(join(dist, 'assets/a.js.gz'), 'g'.repeat(9));
    expect(precompressedSizes(dist, ['assets/a.js'])).toEqual([
      { file: 'assets/a.js', bytes: 100, brotliBytes: 7, gzipBytes: 9 },
    ]);
  });

  it('fails loudly when the build wrote no copies', () => {
    const dist = mkdtempSync(join(tmpdir(), 'bundle-test-'));
    writeFileSync(join(dist, 'a.js'), 'x');
    expect(() => precompressedSizes(dist, ['a.js'])).toThrow(/a\.js\.br is missing/);
  });
});
