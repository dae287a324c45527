/// <reference types="vitest/config" />
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  base: '/app/',
  plugins: [react()],
  // The manifest lets bench/ measure exactly the JS a first visit loads (bundle budget).
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: {
    proxy: {
      '/api': 'http://localhost:3000',
      '/cable': { target: 'ws://localhost:3000', ws: true },
    },
  },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/testing/setup-tests.ts'],
  },
});
