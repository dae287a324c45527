import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Plugin } from 'vite';

const require = createRequire(import.meta.url);

/** Open Sans weights the theme uses (docs/decisions/030-fonts-declared-in-the-page.md). */
const WEIGHTS = [400, 600, 700] as const;

/**
 * Subsets declared, with the code points each covers (from @fontsource/open-sans). Latin and
 * Latin Extended cover English and the names a family types; Japanese text falls back to the
 * system's Japanese fonts, as it did before (Open Sans has no Japanese glyphs).
 */
const SUBSETS = {
  'latin-ext':
    'U+0100-02BA,U+02BD-02C5,U+02C7-02CC,U+02CE-02D7,U+02DD-02FF,U+0304,U+0308,U+0329,U+1D00-1DBF,U+1E00-1E9F,U+1EF2-1EFF,U+2020,U+20A0-20AB,U+20AD-20C0,U+2113,U+2C60-2C7F,U+A720-A7FF',
  latin:
    'U+0000-00FF,U+0131,U+0152-0153,U+02BB-02BC,U+02C6,U+02DA,U+02DC,U+0304,U+0308,U+0329,U+2000-206F,U+20AC,U+2122,U+2191,U+2193,U+2212,U+2215,U+FEFF,U+FFFD',
} as const;

type FontFile = { subset: keyof typeof SUBSETS; weight: number; file: string; refId?: string };

const FONT_FILES: FontFile[] = WEIGHTS.flatMap((weight) =>
  (Object.keys(SUBSETS) as (keyof typeof SUBSETS)[]).map((subset) => ({
    subset,
    weight,
    file: `open-sans-${subset}-${weight}-normal.woff2`,
  })),
);

const fontPath = (file: string) => require.resolve(`@fontsource/open-sans/files/${file}`);

/**
 * The production build declares the fonts in a `<style>` inside index.html instead of a style
 * sheet the entry imports: a style sheet blocks the first paint for a round trip, and one the
 * entry imports is also listed among what every lazy chunk preloads, so it can be neither inlined
 * afterwards nor deferred. The dev server keeps importing @fontsource's style sheets (theme.ts).
 */
export function inlineFonts(): Plugin {
  let base = '/';
  return {
    name: 'atelier:inline-fonts',
    apply: 'build',
    configResolved(config) {
      base = config.base;
    },
    buildStart() {
      for (const font of FONT_FILES) {
        font.refId = this.emitFile({
          type: 'asset',
          name: font.file,
          source: readFileSync(fontPath(font.file)),
        });
      }
    },
    transformIndexHtml: {
      order: 'post',
      handler(_html, ctx) {
        const bundle = ctx.bundle;
        if (!bundle) return [];
        const urlOf = (file: string) => {
          const asset = Object.values(bundle).find(
            (output) => output.type === 'asset' && output.names.includes(file),
          );
          if (!asset) throw new Error(`inline-fonts: ${file} was not emitted`);
          return `${base}${asset.fileName}`;
        };
        const faces = FONT_FILES.map(
          (font) =>
            `@font-face{font-family:'Open Sans';font-style:normal;font-display:swap;font-weight:${font.weight};src:url(${urlOf(font.file)}) format('woff2');unicode-range:${SUBSETS[font.subset]}}`,
        ).join('');
        // No preload: with font-display swap the text paints at once in a fallback face, and on a
        // slow connection a preloaded font would take bandwidth from the JavaScript that paints it.
        return [{ tag: 'style', children: faces, injectTo: 'head' }];
      },
    },
  };
}
