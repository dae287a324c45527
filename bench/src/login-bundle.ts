import {
  type FirstVisit,
  firstVisitJsFiles,
  gzipSizes,
  readManifest,
  type SizedFile,
  totalGzipBytes,
} from './harness/bundle';
import { WEB_DIST_DIR } from './harness/paths';

/** Issue 2's budget for the JavaScript of a first visit to /app/login, gzip, in bytes (200 KB). */
export const LOGIN_JS_BUDGET_BYTES = 200_000;

/**
 * What a first visit to /app/login loads: index.html's entry with its static imports, the lazily
 * loaded login route with its own, and what the app imports dynamically at start-up on that page.
 * If the app starts loading more or less for /login, `npm run bench` notices: it compares this
 * walk with a real Chromium visit and names the files that differ.
 */
export const LOGIN_FIRST_VISIT: FirstVisit = {
  entry: 'index.html',
  // No Dexie: the guest cart is read at start-up (docs/product.md#client-state), but a first-time visitor has no
  // 'cart' database, and the app loads Dexie only when indexedDB.databases() lists one.
  lazyModules: ['src/app/routes/login.tsx'],
};

export type LoginBundle = { files: SizedFile[]; gzipBytes: number };

export function measureLoginBundle(distDir = WEB_DIST_DIR): LoginBundle {
  const files = gzipSizes(distDir, firstVisitJsFiles(readManifest(distDir), LOGIN_FIRST_VISIT));
  return { files, gzipBytes: totalGzipBytes(files) };
}
