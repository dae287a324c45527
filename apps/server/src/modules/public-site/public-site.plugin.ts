import { join } from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { type Config, REPO_ROOT } from '../../config';
import { GenerationCache } from '../../lib/generation-cache';
import { CATALOGUE_CACHE_TTL_MS, CATALOGUE_CHANGED_CHANNEL, publicCatalogue } from '../classes';
import { classPagesRoutes } from './class-pages.routes';
import { contactRoutes } from './contact.routes';
import { contentPagesRoutes } from './content-pages.routes';
import { homePageInput } from './home.page';
import { instructorsRoutes } from './instructors.routes';
import { negotiateLanguage } from './language';
import { renderPage } from './layout';
import { sendNotFoundPage } from './not-found.page';
import { type PageBody, pageBody, sendPage } from './page-response';
import { seoRoutes } from './seo.routes';
import { allProgrammes } from './site-catalogue';
import { siteContextOf } from './site-context';
import { loadSiteFonts } from './site-fonts';
import { loadSiteIcon, siteIconRoutes } from './site-icon';
import { studentGalleryRoutes } from './student-gallery.routes';

/** What the SPA plugin asks of the site: the home page (`/?noredirect=1`) and the HTML 404. */
export type SitePages = {
  home(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
  notFound(request: FastifyRequest, reply: FastifyReply): Promise<FastifyReply>;
};

declare module 'fastify' {
  interface FastifyInstance {
    sitePages: SitePages;
  }
}

export type PublicSitePluginOptions = {
  config: Config;
  /** Where the school's content files are (tests point elsewhere); apps/server/content by default. */
  contentDir?: string;
};

/**
 * The public site (docs/product.md#public-site): server-rendered pages outside /app — the home page,
 * class pages, the student gallery, instructors, contact, about, terms and privacy, the sitemap and
 * robots.txt — in the school's look, in English and Japanese, readable without JavaScript
 * (docs/decisions/040-public-site-server-rendered-html.md).
 */
export const publicSitePlugin = fp(
  async (app: FastifyInstance, opts: PublicSitePluginOptions) => {
    const fonts = loadSiteFonts();
    const icon = await loadSiteIcon(opts.config.webDistDir);
    const site = siteContextOf(opts.config, app.images.urls('probe').url, fonts, icon !== null);
    const catalogue = publicCatalogue(app);
    // Rendered pages that show the catalogue (class pages, the home page, the sitemap), by page and
    // language, on the catalogue's own TTL.
    const cache = new GenerationCache<unknown>({ ttlMs: CATALOGUE_CACHE_TTL_MS, maxEntries: 500 });
    // Every write of the classes module publishes here, on every instance (this one included).
    const unsubscribe = await app.pubsub.subscribe(CATALOGUE_CHANGED_CHANNEL, () =>
      cache.invalidate(),
    );
    app.addHook('onClose', () => unsubscribe());

    for (const font of fonts ? [fonts.regular, fonts.bold] : []) {
      app.get(font.url, { schema: { hide: true }, compress: false }, (_request, reply) =>
        reply
          .header('cache-control', 'public, max-age=31536000, immutable')
          .header('access-control-allow-origin', '*')
          .type('font/woff2')
          .send(font.bytes),
      );
    }

    if (icon) await app.register(siteIconRoutes, { icon });
    await app.register(classPagesRoutes, { site, catalogue, cache });
    await app.register(contentPagesRoutes, {
      site,
      contentDir: opts.contentDir ?? join(REPO_ROOT, 'apps/server/content'),
    });
    await app.register(seoRoutes, { site, catalogue, cache });
    await app.register(instructorsRoutes, { site });
    await app.register(studentGalleryRoutes, { site });
    await app.register(contactRoutes, { site });

    const homeCache = cache as GenerationCache<PageBody>;
    app.decorate('sitePages', {
      async home(request, reply) {
        const negotiated = negotiateLanguage(request);
        const body = await homeCache.get(`home:${negotiated.lang}`, async () =>
          pageBody(
            site,
            renderPage(
              homePageInput(await allProgrammes(catalogue, negotiated.lang), site, negotiated.lang),
            ),
          ),
        );
        return sendPage(request, reply, body, { negotiated });
      },
      notFound: (request, reply) => sendNotFoundPage(site, request, reply),
    } satisfies SitePages);
  },
  {
    name: 'public-site',
    dependencies: ['db', 'storage', 'mail', 'media', 'pubsub', 'rate-limits', 'classes'],
  },
);
