import { appRobotsDisallows, DEFAULT_LANGUAGE } from '@atelier/contract';
import type { FastifyPluginAsync } from 'fastify';
import type { GenerationCache } from '../../lib/generation-cache';
import type { PublicCatalogue } from '../classes';
import { escapeHtml } from './html';
import { pageUrl, type SiteContext } from './layout';
import { encodedBody, type PageBody, sendBody } from './page-response';
import { allProgrammes } from './site-catalogue';
import { classPagePath, SITE_PATHS } from './site-menu';
import { SITE_LANGUAGES } from './site-strings';

export type SeoOptions = {
  site: SiteContext;
  catalogue: PublicCatalogue;
  cache: GenerationCache<unknown>;
};

/** Pages of the site other than class pages, as the sitemap lists them (`/` is the home page). */
export const SITE_PAGE_PATHS = [
  '/',
  SITE_PATHS.about,
  SITE_PATHS.ourInstructors,
  SITE_PATHS.contactUs,
  SITE_PATHS.studentGallery,
  SITE_PATHS.termsOfUse,
  SITE_PATHS.privacyPolicy,
];

/** Every URL of the site, one `<url>` per language, each naming all its language versions. */
export function sitemapXml(site: SiteContext, paths: string[]): string {
  const entries = paths.flatMap((path) => {
    const alternates = [
      ...SITE_LANGUAGES.map(
        (lang) =>
          `<xhtml:link rel="alternate" hreflang="${lang}" href="${escapeHtml(pageUrl(site, path, lang))}"/>`,
      ),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${escapeHtml(pageUrl(site, path, null))}"/>`,
    ].join('');
    return SITE_LANGUAGES.map(
      (lang) => `<url><loc>${escapeHtml(pageUrl(site, path, lang))}</loc>${alternates}</url>`,
    );
  });
  return `<?xml version="1.0" encoding="UTF-8"?>\n<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">\n${entries.join('\n')}\n</urlset>\n`;
}

export function robotsTxt(site: SiteContext): string {
  return [
    'User-agent: *',
    'Allow: /',
    'Disallow: /api/',
    // Parts of /app a search engine has no business in, as the contract's page list marks them:
    // pages behind sign-in and addresses that carry a token.
    ...appRobotsDisallows().map((p) => `Disallow: ${p}`),
    '',
    `Sitemap: ${site.origin}${SITE_PATHS.sitemap}`,
    '',
  ].join('\n');
}

/** Nothing in these files may run or be framed. */
const TEXT_POLICY = "default-src 'none'; frame-ancestors 'none'";

/** `/sitemap.xml` (every page and every published programme) and `/robots.txt`. */
export const seoRoutes: FastifyPluginAsync<SeoOptions> = async (app, opts) => {
  const { site, catalogue } = opts;
  const cache = opts.cache as GenerationCache<PageBody>;
  const robots = encodedBody(Buffer.from(robotsTxt(site), 'utf8'), TEXT_POLICY);

  app.get(SITE_PATHS.sitemap, { schema: { hide: true } }, async (request, reply) => {
    const body = await cache.get('sitemap', async () => {
      const programmes = await allProgrammes(catalogue, DEFAULT_LANGUAGE);
      const paths = [...SITE_PAGE_PATHS, ...programmes.map((p) => classPagePath(p.slug))];
      return encodedBody(Buffer.from(sitemapXml(site, paths), 'utf8'), TEXT_POLICY);
    });
    return sendBody(request, reply, body, { status: 200, type: 'application/xml; charset=utf-8' });
  });

  app.get(SITE_PATHS.robots, { schema: { hide: true } }, (request, reply) =>
    sendBody(request, reply, robots, { status: 200, type: 'text/plain; charset=utf-8' }),
  );
};
