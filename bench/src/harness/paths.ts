import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root, so benches find the server, the built web app and `var/`. */
export const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
/**
 * Where the web build lands (`npm run build`), or the build in `WEB_DIST_DIR`: the server the
 * benches start serves that one too (it passes the environment on), so a bench can measure a
 * build made elsewhere (`vite build --outDir …`) while apps/web/dist serves someone's e2e run.
 */
export const WEB_DIST_DIR = process.env.WEB_DIST_DIR || join(REPO_ROOT, 'apps/web/dist');
/** Scratch space for bench runs (data directories, server logs); `var/` is git-ignored. */
export const BENCH_VAR_DIR = join(REPO_ROOT, 'var/bench');
