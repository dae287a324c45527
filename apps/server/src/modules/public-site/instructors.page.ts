import { html, type SafeHtml } from './html';
import { INSTRUCTORS_STRINGS } from './instructors.strings';
import type { PageInput, SiteContext } from './layout';
import { SITE_PATHS } from './site-menu';
import type { Lang } from './site-strings';

// /our-instructors (docs/product.md#public-site): each teacher's name, photo and the bio they
// write in account settings. Never an e-mail address: families reach teachers through the school.

/** A teacher as the page shows them. */
export type Instructor = {
  name: string;
  /** The avatar's square thumbnail; null shows the initials. */
  photoUrl: string | null;
  bio: string | null;
};

/** Side of the rendered photo, in CSS pixels (the thumbnail is larger, for sharp screens). */
const PHOTO_PX = 112;
/** Photos of the first few people load at once; the rest only as they scroll into view. */
const EAGER_PHOTOS = 2;

const STYLES = [
  '.people{list-style:none;margin:24px 0;padding:0;display:grid;gap:28px}',
  `.person{display:grid;grid-template-columns:${PHOTO_PX}px 1fr;gap:20px;align-items:start}`,
  `.person img,.initials{display:block;width:${PHOTO_PX}px;height:${PHOTO_PX}px;border-radius:50%;object-fit:cover;background:#e4ebe8}`,
  '.initials{display:flex;align-items:center;justify-content:center;color:#2b353a;font-weight:700;font-size:2rem}',
  '.person h2{margin:0 0 .3em}',
  '.person p{margin:0 0 .6em}',
  '@media (max-width:480px){.person{grid-template-columns:1fr;gap:12px}}',
].join('');

/** "Theo Teacher" → "TT", "Ada" → "A": the first letters of the first and last words. */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s\u3000]+/u)
    .filter(Boolean);
  const first = words[0];
  if (first === undefined) return '';
  const letters = [first, ...(words.length > 1 ? words.slice(-1) : [])].map(
    (word) => Array.from(word)[0] ?? '',
  );
  return letters.join('').toLocaleUpperCase();
}

/** Text as typed in a textarea: a blank line starts a paragraph, a line break stays one. */
export function paragraphs(text: string): SafeHtml[] {
  return text
    .split(/\n\s*\n/)
    .map((block) => block.trim())
    .filter((block) => block !== '')
    .map((block) => {
      const lines = block.split('\n');
      return html`<p>${lines.map((line, i) => (i === 0 ? line : html`<br>${line}`))}</p>`;
    });
}

function person(instructor: Instructor, index: number, lang: Lang): SafeHtml {
  const t = INSTRUCTORS_STRINGS[lang];
  const loading = index < EAGER_PHOTOS ? 'eager' : 'lazy';
  // The name is the heading beside it, so the photo adds no words of its own (alt="").
  const photo = instructor.photoUrl
    ? html`<img src="${instructor.photoUrl}" alt="" width="${PHOTO_PX}" height="${PHOTO_PX}" loading="${loading}" decoding="async">`
    : html`<span class="initials" aria-hidden="true">${initialsOf(instructor.name)}</span>`;
  const bio = instructor.bio ? paragraphs(instructor.bio) : html`<p class="note">${t.noBio}</p>`;
  return html`<li class="person">${photo}<div><h2>${instructor.name}</h2>${bio}</div></li>`;
}

export function instructorsPageInput(
  site: SiteContext,
  lang: Lang,
  instructors: Instructor[],
): PageInput {
  const t = INSTRUCTORS_STRINGS[lang];
  const list =
    instructors.length > 0
      ? html`<ul class="people">${instructors.map((i, n) => person(i, n, lang))}</ul>`
      : html`<p>${t.none}</p>`;
  return {
    site,
    lang,
    path: SITE_PATHS.ourInstructors,
    title: t.title(site.schoolName),
    description: t.description(site.schoolName),
    styles: STYLES,
    main: html`<div class="wrap prose"><h1>${t.heading}</h1><p class="lead">${t.lead}</p>${list}</div>`,
  };
}
