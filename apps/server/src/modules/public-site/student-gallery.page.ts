import { IMAGE_THUMB_PX } from '@atelier/contract';
import type { PublicArtwork } from '../gallery';
import { html, type SafeHtml } from './html';
import { withLang } from './language';
import type { PageInput, SiteContext } from './layout';
import { SITE_PATHS } from './site-menu';
import type { Lang } from './site-strings';
import { STUDENT_GALLERY_STRINGS } from './student-gallery.strings';

// /student-gallery (docs/product.md#public-site): the artwork of students whose families chose
// "public", newest first, a numbered page at a time. Each post shows its first picture as the
// square thumbnail (small, so a phone loads a page quickly), linked to the display size; its
// other pictures are linked below it.

/** Posts per page: three rows of four on a wide screen, six of two on a phone. */
export const GALLERY_PAGE_SIZE = 12;
/** Pictures of the first row load at once; the rest only as they scroll into view. */
const EAGER_PICTURES = 4;

const STYLES = [
  '.artworks{list-style:none;margin:24px 0;padding:0;display:grid;grid-template-columns:repeat(auto-fill,minmax(150px,1fr));gap:20px}',
  '.artworks figure{margin:0}',
  '.artworks img{display:block;width:100%;height:auto;aspect-ratio:1/1;object-fit:cover;border-radius:6px;background:#e4ebe8}',
  '.artworks figcaption{margin-top:6px;font-size:.95rem}',
  '.artworks .by{display:block;color:#4d5a60}',
  '.artworks .more{margin:4px 0 0;font-size:.9rem}',
  '.artworks .more a{display:inline-block;padding:4px 0;margin-right:10px}',
  '.pager{display:flex;flex-wrap:wrap;gap:12px 20px;align-items:center;margin:24px 0}',
  '.pager a{display:inline-block;padding:8px 0}',
].join('');

export type GalleryPageView = {
  /** The page shown, from 1. */
  page: number;
  /** How many pages there are (0 when nothing is shared). */
  pages: number;
  posts: PublicArtwork[];
};

/** The gallery's URL for `page` (no `?page=` on the first), keeping a chosen language. */
export function galleryPagePath(page: number, lang: Lang | null): string {
  return withLang(SITE_PATHS.studentGallery, lang, page > 1 ? { page: String(page) } : undefined);
}

function artwork(post: PublicArtwork, index: number, lang: Lang): SafeHtml | null {
  const t = STUDENT_GALLERY_STRINGS[lang];
  const [first, ...others] = post.images;
  if (!first?.thumb_url) return null;
  const eager = index < EAGER_PICTURES;
  // The first picture is usually what a phone paints last: ask for it first.
  const loading = eager
    ? html` loading="eager"${index === 0 ? html` fetchpriority="high"` : ''}`
    : html` loading="lazy"`;
  const img = html`<img src="${first.thumb_url}" alt="${t.artworkAlt(post.studentName)}" width="${IMAGE_THUMB_PX}" height="${IMAGE_THUMB_PX}"${loading} decoding="async">`;
  const picture = first.url ? html`<a href="${first.url}">${img}</a>` : img;
  const more =
    others.length > 0
      ? html`<p class="more">${t.morePictures} ${others.map((image, i) =>
          image.url ? html`<a href="${image.url}">${t.picture(i + 2, post.images.length)}</a>` : '',
        )}</p>`
      : '';
  const caption = post.caption.trim();
  return html`<li><figure>${picture}<figcaption>${caption ? html`<span>${caption}</span>` : ''}<span class="by">${t.byStudent(post.studentName)}</span>${more}</figcaption></figure></li>`;
}

function pager(view: GalleryPageView, lang: Lang, chosenLang: Lang | null): SafeHtml {
  const t = STUDENT_GALLERY_STRINGS[lang];
  if (view.pages <= 1) return html``;
  const previous =
    view.page > 1
      ? html`<a rel="prev" href="${galleryPagePath(view.page - 1, chosenLang)}">${t.previous}</a>`
      : '';
  const next =
    view.page < view.pages
      ? html`<a rel="next" href="${galleryPagePath(view.page + 1, chosenLang)}">${t.next}</a>`
      : '';
  return html`<nav class="pager" aria-label="${t.pages}">${previous}<span aria-current="page">${t.pageOf(view.page, view.pages)}</span>${next}</nav>`;
}

/**
 * The page's input for the layout. `chosenLang` is the language the visitor chose with `?lang=`
 * (kept in the pager's links), or null when it was negotiated.
 */
export function studentGalleryPageInput(
  site: SiteContext,
  lang: Lang,
  chosenLang: Lang | null,
  view: GalleryPageView,
): PageInput {
  const t = STUDENT_GALLERY_STRINGS[lang];
  const items = view.posts
    .map((post, i) => artwork(post, i, lang))
    .filter((item): item is SafeHtml => item !== null);
  const body =
    items.length > 0
      ? html`<ul class="artworks">${items}</ul>${pager(view, lang, chosenLang)}`
      : html`<p>${t.empty}</p>`;
  return {
    site,
    lang,
    path: SITE_PATHS.studentGallery,
    query: view.page > 1 ? { page: String(view.page) } : undefined,
    title: t.title(site.schoolName, view.page),
    description: t.description(site.schoolName),
    styles: STYLES,
    main: html`<div class="wrap"><h1>${t.heading}</h1><p class="lead">${t.lead}</p>${body}<p class="note">${t.share}</p></div>`,
    // Signed URLs expire: a shared link's preview would break within a day, so no og:image.
    image: null,
  };
}
