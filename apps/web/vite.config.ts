/// <reference types="vitest/config" />

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { inlineFonts } from './build/inline-fonts.ts';
import { precompress } from './build/precompress.ts';
import { prerender } from './build/prerender.ts';

/**
 * The production build runs on preact/compat instead of React: react-dom alone was about a third of
 * the JavaScript a first visit to /app/login loads (then a 200 KB budget,
 * docs/decisions/015-production-build-on-preact-compat.md). Only the build: the
 * dev server and the unit tests keep real React, and the end-to-end suite runs against the build.
 */
const preactCompat = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/jsx-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  {
    find: /^react$/,
    replacement: fileURLToPath(new URL('./build/react-on-preact.ts', import.meta.url)),
  },
];

/**
 * React Router's package exports resolve to its development build in every mode (dev-only
 * warnings and checks included; remix-run/react-router#14102), so the build points at the
 * production build it ships beside it.
 */
const reactRouterProduction = [
  {
    find: /^react-router$/,
    replacement: fileURLToPath(
      new URL('../../node_modules/react-router/dist/production/index.mjs', import.meta.url),
    ),
  },
];
const buildAliases = [...preactCompat, ...reactRouterProduction];

export default defineConfig(({ command }) => ({
  base: '/app/',
  // precompress() writes .br and .gz copies of the build for the server to send as they are;
  // prerender() writes the HTML of a guest's first screens (docs/decisions/046-prerendered-first-screen.md).
  plugins: [react(), inlineFonts(), prerender({ alias: buildAliases }), precompress()],
  resolve: { alias: command === 'build' ? buildAliases : [] },
  // The manifest lets bench/ measure exactly the JS a first visit loads (bundle budget).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    // The start-up code is one chunk on purpose (decision 021), a little over Vite's 500 kB hint;
    // the first-visit budget test watches what a visit really transfers.
    chunkSizeWarningLimit: 600,
    // Fonts stay files: inlined, the small subsets (greek, math, …) made the render-blocking CSS
    // 16 KB of base64 for glyphs a page rarely shows; as files they load only when used.
    assetsInlineLimit: (file: string) => (/\.woff2?$/.test(file) ? false : undefined),
    rolldownOptions: {
      // An import that resolves to nothing (a React API preact/compat lacks) fails the build
      // instead of becoming a warning that a runtime path may trip over.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED') throw new Error(log.message);
        handler(level, log);
      },
      output: {
        // Everything the entry imports statically is one chunk ("app"): it all runs before the
        // first render anyway, and as one file it compresses better and costs one request instead
        // of about forty, each with its headers and a turn in the browser's six connections.
        // Lazy routes keep their own chunks (docs/decisions/021-precompressed-assets-and-first-visit-budget.md).
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/cable': { target: 'ws://localhost:3000', ws: true },
    },
  },
  // Which files run, and in which of the two web projects, is in the root vitest.config.ts: a
  // project that extends this file adds its include to this one rather than replacing it.
  test: {
    environment: 'jsdom',
    setupFiles: ['src/testing/setup-tests.ts'],
  },
}));
