import type { Plugin, Rollup } from 'vite';

type OutputAsset = Rollup.OutputAsset;

/**
 * Puts the entry's style sheet into index.html as a `<style>` element. The sheet holds only the
 * font declarations (the components style themselves at run time), yet as a `<link>` it blocked
 * the first paint for a round trip of its own (docs/decisions/021). The fonts it names are files
 * under /app/assets/, so their absolute URLs work from the page as they did from the sheet; the
 * CSP already allows inline styles (MUI writes its own).
 */
export function inlineEntryCss(): Plugin {
  return {
    name: 'atelier:inline-entry-css',
    apply: 'build',
    enforce: 'post',
    generateBundle(_options, bundle) {
      const page = bundle['index.html'] as OutputAsset | undefined;
      if (!page || typeof page.source !== 'string') return;
      page.source = page.source.replace(
        /<link rel="stylesheet"[^>]*href="\/app\/([^"]+\.css)"[^>]*>/g,
        (tag: string, fileName: string) => {
          const sheet = bundle[fileName] as OutputAsset | undefined;
          if (!sheet || typeof sheet.source !== 'string') return tag;
          // Nothing links to the sheet any more: the page carries it.
          delete bundle[fileName];
          return `<style>${sheet.source}</style>`;
        },
      );
    },
  };
}
