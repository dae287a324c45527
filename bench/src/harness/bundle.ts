import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** One entry of Vite's `.vite/manifest.json` (build.manifest: true), keyed by source path. */
export type ManifestChunk = {
  file: string;
  src?: string;
  name?: string;
  isEntry?: boolean;
  isDynamicEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
  css?: string[];
};
export type ViteManifest = Record<string, ManifestChunk>;

export function readManifest(distDir: string): ViteManifest {
  const file = join(distDir, '.vite/manifest.json');
  if (!existsSync(file)) {
    throw new Error(
      `${file} is missing: build the web app first (npm run build) with build.manifest enabled`,
    );
  }
  return JSON.parse(readFileSync(file, 'utf8')) as ViteManifest;
}

/**
 * The manifest keys of `roots` and of every chunk they import statically, transitively: what the
 * browser must fetch before those modules run. Dynamic imports are not followed — they load later,
 * on demand. Throws on a key the manifest does not know, so a renamed route file fails loudly
 * instead of silently shrinking the measurement.
 */
export function staticClosure(manifest: ViteManifest, roots: string[]): string[] {
  const seen = new Set<string>();
  const visit = (key: string, from: string | null) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) {
      throw new Error(
        `no chunk "${key}" in the Vite manifest${from ? ` (imported by ${from})` : ''}`,
      );
    }
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported, key);
  };
  for (const root of roots) visit(root, null);
  return [...seen];
}

export type FirstVisit = {
  /** The HTML entry, normally 'index.html'. */
  entry: string;
  /**
   * Lazily loaded modules (manifest keys) the visit loads: the route's file, and anything the app
   * imports dynamically at start-up. Which these are is the app's behaviour, not the manifest's:
   * `npm run bench` checks the list against a real browser visit.
   */
  lazyModules: string[];
};

/** Output files (relative to dist) of the JavaScript a first visit loads, entry first. */
export function firstVisitJsFiles(manifest: ViteManifest, visit: FirstVisit): string[] {
  const entry = manifest[visit.entry];
  if (!entry?.isEntry) throw new Error(`"${visit.entry}" is not an entry of the Vite manifest`);
  for (const lazy of visit.lazyModules) {
    if (!manifest[lazy]?.isDynamicEntry) {
      throw new Error(`"${lazy}" is not a lazily loaded chunk in the Vite manifest`);
    }
  }
  const keys = staticClosure(manifest, [visit.entry, ...visit.lazyModules]);
  return [...new Set(keys.map((k) => (manifest[k] as ManifestChunk).file))].filter((f) =>
    f.endsWith('.js'),
  );
}

export type SizedFile = { file: string; bytes: number; gzipBytes: number };

/**
 * Raw and gzip sizes. gzip at zlib's default level, the level the server's compression plugin
 * uses, so the figure is what travels to a browser that asks for gzip.
 */
export function gzipSizes(distDir: string, files: string[]): SizedFile[] {
  return files.map((file) => {
    const content = readFileSync(join(distDir, file));
    return { file, bytes: content.length, gzipBytes: gzipSync(content).length };
  });
}

export function totalGzipBytes(files: SizedFile[]): number {
  return files.reduce((n, f) => n + f.gzipBytes, 0);
}

export type PrecompressedFile = {
  file: string;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
};

/**
 * Raw sizes and the sizes of the `.br` and `.gz` copies the web build writes next to each file
 * (apps/web/build/precompress.ts): the bodies the server sends, byte for byte.
 */
export function precompressedSizes(distDir: string, files: string[]): PrecompressedFile[] {
  return files.map((file) => {
    const path = join(distDir, file);
    for (const copy of [`${path}.br`, `${path}.gz`]) {
      if (!existsSync(copy)) {
        throw new Error(
          `${copy} is missing: build the web app (npm run build) with its precompress plugin`,
        );
      }
    }
    return {
      file,
      bytes: statSync(path).size,
      brotliBytes: statSync(`${path}.br`).size,
      gzipBytes: statSync(`${path}.gz`).size,
    };
  });
}
