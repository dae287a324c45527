import type { FastifyPluginAsync } from 'fastify';
import { publicArtwork } from '../gallery';
import { negotiateLanguage } from './language';
import { renderPage, type SiteContext } from './layout';
import { sendNotFoundPage } from './not-found.page';
import { pageBody, sendPage } from './page-response';
import { SITE_PATHS } from './site-menu';
import { GALLERY_PAGE_SIZE, studentGalleryPageInput } from './student-gallery.page';

export type StudentGalleryRoutesOptions = { site: SiteContext };

/** Pages past this are never looked up: a crawler's `?page=99999999` costs no query. */
const MAX_PAGE = 10_000;

/** `?page=` as a page number: absent is 1; anything but a whole number from 1 is null. */
export function pageNumber(value: unknown): number | null {
  if (value === undefined) return 1;
  if (typeof value !== 'string' || !/^[1-9]\d{0,5}$/.test(value)) return null;
  const page = Number(value);
  return page <= MAX_PAGE ? page : null;
}

/**
 * GET /student-gallery[?page=N]. Rendered on each request and never cached here: a post a teacher
 * hides or a family makes private must leave the public page at once (docs/product.md#public-site).
 * A page number that is not one, or past the last page, is the site's 404 page.
 */
export const studentGalleryRoutes: FastifyPluginAsync<StudentGalleryRoutesOptions> = async (
  app,
  opts,
) => {
  const { site } = opts;
  app.get(SITE_PATHS.studentGallery, { schema: { hide: true } }, async (request, reply) => {
    const query = (request.query ?? {}) as Record<string, unknown>;
    const page = pageNumber(query.page);
    if (page === null) return sendNotFoundPage(site, request, reply);
    const negotiated = negotiateLanguage(request);
    const { posts, total } = await publicArtwork(app, {
      offset: (page - 1) * GALLERY_PAGE_SIZE,
      limit: GALLERY_PAGE_SIZE,
    });
    const pages = Math.ceil(total / GALLERY_PAGE_SIZE);
    if (page > Math.max(pages, 1)) return sendNotFoundPage(site, request, reply);
    const input = studentGalleryPageInput(
      site,
      negotiated.lang,
      negotiated.chosen ? negotiated.lang : null,
      { page, pages, posts },
    );
    return sendPage(request, reply, pageBody(site, renderPage(input)), { negotiated });
  });
};
