import { LANGUAGE_COOKIE, LANGUAGE_COOKIE_MAX_AGE_S } from '@atelier/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import {
  askedLanguage,
  languageFromAcceptLanguage,
  requestLanguage,
} from '../../lib/request-language';
import { type Lang, SITE_LANGUAGES } from './site-strings';

/**
 * Remembers a visitor's explicit choice (`?lang=`) for the site's other pages, which link without
 * it, and for the app, whose language switch writes the same cookie (one choice for both).
 */
export const LANG_COOKIE = LANGUAGE_COOKIE;

/** The language a page is rendered in, and whether the visitor chose it (`?lang=`). */
export type Negotiated = { lang: Lang; chosen: boolean };

export { languageFromAcceptLanguage };

/**
 * The page's language: `?lang=` (the language switch, and the URLs `hreflang` names) first, then
 * the choice remembered from an earlier switch, then the browser's `Accept-Language`, then English
 * (docs/decisions/040-public-site-server-rendered-html.md), as lib/request-language.ts decides
 * for every answer (pages are requested without a session, so no account language applies).
 */
export function negotiateLanguage(request: FastifyRequest): Negotiated {
  const asked = askedLanguage(request);
  if (asked) return { lang: asked, chosen: true };
  return { lang: requestLanguage(request), chosen: false };
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
