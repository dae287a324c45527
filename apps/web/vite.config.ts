/// <reference types="vitest/config" />

import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

/**
 * The production build runs on preact/compat instead of React: react-dom alone was about a third of
 * the JavaScript a first visit to /app/login loads (issue 2's 200 KB budget). Only the build: the
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

export default defineConfig(({ command }) => ({
  base: '/app/',
  plugins: [react()],
  resolve: { alias: command === 'build' ? preactCompat : [] },
  // The manifest lets bench/ measure exactly the JS a first visit loads (bundle budget).
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rollupOptions: {
      // An import that resolves to nothing (a React API preact/compat lacks) fails the build
      // instead of becoming a warning that a runtime path may trip over.
      onLog(level, log, handler) {
        if (log.code === 'IMPORT_IS_UNDEFINED') throw new Error(log.message);
        handler(level, log);
      },
    },
  },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/cable': { target: 'ws://localhost:3000', ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}', 'build/**/*.test.ts'],
    setupFiles: ['src/testing/setup-tests.ts'],
  },
}));
