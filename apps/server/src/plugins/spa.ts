import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { APP_BASE, errorDocument } from '@atelier/contract';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import type { Config } from '../config';
import { appContentSecurityPolicy, inlineScriptHashes } from './content-security-policy';
import { renderIndexHtml } from './spa-index-html';

/**
 * Serves the built SPA under /app/: hashed assets cached for a year, index.html never cached and
 * rendered with the runtime client config, and every other /app/ path falls back to index.html so
 * client routes (and the SPA's own not-found page) work on reload.
 */
export const spaPlugin = fp(async (app: FastifyInstance, opts: { config: Config }) => {
  const { config } = opts;
  const indexFile = join(config.webDistDir, 'index.html');
  const built = existsSync(indexFile);
  const indexHtml = built ? renderIndexHtml(readFileSync(indexFile, 'utf8'), config) : null;
  const indexPolicy = indexHtml
    ? appContentSecurityPolicy(config.client, inlineScriptHashes(indexHtml))
    : null;
  // Source maps would hand anyone the app's source; production keeps them off the web.
  const servesSourceMaps = config.env !== 'production';

  const sendIndex = (reply: FastifyReply) => {
    if (!indexHtml) {
      return reply
        .code(503)
        .send(
          errorDocument(
            'unavailable',
            'The web app is not built: run `npm start` or `npm run build`.',
          ),
        );
    }
    return reply
      .header('cache-control', 'no-cache')
      .header('content-security-policy', indexPolicy)
      .type('text/html; charset=utf-8')
      .send(indexHtml);
  };

  if (built) {
    await app.register(fastifyStatic, {
      root: config.webDistDir,
      prefix: `${APP_BASE}/`,
      index: false,
      wildcard: true,
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

  app.get('/', { schema: { hide: true } }, (_req, reply) => reply.redirect(`${APP_BASE}/`));
  app.get(APP_BASE, { schema: { hide: true } }, (_req, reply) => reply.redirect(`${APP_BASE}/`));
  app.get(`${APP_BASE}/`, { schema: { hide: true } }, (_req, reply) => sendIndex(reply));

  app.setNotFoundHandler((request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    const isAsset = path.startsWith(`${APP_BASE}/assets/`);
    if (request.method === 'GET' && path.startsWith(`${APP_BASE}/`) && !isAsset) {
      return sendIndex(reply);
    }
    return reply
      .code(404)
      .send(errorDocument('not_found', `No route for ${request.method} ${path}`));
  });
});
