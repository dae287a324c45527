import { existsSync, readFileSync } from 'node:fs';
import { basename, join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import { APP_BASE, errorDocument } from '@atelier/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyBaseLogger, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { appContentSecurityPolicy, inlineScriptHashes } from './content-security-policy';
import { fillPrerenderedPage, type PrerenderManifest, renderIndexHtml } from './spa-index-html';

type Encoding = 'br' | 'gzip';

/**
 * The encoding to send a body in, among the two the build writes: brotli when the client takes it
 * (every current browser), else gzip, else none. `q=0` refuses an encoding; `*` stands for any.
 */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | null {
  const weights = new Map<string, number>();
  for (const part of (acceptEncoding ?? '').toLowerCase().split(',')) {
    const [name = '', ...params] = part.split(';').map((p) => p.trim());
    const q = params.find((p) => p.startsWith('q='));
    const weight = q ? Number(q.slice(2)) : 1;
    if (name) weights.set(name, Number.isNaN(weight) ? 0 : weight);
  }
  const accepts = (name: string) => (weights.get(name) ?? weights.get('*') ?? 0) > 0;
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return null;
}

/** The page in each encoding, compressed once at start-up at the strongest levels. */
function encodedPage(html: string): Record<Encoding | 'identity', Buffer> {
  const identity = Buffer.from(html, 'utf8');
  return {
    identity,
    br: brotliCompressSync(identity, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
        [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
        [constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
    gzip: gzipSync(identity, { level: constants.Z_BEST_COMPRESSION }),
  };
}

/** A page of the app, ready to send: its bodies and its policy (hashes of its inline scripts). */
export type AppPage = { bodies: Record<Encoding | 'identity', Buffer>; policy: string };

function appPage(html: string, config: Config): AppPage {
  return {
    bodies: encodedPage(html),
    policy: appContentSecurityPolicy(config.client, inlineScriptHashes(html)),
  };
}

/** Where the web build puts its prerendered pages (apps/web/build/prerender.ts). */
const PRERENDER_DIR = '.prerender';

/**
 * The prerendered pages by URL path (docs/decisions/046-prerendered-first-screen.md), filled in
 * with this deployment's settings. None when the build has none, or when they do not fit this
 * server: then the plain page serves, and the app renders itself as it did before prerendering.
 */
export function prerenderedPages(
  log: Pick<FastifyBaseLogger, 'warn'>,
  config: Config,
): Map<string, AppPage> {
  const pages = new Map<string, AppPage>();
  const manifestFile = join(config.webDistDir, PRERENDER_DIR, 'pages.json');
  if (!existsSync(manifestFile)) return pages;
  try {
    const manifest = JSON.parse(readFileSync(manifestFile, 'utf8')) as PrerenderManifest;
    for (const { path, file } of manifest.pages) {
      const built = readFileSync(join(config.webDistDir, PRERENDER_DIR, basename(file)), 'utf8');
      const filled = fillPrerenderedPage(built, manifest.placeholders, config);
      pages.set(path, appPage(renderIndexHtml(filled, config), config));
    }
  } catch (error) {
    log.warn({ err: error }, 'the prerendered pages of the web build are not used');
    pages.clear();
  }
  return pages;
}

/**
 * Serves the built SPA under /app/: hashed assets cached for a year, index.html never cached and
 * rendered with the runtime client config, and every other /app/ path falls back to index.html so
 * client routes (and the SPA's own not-found page) work on reload. The paths the build prerendered
 * (/app/login and /app/) get their own page, which carries a guest's first screen, when asked
 * without a query string (the prerender knows none).
 *
 * Bodies leave compressed as the build or start-up made them (brotli 11, gzip 9), never by
 * @fastify/compress per request: it leaves a response alone once it carries a content-encoding
 * (docs/decisions/021-precompressed-assets-and-first-visit-budget.md).
 */
/**
 * Pages the public site serves outside /app (modules/public-site): its home page, which the drawer
 * links as `/?noredirect=1`, and the HTML not-found page for a browser that asked for a page.
 */
export type SitePageHandlers = {
  home(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
  notFound(request: FastifyRequest, reply: FastifyReply): Promise<unknown>;
};

export const spaPlugin = fp(
  async (app: FastifyInstance, opts: { config: Config; sitePages?: SitePageHandlers }) => {
    const { config } = opts;
    const indexFile = join(config.webDistDir, 'index.html');
    const built = existsSync(indexFile);
    const index = built
      ? appPage(renderIndexHtml(readFileSync(indexFile, 'utf8'), config), config)
      : null;
    const prerendered = built ? prerenderedPages(app.log, config) : new Map<string, AppPage>();
    // Source maps would hand anyone the app's source; production keeps them off the web.
    const servesSourceMaps = config.env !== 'production';

    const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
      if (!index) {
        return reply
          .code(503)
          .send(
            errorDocument(
              'unavailable',
              'The web app is not built: run `npm start` or `npm run build`.',
            ),
          );
      }
      const page = request.url.includes('?') ? index : (prerendered.get(request.url) ?? index);
      const encoding = preferredEncoding(request.headers['accept-encoding']);
      if (encoding) reply.header('content-encoding', encoding);
      return reply
        .header('cache-control', 'no-cache')
        .header('vary', 'accept-encoding')
        .header('content-security-policy', page.policy)
        .type('text/html; charset=utf-8')
        .send(page.bodies[encoding ?? 'identity']);
    };

    if (built) {
      await app.register(fastifyStatic, {
        root: config.webDistDir,
        prefix: `${APP_BASE}/`,
        index: false,
        wildcard: true,
        // `<file>.br` / `<file>.gz` from the build (apps/web/build/precompress.ts), picked by
        // accept-encoding, sent with content-encoding and `vary: accept-encoding`.
        preCompressed: true,
        allowedPath: (path) => servesSourceMaps || !path.endsWith('.map'),
        setHeaders: (res, path) => {
          res.header(
            'cache-control',
            path.includes(`${join(config.webDistDir, 'assets')}`)
              ? 'public, max-age=31536000, immutable'
              : 'public, max-age=3600',
          );
        },
      });
    }

    // `/` alone opens the app; `/?noredirect=1` is the public site's home page.
    app.get('/', { schema: { hide: true } }, (req, reply) => {
      const { noredirect } = req.query as { noredirect?: unknown };
      if (opts.sitePages && noredirect !== undefined) return opts.sitePages.home(req, reply);
      return reply.redirect(`${APP_BASE}/`);
    });
    app.get(APP_BASE, { schema: { hide: true } }, (_req, reply) => reply.redirect(`${APP_BASE}/`));
    app.get(`${APP_BASE}/`, { schema: { hide: true } }, (req, reply) => sendIndex(req, reply));

    app.setNotFoundHandler((request, reply) => {
      const path = request.url.split('?')[0] ?? '';
      const isAsset = path.startsWith(`${APP_BASE}/assets/`);
      // HEAD too: link checkers and uptime probes ask a client route with HEAD.
      const reading = request.method === 'GET' || request.method === 'HEAD';
      if (reading && path.startsWith(`${APP_BASE}/`) && !isAsset) {
        return sendIndex(request, reply);
      }
      // A browser asking for a page outside the app and the API gets the site's not-found page;
      // scripts and API clients keep the JSON document.
      const wantsPage = /\btext\/html\b/.test(request.headers.accept ?? '');
      const outside =
        !path.startsWith('/api/') && path !== APP_BASE && !path.startsWith(`${APP_BASE}/`);
      if (opts.sitePages && reading && wantsPage && outside) {
        return opts.sitePages.notFound(request, reply);
      }
      return reply
        .code(404)
        .send(errorDocument('not_found', `No route for ${request.method} ${path}`));
    });
  },
  { name: 'spa' },
);
