import type { FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { languageFromAcceptLanguage, requestLanguage } from './request-language';

const request = (parts: {
  locale?: 'en' | 'ja' | null;
  lang?: string;
  cookie?: string;
  acceptLanguage?: string;
}) =>
  ({
    session: parts.locale === undefined ? null : { user: { locale: parts.locale } },
    query: parts.lang ? { lang: parts.lang } : {},
    headers: { cookie: parts.cookie, 'accept-language': parts.acceptLanguage },
  }) as unknown as FastifyRequest;

describe("the reader's language", () => {
  it("takes the account's language first, then ?lang=, the cookie, Accept-Language, English", () => {
    expect(requestLanguage(request({ locale: 'ja', lang: 'en', acceptLanguage: 'en' }))).toBe('ja');
    expect(requestLanguage(request({ locale: null, lang: 'ja', cookie: 'site_lang=en' }))).toBe(
      'ja',
    );
    expect(requestLanguage(request({ cookie: 'a=1; site_lang=ja', acceptLanguage: 'en' }))).toBe(
      'ja',
    );
    expect(requestLanguage(request({ acceptLanguage: 'fr, ja-JP;q=0.8, en;q=0.5' }))).toBe('ja');
    expect(requestLanguage(request({ lang: 'fr', acceptLanguage: 'de' }))).toBe('en');
  });

  it('reads Accept-Language by its q-values', () => {
    expect(languageFromAcceptLanguage('en;q=0.4, ja;q=0.9')).toBe('ja');
    expect(languageFromAcceptLanguage('*')).toBe('en');
    expect(languageFromAcceptLanguage('fr')).toBeNull();
  });
});
