import { readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { FastifyPluginAsync } from 'fastify';
import { html } from './html';
import { negotiateLanguage } from './language';
import { renderPage, type SiteContext } from './layout';
import { renderMarkdown } from './markdown';
import { type PageBody, pageBody, sendPage } from './page-response';
import { SITE_PATHS } from './site-menu';
import { DEFAULT_LANG, type Lang } from './site-strings';

/** Pages whose words the school edits: `{contentDir}/{lang}/{file}.md` (apps/server/content/README.md). */
export const CONTENT_PAGES = [
  { path: SITE_PATHS.about, file: 'about-atelier' },
  { path: SITE_PATHS.termsOfUse, file: 'terms-of-use' },
  { path: SITE_PATHS.privacyPolicy, file: 'privacy-policy' },
] as const;

export type ContentPagesOptions = { site: SiteContext; contentDir: string };

/**
 * About, terms of use and the privacy policy, from the content files. A file is read again when it
 * changes (its modification time), so the school's edit shows on the next request without a
 * restart; otherwise the rendered page is reused. A language without its file falls back to English.
 */
export const contentPagesRoutes: FastifyPluginAsync<ContentPagesOptions> = async (app, opts) => {
  const { site, contentDir } = opts;
  const rendered = new Map<string, { mtimeMs: number; body: PageBody }>();

  const fileOf = async (file: string, lang: Lang) => {
    for (const l of [lang, DEFAULT_LANG]) {
      const path = join(contentDir, l, `${file}.md`);
      const info = await stat(path).catch(() => null);
      if (info) return { path, mtimeMs: info.mtimeMs };
    }
    return null;
  };

  for (const page of CONTENT_PAGES) {
    app.get(page.path, { schema: { hide: true } }, async (request, reply) => {
      const negotiated = negotiateLanguage(request);
      const key = `${page.file}:${negotiated.lang}`;
      const found = await fileOf(page.file, negotiated.lang);
      if (!found) throw new Error(`Content file ${page.file}.md is missing from ${contentDir}`);
      let cached = rendered.get(key);
      if (!cached || cached.mtimeMs !== found.mtimeMs) {
        const doc = renderMarkdown(await readFile(found.path, 'utf8'), {
          school: site.schoolName,
          email: site.contactEmail,
        });
        const body = pageBody(
          site,
          renderPage({
            site,
            lang: negotiated.lang,
            path: page.path,
            title: doc.title,
            description: doc.description,
            ogType: 'article',
            main: html`<div class="wrap prose">${doc.html}</div>`,
          }),
        );
        cached = { mtimeMs: found.mtimeMs, body };
        rendered.set(key, cached);
      }
      return sendPage(request, reply, cached.body, { negotiated });
    });
  }
};
