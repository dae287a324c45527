import {
  DEFAULT_LANGUAGE,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_S,
  LANGUAGES,
  type Language,
} from '@atelier/contract';
import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import type { FeatureTranslation, Translation } from './en-shape';

/** A dotted message key (plural keys without their `_one`/`_other` suffix). */
export type MessageKey = ParseKeys<'translation'>;

/**
 * Where the app used to keep the chosen UI language on its own; still read when the shared
 * language cookie is absent, and still written. Sign-out clears all of local storage
 * (docs/product.md#client-state) but not the cookie, which the public site shares.
 */
export const LANGUAGE_STORAGE_KEY = 'atelier.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The language cookie's value in a `document.cookie` string, as written; null without one. */
export function languageCookieValue(cookies: string): string | null {
  for (const part of cookies.split(';')) {
    const [name, ...value] = part.trim().split('=');
    if (name === LANGUAGE_COOKIE) return value.join('=');
  }
  return null;
}

/**
 * The visitor's language choice: the cookie the public site and the app share (the last choice
 * made on either, docs/product.md#who-uses-it), else what this app stored before there was one,
 * else English.
 */
export function storedLanguage(): Language {
  try {
    const shared = languageCookieValue(document.cookie);
    if (isLanguage(shared)) return shared;
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be unavailable (privacy mode); the default language still works.
    return DEFAULT_LANGUAGE;
  }
}

/**
 * Sets the language cookie as the public site sets it (path `/`, a year); with a max age of 0 it
 * removes it.
 */
export function writeLanguageCookie(
  value: string,
  maxAgeSeconds = LANGUAGE_COOKIE_MAX_AGE_S,
): void {
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is asynchronous and not in every browser the app supports, and start-up reads the choice synchronously.
  document.cookie = `${LANGUAGE_COOKIE}=${value}; Path=/; Max-Age=${maxAgeSeconds}; SameSite=Lax`;
}

/** Remembers `language` for the app and for the public site, which reads the same cookie. */
export function storeLanguage(language: Language): void {
  try {
    writeLanguageCookie(language);
  } catch {
    // Cookies can be disabled; local storage below still remembers the app's choice.
  }
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisting the choice is acceptable; the switch still applies to this visit.
  }
}

/**
 * Strings come in two parts per language: the shell's (`en.ts`, bundled for English) and the
 * pages' (`en-features.ts`, fetched with the first page that needs them). Japanese is fetched only
 * when chosen. Both parts go into the one `translation` namespace, so keys read the same everywhere.
 */
type Part = 'shell' | 'features';
const loaders: Record<Part, Record<Language, () => Promise<Translation | FeatureTranslation>>> = {
  shell: {
    en: async () => en,
    ja: async () => (await import('./ja')).ja,
  },
  features: {
    en: async () => (await import('./en-features')).enFeatures,
    ja: async () => (await import('./ja-features')).jaFeatures,
  },
};
const loaded = new Set<string>([`${DEFAULT_LANGUAGE}:shell`]);
let featuresWanted = false;

/**
 * The app uses i18next's default instance (the api client translates its snackbar texts through it
 * too). English shell strings are initialised synchronously at import, so the first render has them.
 */
if (!i18next.isInitialized) {
  void i18next.use(initReactI18next).init({
    // A copy: later parts are merged deeply into the stored resources, which must not touch `en`.
    resources: { en: { translation: structuredClone(en) } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    // React escapes rendered strings itself.
    interpolation: { escapeValue: false },
  });
}

export const i18n = i18next;

/** Adds one part of a language's strings now (tests, and the loaders below). */
export function addStrings(
  language: Language,
  part: Part,
  strings: Translation | FeatureTranslation,
): void {
  i18n.addResourceBundle(language, 'translation', strings, true, true);
  loaded.add(`${language}:${part}`);
  if (part === 'features') featuresWanted = true;
}

async function ensure(language: Language, part: Part): Promise<void> {
  if (loaded.has(`${language}:${part}`)) return;
  addStrings(language, part, await loaders[part][language]());
}

function currentLanguage(): Language {
  return isLanguage(i18n.language) ? i18n.language : DEFAULT_LANGUAGE;
}

/**
 * Makes the page strings available in the current language (and, from then on, in any language
 * switched to). Route modules other than login and not-found wait for it (see router.tsx).
 */
export async function loadFeatureStrings(): Promise<void> {
  featuresWanted = true;
  await ensure(currentLanguage(), 'features');
}

/** Loads the language's strings if needed and switches i18next and the page's `lang` to it. */
export async function setI18nLanguage(language: Language): Promise<void> {
  await Promise.all([
    ensure(language, 'shell'),
    featuresWanted ? ensure(language, 'features') : Promise.resolve(),
  ]);
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
