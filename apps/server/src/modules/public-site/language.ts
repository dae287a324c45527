import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { DEFAULT_LANG, isLang, type Lang, SITE_LANGUAGES } from './site-strings';

/**
 * Remembers a visitor's explicit choice (`?lang=`) for the site's other pages, which link without
 * it, and for the app, whose language switch writes the same cookie (one choice for both).
 */
export const LANG_COOKIE = LANGUAGE_COOKIE;

/** The language a page is rendered in, and whether the visitor chose it (`?lang=`). */
export type Negotiated = { lang: Lang; chosen: boolean };

/**
 * The first of our languages the `Accept-Language` header asks for, by its q-values (`ja-JP`
 * counts as `ja`; `*` as the default); null when it asks for none of them.
 */
export function languageFromAcceptLanguage(header: string | undefined): Lang | null {
  const ranges: { tag: string; q: number; order: number }[] = [];
  (header ?? '').split(',').forEach((part, order) => {
    const [tag = '', ...params] = part.split(';').map((p) => p.trim().toLowerCase());
    if (!tag) return;
    const qParam = params.find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isNaN(q) || q <= 0) return;
    ranges.push({ tag, q, order });
  });
  ranges.sort((a, b) => b.q - a.q || a.order - b.order);
  for (const { tag } of ranges) {
    if (tag === '*') return DEFAULT_LANG;
    const primary = tag.split('-')[0];
    if (isLang(primary)) return primary;
  }
  return null;
}

function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/**
 * The page's language: `?lang=` (the language switch, and the URLs `hreflang` names) first, then
 * the choice remembered from an earlier switch, then the browser's `Accept-Language`, then English
 * (docs/decisions/040-public-site-server-rendered-html.md).
 */
export function negotiateLanguage(request: FastifyRequest): Negotiated {
  const query = request.query as Record<string, unknown> | undefined;
  const asked = query?.lang;
  if (isLang(asked)) return { lang: asked, chosen: true };
  const remembered = cookieValue(request.headers.cookie, LANG_COOKIE);
  if (isLang(remembered)) return { lang: remembered, chosen: false };
  return {
    lang: languageFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANG,
    chosen: false,
  };
}

/**
 * Headers every negotiated page carries: caches keep one copy per language header and cookie,
 * and a switch is remembered for a year (a preference, not a tracker: docs/product.md#public-site).
 */
export function sendLanguageHeaders(reply: FastifyReply, negotiated: Negotiated): void {
  reply.header('vary', 'Accept-Language, Cookie, Accept-Encoding');
  reply.header('content-language', negotiated.lang);
  if (negotiated.chosen) {
    reply.header(
      'set-cookie',
      `${LANG_COOKIE}=${negotiated.lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_S}; SameSite=Lax`,
    );
  }
}

/** `path` with `lang` set in its query (other parameters, such as a page number, kept). */
export function withLang(path: string, lang: Lang | null, query?: Record<string, string>): string {
  const params = new URLSearchParams(query);
  params.delete('lang');
  if (lang) params.set('lang', lang);
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

export { SITE_LANGUAGES };
