import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

/** Where the site's own files (fonts) are served; names carry a content hash, so cached for a year. */
export const SITE_ASSETS_PREFIX = '/site-assets';

export type SiteFont = { url: string; bytes: Buffer };

/**
 * Open Sans, Latin subset, regular and bold: the same files the web app uses
 * (`@fontsource/open-sans`, docs/decisions/030), read once at start-up. Null when the package is
 * not installed: pages then use the fallback faces and still work.
 */
export function loadSiteFonts(): { regular: SiteFont; bold: SiteFont } | null {
  try {
    const require = createRequire(import.meta.url);
    const dir = join(dirname(require.resolve('@fontsource/open-sans/package.json')), 'files');
    const font = (weight: number): SiteFont => {
      const bytes = readFileSync(join(dir, `open-sans-latin-${weight}-normal.woff2`));
      const hash = createHash('sha256').update(bytes).digest('base64url').slice(0, 10);
      return { url: `${SITE_ASSETS_PREFIX}/open-sans-latin-${weight}.${hash}.woff2`, bytes };
    };
    return { regular: font(400), bold: font(700) };
  } catch {
    return null;
  }
}
