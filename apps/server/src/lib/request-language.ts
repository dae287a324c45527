import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@atelier/contract';
import type { FastifyRequest } from 'fastify';

// The one answer to "which language does this reader read?" for everything the server writes
// in a language: API answers with the school's content, public pages and (through the account's
// locale) mail (docs/architecture.md#translated-content).

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);

/**
 * The first of our languages the `Accept-Language` header asks for, by its q-values (`ja-JP`
 * counts as `ja`; `*` as the default); null when it asks for none of them.
 */
export function languageFromAcceptLanguage(header: string | undefined): Language | null {
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
    if (tag === '*') return DEFAULT_LANGUAGE;
    const primary = tag.split('-')[0];
    if (isLanguage(primary)) return primary;
  }
  return null;
}

export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}

/** `?lang=` when it names one of our languages (the public site's language switch). */
export function askedLanguage(request: FastifyRequest): Language | null {
  const asked = (request.query as Record<string, unknown> | undefined)?.lang;
  return isLanguage(asked) ? asked : null;
}

/**
 * The reader's language: the signed-in account's own language, else the visitor's choice
 * (`?lang=`, then the language cookie the site and the app's switch write), else the browser's
 * `Accept-Language` (which the web app sets to its interface language), else the default.
 * Answers that depend on it must be cached per language and `Vary` on its inputs.
 */
export function requestLanguage(request: FastifyRequest): Language {
  const account = request.session?.user.locale;
  if (isLanguage(account)) return account;
  const asked = askedLanguage(request);
  if (asked) return asked;
  const remembered = cookieValue(request.headers.cookie, LANGUAGE_COOKIE);
  if (isLanguage(remembered)) return remembered;
  return languageFromAcceptLanguage(request.headers['accept-language']) ?? DEFAULT_LANGUAGE;
}

/** The request headers `requestLanguage` reads besides the query: for `Vary`. */
export const LANGUAGE_VARY = 'authorization, cookie, accept-language';
