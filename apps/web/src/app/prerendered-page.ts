import { DEFAULT_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, STORAGE_KEYS } from '@atelier/contract';
import { isLanguage, LANGUAGE_STORAGE_KEY, languageCookieValue } from '../i18n/i18n';
import { WIDE_SCREEN_QUERY } from './shell/use-wide-screen';

/*
 * The HTML of /app/login and /app/ carries their first screen as the build rendered it: for a
 * guest, in English, on a narrow screen (docs/decisions/046-prerendered-first-screen.md). Only a
 * visitor who would see exactly that screen may keep it (the page hydrates it); anyone else (a
 * signed-in visitor, a Japanese guest, a wide screen, a query string) must never see it, not even
 * for a frame: an inline script in the page's head marks the document before the body is parsed,
 * a style hides the prerender, and the page renders from scratch as without a prerender.
 */

/** On #root: the app path (under /app) whose first screen the HTML carries. */
export const PRERENDERED_ATTRIBUTE = 'data-prerendered';
/** On <html>, set by the guard script: the prerender is not this visitor's screen. */
export const PRERENDER_STALE_ATTRIBUTE = 'data-prerender-stale';
/** On a prerendered form submitted before the page took it over: submit it once it has. */
export const PENDING_SUBMIT_ATTRIBUTE = 'data-submit-pending';

/** What decides whether the prerendered screen is this visitor's. */
export type Visitor = {
  /** The stored session token (`STORAGE_KEYS.jwt`), if any. */
  token: string | null;
  /** The language cookie shared with the public site (`LANGUAGE_COOKIE`) as set, if any. */
  languageCookie: string | null;
  /** The stored language (`LANGUAGE_STORAGE_KEY`) as stored, if any. */
  language: string | null;
  /** Whether the screen is at least the layout breakpoint wide (the drawer docks there). */
  wide: boolean;
  /** `location.search` */
  search: string;
  /** The path under the app's base (`/login`, `/`). */
  path: string;
};

/** Languages other than the default: a stored one of these means the guest reads another language. */
const OTHER_LANGUAGES = LANGUAGES.filter((language) => language !== DEFAULT_LANGUAGE);

/**
 * Whether a visitor would see the prerendered screen of `prerenderedPath` exactly. The language is
 * read as `storedLanguage()` reads it: the cookie when it names a language, else local storage,
 * and an unknown value counts as the default.
 */
export function prerenderFits(prerenderedPath: string | null, visitor: Visitor): boolean {
  if (prerenderedPath === null || prerenderedPath !== visitor.path) return false;
  const language = isLanguage(visitor.languageCookie) ? visitor.languageCookie : visitor.language;
  const otherLanguage = (OTHER_LANGUAGES as readonly (string | null)[]).includes(language);
  return visitor.token === null && !otherLanguage && !visitor.wide && visitor.search === '';
}

/** The browser's side of `Visitor`; storage that cannot be read counts as a visitor that does not fit. */
export function currentVisitor(base: string): Visitor | null {
  try {
    return {
      token: localStorage.getItem(STORAGE_KEYS.jwt),
      languageCookie: languageCookieValue(document.cookie),
      language: localStorage.getItem(LANGUAGE_STORAGE_KEY),
      wide: window.matchMedia(WIDE_SCREEN_QUERY).matches,
      search: window.location.search,
      path: window.location.pathname.startsWith(base)
        ? window.location.pathname.slice(base.length) || '/'
        : window.location.pathname,
    };
  } catch {
    return null;
  }
}

/**
 * The inline script the build puts first in a prerendered page's head, in plain ES5 because it
 * runs before anything else. It hides the prerender from a visitor who does not fit, by the same
 * rule as `prerenderFits` on the same keys (a test runs both on the same visitors); the path needs
 * no check, as the server sends a prerendered page only for its own path, without a query string.
 * And it keeps a prerendered form from being submitted by the browser before the page has taken
 * it over: a plain submit would send the fields (a password) in the URL. The form is marked and
 * submitted by the app once it can (`takeOverPrerender`).
 */
export function prerenderGuardScript(): string {
  const json = JSON.stringify;
  return (
    `(function(d){try{var s=localStorage,c=(/(?:^|;)\\s*${LANGUAGE_COOKIE}=([^;]*)/.exec(document.cookie)||[])[1],` +
    `l=${json(LANGUAGES)}.indexOf(c)>=0?c:s.getItem(${json(LANGUAGE_STORAGE_KEY)});` +
    `if(s.getItem(${json(STORAGE_KEYS.jwt)})!==null||${json(OTHER_LANGUAGES)}.indexOf(l)>=0||` +
    `matchMedia(${json(WIDE_SCREEN_QUERY)}).matches||location.search!=="")` +
    `d.setAttribute(${json(PRERENDER_STALE_ATTRIBUTE)},"")}` +
    `catch(e){d.setAttribute(${json(PRERENDER_STALE_ATTRIBUTE)},"")}` +
    `document.addEventListener("submit",function(e){var f=e.target;` +
    `if(f&&f.closest&&f.closest("[${PRERENDERED_ATTRIBUTE}]")){e.preventDefault();` +
    `f.setAttribute(${json(PENDING_SUBMIT_ATTRIBUTE)},"")}},true)})(document.documentElement)`
  );
}

/**
 * What the visitor typed or chose in the prerender before the app took it over stays on screen but
 * not in the app's state: an input or change event per changed field hands it over. Called as each
 * part of the screen is taken over, before anything re-renders it: a controlled field re-rendered
 * first would be reset to the app's empty value. A field whose part is not taken over yet has no
 * listener, and is handed over again when its part is.
 */
export function handOverTypedValues(root: HTMLElement): void {
  for (const field of root.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>(
    'input, textarea',
  )) {
    const toggle = field instanceof HTMLInputElement && /^(checkbox|radio)$/.test(field.type);
    if (!toggle && field.value !== field.defaultValue) {
      field.dispatchEvent(new Event('input', { bubbles: true }));
    }
  }
  for (const select of root.querySelectorAll('select')) {
    if ([...select.options].some((option) => option.selected !== option.defaultSelected)) {
      select.dispatchEvent(new Event('change', { bubbles: true }));
    }
  }
}

/**
 * Once the page has taken over the whole prerender, and each part's typed values with it
 * (`handOverTypedValues`): it is the app's now (the guard lets its forms submit), and a form
 * submitted before is submitted now.
 */
export function takeOverPrerender(root: HTMLElement): void {
  root.removeAttribute(PRERENDERED_ATTRIBUTE);
  const pending = root.querySelector<HTMLFormElement>(`form[${PENDING_SUBMIT_ATTRIBUTE}]`);
  if (!pending) return;
  pending.removeAttribute(PENDING_SUBMIT_ATTRIBUTE);
  // After the events above have re-rendered the form with the values.
  setTimeout(() => pending.requestSubmit(), 0);
}

/** The style that hides a prerender the guard marked stale, until the page replaces it. */
export function prerenderGuardStyle(): string {
  return `html[${PRERENDER_STALE_ATTRIBUTE}] #root{display:none}`;
}

/**
 * The inline script that starts the app on a prerendered page, in place of the entry's
 * `<script type="module">`, at the end of the body. It starts the app once the prerendered screen
 * has been painted (the browser's first-contentful-paint entry): a fast or cached entry would
 * otherwise run first and hold that paint back for as long as the app's start-up takes. It starts
 * at once when nothing is to be painted first: the guard hid the prerender, or the page loads in a
 * background tab (which paints no frame); and, should no paint entry ever come, after `latestMs`.
 * A browser without paint entries starts after the next frame.
 */
export function entryLoaderScript(src: string, latestMs = 3000): string {
  const json = JSON.stringify;
  return (
    `(function(d,w){var done=0;function go(){if(!done){done=1;import(${json(src)})}}` +
    `if(d.visibilityState==="hidden"||d.documentElement.hasAttribute(${json(PRERENDER_STALE_ATTRIBUTE)}))return go();` +
    `d.addEventListener("visibilitychange",go);setTimeout(go,${latestMs});` +
    `var P=w.PerformanceObserver;` +
    `if(P&&P.supportedEntryTypes&&P.supportedEntryTypes.indexOf("paint")>=0)` +
    `new P(function(l){if(l.getEntriesByName("first-contentful-paint").length)go()}).observe({type:"paint",buffered:true});` +
    `else requestAnimationFrame(function(){setTimeout(go,0)})})(document,window)`
  );
}
