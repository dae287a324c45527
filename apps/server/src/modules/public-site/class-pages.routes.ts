import type { FastifyPluginAsync, FastifyReply, FastifyRequest } from 'fastify';
import type { GenerationCache } from '../../lib/generation-cache';
import type { PublicCatalogue } from '../classes';
import { classPageInput, comingSoonInput } from './class-page';
import { negotiateLanguage } from './language';
import { renderPage, type SiteContext } from './layout';
import { sendNotFoundPage } from './not-found.page';
import { type PageBody, pageBody, sendPage } from './page-response';
import { findProgramme } from './site-catalogue';
import { classPagePath, MENU_CLASS_LINKS } from './site-menu';
import { siteStrings } from './site-strings';

/** A rendered class page, or the knowledge that there is none (cached too: a miss costs queries). */
export type CachedClassPage = { body: PageBody; status: 200 } | { status: 404 };

export type ClassPagesOptions = {
  site: SiteContext;
  catalogue: PublicCatalogue;
  cache: GenerationCache<unknown>;
};

/** A slug the catalogue could hold (the contract's slugSchema): anything else is not looked up. */
const PLAUSIBLE_SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/**
 * Class pages: `/classes/in-person/{slug}`, `/classes/online/{slug}` and `/classes/{slug}`. Each
 * programme has one URL (the menu's when it lists it, else `/classes/{slug}`); another of the three
 * forms redirects there (301), so links and search engines converge on it.
 */
export const classPagesRoutes: FastifyPluginAsync<ClassPagesOptions> = async (app, opts) => {
  const { site, catalogue } = opts;
  const cache = opts.cache as GenerationCache<CachedClassPage>;

  const render = async (slug: string, lang: 'en' | 'ja'): Promise<CachedClassPage> => {
    const path = classPagePath(slug);
    const programme = await findProgramme(catalogue, slug, lang);
    if (programme) {
      return {
        status: 200,
        body: pageBody(site, renderPage(classPageInput(programme, site, lang, path))),
      };
    }
    // A menu link never dead-ends, even before the school has published its programme.
    const menuLink = MENU_CLASS_LINKS.find((l) => l.slug === slug);
    if (menuLink) {
      const name = siteStrings(lang).menu[menuLink.label];
      return {
        status: 200,
        body: pageBody(site, renderPage(comingSoonInput(site, lang, path, name))),
      };
    }
    return { status: 404 };
  };

  const handle = async (request: FastifyRequest, reply: FastifyReply, slug: string) => {
    if (slug.length > 80 || !PLAUSIBLE_SLUG.test(slug))
      return sendNotFoundPage(site, request, reply);
    const negotiated = negotiateLanguage(request);
    const page = await cache.get(`class:${negotiated.lang}:${slug}`, () =>
      render(slug, negotiated.lang),
    );
    if (page.status === 404) return sendNotFoundPage(site, request, reply);
    const [path = '', search] = request.url.split(/\?(.*)/s);
    const canonical = classPagePath(slug);
    if (path !== canonical) {
      return reply.redirect(search ? `${canonical}?${search}` : canonical, 301);
    }
    return sendPage(request, reply, page.body, { negotiated });
  };

  const options = { schema: { hide: true } };
  app.get<{ Params: { slug: string } }>('/classes/in-person/:slug', options, (request, reply) =>
    handle(request, reply, request.params.slug),
  );
  app.get<{ Params: { slug: string } }>('/classes/online/:slug', options, (request, reply) =>
    handle(request, reply, request.params.slug),
  );
  app.get<{ Params: { slug: string } }>('/classes/:slug', options, (request, reply) =>
    handle(request, reply, request.params.slug),
  );
};
