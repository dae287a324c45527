import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

/** What is worth compressing: text. Fonts (woff2) and images are compressed already. */
const COMPRESSIBLE = /\.(?:js|mjs|css|svg|json|html|txt|xml|webmanifest)$/;

/**
 * Writes `<file>.br` (brotli, quality 11) and `<file>.gz` (gzip, level 9) next to every
 * compressible file of the build, so the server sends these bytes as they are (@fastify/static's
 * `preCompressed`) instead of compressing each response at a low level on the fly
 * (docs/decisions/021-precompressed-assets-and-first-visit-budget.md). Source maps are left out:
 * production never serves them. Every compressible file gets both copies, even a tiny one, so the
 * server never falls back to compressing a file itself.
 */
export function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'atelier:precompress',
    apply: 'build',
    configResolved(config) {
      // resolve, not join: `vite build --outDir /some/abs/dir` must write its copies there.
      outDir = resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const files = (await readdir(outDir, { recursive: true, withFileTypes: true }))
        .filter((entry) => entry.isFile() && COMPRESSIBLE.test(entry.name))
        .map((entry) => join(entry.parentPath, entry.name))
        // Dot folders are not for browsers: Vite's manifest (for the bench), the prerendered
        // pages (the server fills them in and compresses them at start-up).
        .filter((file) => !relative(outDir, file).startsWith('.'));
      // Two at a time: brotli at quality 11 is CPU-heavy, and builds share small machines.
      const queue = [...files];
      const worker = async () => {
        for (let file = queue.shift(); file; file = queue.shift()) {
          const content = await readFile(file);
          const [br, gz] = await Promise.all([
            brotli(content, {
              params: {
                [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
                [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
                [constants.BROTLI_PARAM_SIZE_HINT]: content.length,
              },
            }),
            gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }
      };
      await Promise.all([worker(), worker()]);
    },
  };
}
