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
 * What a first visit to /app/login loads: index.html's entry with its static imports, and the
 * lazily loaded login route with its own. If the router starts loading more for /login (a lazy
 * layout, a locale file), `npm run bench` notices: it compares this walk with a real Chromium visit.
 */
export const LOGIN_FIRST_VISIT: FirstVisit = {
  entry: 'index.html',
  routeModules: ['src/app/routes/login.tsx'],
};

export type LoginBundle = { files: SizedFile[]; gzipBytes: number };

export function measureLoginBundle(distDir = WEB_DIST_DIR): LoginBundle {
  const files = gzipSizes(distDir, firstVisitJsFiles(readManifest(distDir), LOGIN_FIRST_VISIT));
  return { files, gzipBytes: totalGzipBytes(files) };
}
