import { DEFAULT_LANGUAGE, LANGUAGES, type Language } from '@atelier/contract';
import i18next, { type ParseKeys } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { en } from './en';
import type { Translation } from './en-shape';

/** A dotted message key of en.ts (plural keys without their `_one`/`_other` suffix). */
export type MessageKey = ParseKeys<'translation'>;

/**
 * Where the chosen UI language is kept across visits. Note that sign-out clears all of local storage
 * and resets the store (SPEC §4), so the language returns to English after signing out.
 */
export const LANGUAGE_STORAGE_KEY = 'atelier.language';

export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

export function storedLanguage(): Language {
  try {
    const value = localStorage.getItem(LANGUAGE_STORAGE_KEY);
    return isLanguage(value) ? value : DEFAULT_LANGUAGE;
  } catch {
    // Storage can be unavailable (privacy mode); the default language still works.
    return DEFAULT_LANGUAGE;
  }
}

export function storeLanguage(language: Language): void {
  try {
    localStorage.setItem(LANGUAGE_STORAGE_KEY, language);
  } catch {
    // Not persisting the choice is acceptable; the switch still applies to this visit.
  }
}

// Japanese is fetched only when chosen, so English visitors do not download it.
const loaders: Record<Language, () => Promise<Translation>> = {
  en: async () => en,
  ja: async () => (await import('./ja')).ja,
};

/**
 * The app uses i18next's default instance (the api client translates its snackbar texts through it
 * too). English is bundled and initialised synchronously at import, so the first render and every
 * component test have their strings without waiting.
 */
if (!i18next.isInitialized) {
  void i18next.use(initReactI18next).init({
    resources: { en: { translation: en } },
    lng: DEFAULT_LANGUAGE,
    fallbackLng: DEFAULT_LANGUAGE,
    supportedLngs: [...LANGUAGES],
    initAsync: false,
    // React escapes rendered strings itself.
    interpolation: { escapeValue: false },
  });
}

export const i18n = i18next;

/** Loads the language's strings if needed and switches i18next and the page's `lang` to it. */
export async function setI18nLanguage(language: Language): Promise<void> {
  if (!i18n.hasResourceBundle(language, 'translation')) {
    i18n.addResourceBundle(language, 'translation', await loaders[language]());
  }
  if (i18n.language !== language) await i18n.changeLanguage(language);
  document.documentElement.lang = language;
}
