import { LANGUAGE_COOKIE } from '@atelier/contract';
import { afterEach, describe, expect, it } from 'vitest';
import { en } from './en';
import { enFeatures } from './en-features';
import {
  i18n,
  LANGUAGE_STORAGE_KEY,
  languageCookieValue,
  setI18nLanguage,
  storedLanguage,
  storeLanguage,
  writeLanguageCookie,
} from './i18n';
import { ja } from './ja';
import { jaFeatures } from './ja-features';

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): [string, string][] {
  return Object.entries(tree).flatMap(([k, v]) =>
    typeof v === 'string'
      ? [[`${prefix}${k}`, v] as [string, string]]
      : leaves(v, `${prefix}${k}.`),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();

describe('language files', () => {
  const enLeaves = new Map(leaves({ ...en, ...enFeatures } as unknown as Tree));
  const jaLeaves = new Map(leaves({ ...ja, ...jaFeatures } as unknown as Tree));

  it('keep the shell strings and the page strings apart (no group in both)', () => {
    const shared = Object.keys(en).filter((group) => group in enFeatures);
    expect(shared).toEqual([]);
  });

  it('translate every English key into Japanese, with no empty string', () => {
    expect([...jaLeaves.keys()].sort()).toEqual([...enLeaves.keys()].sort());
    for (const [key, text] of jaLeaves) expect(text.trim(), key).not.toBe('');
  });

  it('use the same interpolation placeholders in both languages', () => {
    for (const [key, text] of enLeaves) {
      expect(placeholders(jaLeaves.get(key) ?? ''), key).toEqual(placeholders(text));
    }
  });
});

describe('language switching', () => {
  afterEach(async () => {
    await setI18nLanguage('en');
  });

  it('loads Japanese on demand, shell and page strings, and sets the page language', async () => {
    await setI18nLanguage('ja');
    expect(i18n.t('notifications.empty')).toBe(ja.notifications.empty);
    // The test setup loaded the page strings, so switching brings the Japanese ones too.
    expect(i18n.t('pages.orders')).toBe(jaFeatures.pages.orders);
    expect(document.documentElement.lang).toBe('ja');
    await setI18nLanguage('en');
    expect(i18n.t('notifications.empty')).toBe('No notification');
    expect(document.documentElement.lang).toBe('en');
  });

  it('remembers the choice, and falls back to English for anything unknown', () => {
    expect(storedLanguage()).toBe('en');
    storeLanguage('ja');
    expect(localStorage.getItem(LANGUAGE_STORAGE_KEY)).toBe('ja');
    expect(storedLanguage()).toBe('ja');
    writeLanguageCookie('', 0);
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'fr');
    expect(storedLanguage()).toBe('en');
  });

  it('shares one choice with the public site through its language cookie', () => {
    // Japanese chosen on the public site, nothing stored by the app yet.
    writeLanguageCookie('ja');
    expect(storedLanguage()).toBe('ja');
    // The last choice wins, wherever it was made: the app's old one gives way to the site's.
    localStorage.setItem(LANGUAGE_STORAGE_KEY, 'en');
    expect(storedLanguage()).toBe('ja');
    // And the app's switch tells the site.
    storeLanguage('en');
    expect(languageCookieValue(document.cookie)).toBe('en');
    expect(storedLanguage()).toBe('en');
  });

  it('reads the language cookie among others, and nothing from a look-alike', () => {
    expect(languageCookieValue(`a=1; ${LANGUAGE_COOKIE}=ja; b=2`)).toBe('ja');
    expect(languageCookieValue(`x${LANGUAGE_COOKIE}=ja`)).toBeNull();
    expect(languageCookieValue('')).toBeNull();
  });
});
