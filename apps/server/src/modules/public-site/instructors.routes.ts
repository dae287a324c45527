import type { FastifyPluginAsync } from 'fastify';
import { instructorsPageInput } from './instructors.page';
import { instructorsOfSchool } from './instructors.service';
import { negotiateLanguage } from './language';
import { renderPage, type SiteContext } from './layout';
import { pageBody, sendPage } from './page-response';
import { SITE_PATHS } from './site-menu';

export type InstructorsRoutesOptions = { site: SiteContext };

/**
 * GET /our-instructors: rendered on each request (one query), so a bio or photo saved in account
 * settings shows at once; the ETag still spares an unchanged page's bytes.
 */
export const instructorsRoutes: FastifyPluginAsync<InstructorsRoutesOptions> = async (
  app,
  opts,
) => {
  const { site } = opts;
  app.get(SITE_PATHS.ourInstructors, { schema: { hide: true } }, async (request, reply) => {
    const negotiated = negotiateLanguage(request);
    const instructors = await instructorsOfSchool(
      app.db,
      negotiated.lang,
      (key) => app.images.urls(key).thumbUrl,
    );
    const page = renderPage(instructorsPageInput(site, negotiated.lang, instructors));
    return sendPage(request, reply, pageBody(site, page), { negotiated });
  });
};
