import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import react from '@vitejs/plugin-react';
import { type AliasOptions, build, type Plugin } from 'vite';
import type { PrerenderedScreen } from '../src/app/prerender';

const execFileAsync = promisify(execFile);

/** Where the prerendered pages go inside the build: a dot folder, so the static files never serve it. */
export const PRERENDER_DIR = '.prerender';
/** The folder's index, read by the server (apps/server/src/plugins/spa.ts). */
export const PRERENDER_MANIFEST = 'pages.json';

/**
 * What the server reads: each page's path and file, and the placeholder standing for each runtime
 * setting it fills in (HTML-escaped) when it starts.
 */
export type PrerenderManifest = {
  placeholders: Record<string, string>;
  pages: { path: string; file: string }[];
};

/** The runtime configuration the server fills in: a placeholder each. */
const FILLED = ['schoolName', 'contactEmail'] as const;
const placeholder = (field: string, variant: string) => `__atelier_prerender_${field}_${variant}__`;

/**
 * Two configurations that differ in every field of the page's runtime configuration: the page is
 * rendered with both, and must differ only where a placeholder stands. So nothing the server
 * cannot fill in (the currency, a third party's key) shaped the prerendered screen, and no
 * placeholder was changed on its way into the page (cut, upper-cased, encoded into a URL).
 */
const VARIANTS = {
  a: {
    ...Object.fromEntries(FILLED.map((f) => [f, placeholder(f, 'a')])),
    currency: 'USD',
    sentryDsn: null,
    stripePublishableKey: null,
  },
  b: {
    ...Object.fromEntries(FILLED.map((f) => [f, placeholder(f, 'b')])),
    currency: 'JPY',
    sentryDsn: 'https://key@errors.invalid/1',
    stripePublishableKey: 'pk_test_prerender',
  },
};

/** What the Node bundle of src/app/prerender.tsx hands back (see `renderVariant`). */
export type Rendered = {
  screens: PrerenderedScreen[];
  page: { attribute: string; guardScript: string; guardStyle: string; entryLoader: string };
};

/** Vite's entry tag in the built index.html. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="([^"]+)"><\/script>/;

export function entrySource(template: string): string {
  const src = ENTRY_SCRIPT.exec(template)?.[1];
  if (!src) throw new Error('prerender: no entry <script type="module"> in index.html');
  return src;
}

/**
 * A page: the built index.html with the screen in #root and its styles in the head; the guard
 * first in the head, so it marks a visitor who does not fit before anything paints; the entry's
 * `<script type="module">` replaced by the loader at the end of the body, which imports it once
 * the screen has been painted. The entry is not preloaded on purpose: a download that ends before
 * the first paint competes with it for a slow connection (and Lighthouse counts it as holding the
 * paint back), while the HTML already shows everything the first screen needs.
 */
export function composePage(
  template: string,
  screen: PrerenderedScreen,
  page: Rendered['page'],
): string {
  const root = '<div id="root"></div>';
  for (const part of [root, '</head>', '</body>']) {
    if (!template.includes(part)) throw new Error(`prerender: index.html has no ${part}`);
  }
  const head = `<script>${page.guardScript}</script><style>${page.guardStyle}</style>${screen.styles}`;
  return template
    .replace(ENTRY_SCRIPT, '')
    .replace('</head>', `${head}</head>`)
    .replace(root, `<div id="root" ${page.attribute}="${screen.path}">${screen.html}</div>`)
    .replace('</body>', `<script>${page.entryLoader}</script></body>`);
}

/** Each page of a variant, rendered in a process of its own (the app reads its config once). */
async function renderVariant(bundleFile: string, variant: keyof typeof VARIANTS, template: string) {
  const script = `const b = await import(process.argv[1]);
const screens = await b.prerenderScreens(JSON.parse(process.argv[2]));
const page = { attribute: b.PRERENDERED_ATTRIBUTE, guardScript: b.prerenderGuardScript(), guardStyle: b.prerenderGuardStyle(), entryLoader: b.entryLoaderScript(process.argv[3]) };
process.stdout.write(JSON.stringify({ screens, page }));`;
  const run = execFileAsync(
    process.execPath,
    [
      '--input-type=module',
      '-e',
      script,
      pathToFileURL(bundleFile).href,
      JSON.stringify(VARIANTS[variant]),
      entrySource(template),
    ],
    { maxBuffer: 64 * 1024 * 1024, env: { ...process.env, NODE_ENV: 'production' } },
  );
  const { stdout } = await run.catch((error: { stderr?: string; message: string }) => {
    throw new Error(
      `prerender: the first screens did not render in Node. The start-up code (the router, the shell, the store, the login and home pages) runs there at build time, so it must not touch window, document or storage when a module loads (docs/decisions/046-prerendered-first-screen.md).\n${error.stderr || error.message}`,
    );
  });
  const { screens, page } = JSON.parse(stdout) as Rendered;
  return screens.map((screen) => ({ screen, page: composePage(template, screen, page) }));
}

function firstDifference(a: string, b: string): string {
  let i = 0;
  while (i < a.length && a[i] === b[i]) i++;
  return `…${a.slice(Math.max(0, i - 80), i + 80)}… vs …${b.slice(Math.max(0, i - 80), i + 80)}…`;
}

/**
 * After the client build, renders a guest's first screen of the pages in src/app/prerender.tsx on
 * the production runtime (a Node bundle of that file on preact/compat) into
 * `<outDir>/.prerender/`, for the server to send in place of the empty index.html
 * (docs/decisions/046-prerendered-first-screen.md).
 */
export function prerender(options: { alias: AliasOptions }): Plugin {
  let root = '';
  let outDir = '';
  let base = '/';
  return {
    name: 'atelier:prerender',
    apply: 'build',
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
      base = config.base;
    },
    closeBundle: {
      // Before the precompress plugin's pass (it leaves dot folders alone, but why race it).
      sequential: true,
      order: 'pre',
      async handler() {
        const ssrDir = await mkdtemp(join(tmpdir(), 'atelier-prerender-'));
        try {
          await build({
            configFile: false,
            root,
            mode: 'production',
            logLevel: 'warn',
            plugins: [react()],
            resolve: { alias: options.alias },
            // Everything bundled, so the aliases put preact under every library, as in the browser.
            ssr: { noExternal: true, target: 'node' },
            build: {
              ssr: 'src/app/prerender.tsx',
              outDir: ssrDir,
              emptyOutDir: true,
              copyPublicDir: false,
              minify: false,
              sourcemap: false,
              rolldownOptions: { output: { entryFileNames: 'prerender.mjs' } },
            },
          });
          const bundleFile = join(ssrDir, 'prerender.mjs');
          const template = await readFile(join(outDir, 'index.html'), 'utf8');
          const [a, b] = await Promise.all([
            renderVariant(bundleFile, 'a', template),
            renderVariant(bundleFile, 'b', template),
          ]);
          const dir = join(outDir, PRERENDER_DIR);
          await mkdir(dir, { recursive: true });
          const manifest: PrerenderManifest = {
            placeholders: Object.fromEntries(FILLED.map((f) => [f, placeholder(f, 'a')])),
            pages: [],
          };
          for (const [i, { screen, page }] of a.entries()) {
            let expected = page;
            for (const f of FILLED)
              expected = expected.replaceAll(placeholder(f, 'a'), placeholder(f, 'b'));
            const other = b[i]?.page ?? '';
            if (expected !== other) {
              throw new Error(
                `prerender: ${screen.path} depends on runtime settings the server does not fill in: ${firstDifference(expected, other)}`,
              );
            }
            const file =
              screen.path === '/'
                ? 'home.html'
                : `${screen.path.slice(1).replaceAll('/', '-')}.html`;
            await writeFile(join(dir, file), page);
            manifest.pages.push({ path: `${base.replace(/\/$/, '')}${screen.path}`, file });
          }
          await writeFile(join(dir, PRERENDER_MANIFEST), `${JSON.stringify(manifest, null, 2)}\n`);
        } finally {
          await rm(ssrDir, { recursive: true, force: true });
        }
      },
    },
  };
}
