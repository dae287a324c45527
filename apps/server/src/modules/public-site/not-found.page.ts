import type { FastifyReply, FastifyRequest } from 'fastify';
import { html } from './html';
import { negotiateLanguage } from './language';
import { renderPage, type SiteContext } from './layout';
import { pageBody, sendPage } from './page-response';
import { SITE_PATHS } from './site-menu';
import { siteStrings } from './site-strings';

/** The site's not-found page, in the visitor's language, with status 404. */
export function sendNotFoundPage(
  site: SiteContext,
  request: FastifyRequest,
  reply: FastifyReply,
): Promise<FastifyReply> {
  const negotiated = negotiateLanguage(request);
  const t = siteStrings(negotiated.lang).notFound;
  // The language links repeat the path: `//other.example/x` (or `/\other.example/x`, which
  // browsers read alike) would lead off the site, so leading slashes collapse to one.
  const path = `/${(request.url.split('?')[0] ?? '').replace(/^[/\\]+/, '')}`;
  const page = renderPage({
    site,
    lang: negotiated.lang,
    path,
    title: `${t.title} | ${site.schoolName}`,
    description: t.body,
    noindex: true,
    main: html`<div class="wrap"><h1>${t.heading}</h1><p>${t.body}</p><p><a class="btn btn-primary" href="${SITE_PATHS.home}">${t.home}</a></p></div>`,
  });
  return sendPage(request, reply, pageBody(site, page), { negotiated, status: 404 });
}
