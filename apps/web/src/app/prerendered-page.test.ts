import { STORAGE_KEYS } from '@atelier/contract';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { LANGUAGE_STORAGE_KEY, writeLanguageCookie } from '../i18n/i18n';
import {
  entryLoaderScript,
  handOverTypedValues,
  PENDING_SUBMIT_ATTRIBUTE,
  PRERENDER_STALE_ATTRIBUTE,
  PRERENDERED_ATTRIBUTE,
  prerenderFits,
  prerenderGuardScript,
  takeOverPrerender,
  type Visitor,
} from './prerendered-page';

const guest: Visitor = {
  token: null,
  languageCookie: null,
  language: null,
  wide: false,
  search: '',
  path: '/login',
};

describe('prerenderFits', () => {
  it('keeps the prerender for a guest in English on a narrow screen at its own path', () => {
    expect(prerenderFits('/login', guest)).toBe(true);
    expect(prerenderFits('/', { ...guest, path: '/' })).toBe(true);
    // English chosen, or a stored value that is no language (storedLanguage() reads it as English).
    expect(prerenderFits('/login', { ...guest, language: 'en' })).toBe(true);
    expect(prerenderFits('/login', { ...guest, language: 'fr' })).toBe(true);
    // English chosen last, on the public site: the shared cookie wins over the app's old choice.
    expect(prerenderFits('/login', { ...guest, languageCookie: 'en', language: 'ja' })).toBe(true);
  });

  it.each<[string, Partial<Visitor>]>([
    ['a signed-in visitor', { token: 'a.b.c' }],
    ['a guest reading Japanese', { language: 'ja' }],
    ['a guest who chose Japanese on the public site', { languageCookie: 'ja' }],
    [
      'a cookie that is no language, over a stored Japanese',
      { languageCookie: 'fr', language: 'ja' },
    ],
    ['a wide screen (the drawer docks there)', { wide: true }],
    ['a query string (the prerender knows none)', { search: '?redirect=%2Fcart' }],
    ['another path', { path: '/register' }],
  ])('does not keep it for %s', (_, change) => {
    expect(prerenderFits('/login', { ...guest, ...change })).toBe(false);
  });

  it('does not keep what is not a prerender', () => {
    expect(prerenderFits(null, guest)).toBe(false);
  });
});

describe('the guard script in the prerendered page', () => {
  let wide = false;
  beforeEach(() => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: wide, media: query }));
    document.documentElement.removeAttribute(PRERENDER_STALE_ATTRIBUTE);
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    document.documentElement.removeAttribute(PRERENDER_STALE_ATTRIBUTE);
    window.history.replaceState(null, '', '/');
  });

  const cases: Visitor[] = [
    guest,
    { ...guest, language: 'en' },
    { ...guest, language: 'fr' },
    { ...guest, token: 'a.b.c' },
    { ...guest, language: 'ja' },
    { ...guest, wide: true },
    { ...guest, search: '?redirect=%2Fcart' },
    { ...guest, token: 'a.b.c', language: 'ja', wide: true },
    { ...guest, languageCookie: 'ja' },
    { ...guest, languageCookie: 'en', language: 'ja' },
    { ...guest, languageCookie: 'fr', language: 'ja' },
  ];

  it.each(cases)('decides as prerenderFits does: %o', (visitor) => {
    localStorage.clear();
    writeLanguageCookie('', 0);
    if (visitor.languageCookie !== null) {
      writeLanguageCookie(visitor.languageCookie);
    }
    if (visitor.token !== null) localStorage.setItem(STORAGE_KEYS.jwt, visitor.token);
    if (visitor.language !== null) localStorage.setItem(LANGUAGE_STORAGE_KEY, visitor.language);
    wide = visitor.wide;
    window.history.replaceState(null, '', `/app/login${visitor.search}`);
    new Function(prerenderGuardScript())();
    const stale = document.documentElement.hasAttribute(PRERENDER_STALE_ATTRIBUTE);
    expect(stale).toBe(!prerenderFits('/login', visitor));
  });

  it('hides the prerender when storage cannot be read', () => {
    vi.stubGlobal('localStorage', {
      getItem() {
        throw new Error('denied');
      },
    });
    new Function(prerenderGuardScript())();
    expect(document.documentElement.hasAttribute(PRERENDER_STALE_ATTRIBUTE)).toBe(true);
  });
});

/** A prerendered login form as the page's HTML brings it, before the app runs. */
function prerenderedForm() {
  document.body.innerHTML = `<div id="root" ${PRERENDERED_ATTRIBUTE}="/login"><form><input name="email" type="email" value=""><input name="password" type="password" value=""><select><option value="en" selected>English</option><option value="ja">日本語</option></select><button type="submit">Log in</button></form></div><form id="outside"><button type="submit">Other</button></form>`;
  const root = document.getElementById('root') as HTMLElement;
  const form = root.querySelector('form') as HTMLFormElement;
  return { root, form, email: form.elements.namedItem('email') as HTMLInputElement };
}

describe('a prerendered form before the page takes it over', () => {
  beforeAll(() => {
    // The guard's listener stays on the document, as on the page.
    vi.stubGlobal('matchMedia', () => ({ matches: false }));
    new Function(prerenderGuardScript())();
    vi.unstubAllGlobals();
  });
  afterEach(() => {
    document.body.innerHTML = '';
    document.documentElement.removeAttribute(PRERENDER_STALE_ATTRIBUTE);
  });

  it('is not submitted by the browser (the password would go into the URL), but marked', () => {
    const { form } = prerenderedForm();
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    form.dispatchEvent(submitted);
    expect(submitted.defaultPrevented).toBe(true);
    expect(form.hasAttribute(PENDING_SUBMIT_ATTRIBUTE)).toBe(true);
  });

  it('leaves forms outside the prerender alone', () => {
    prerenderedForm();
    const outside = document.getElementById('outside') as HTMLFormElement;
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    outside.addEventListener('submit', (event) => event.preventDefault());
    outside.dispatchEvent(submitted);
    expect(outside.hasAttribute(PENDING_SUBMIT_ATTRIBUTE)).toBe(false);
  });

  it('hands what was typed and chosen to the app, then submits what was submitted', async () => {
    const { root, form, email } = prerenderedForm();
    email.value = 'early@example.com';
    (root.querySelector('select') as HTMLSelectElement).value = 'ja';
    form.dispatchEvent(new Event('submit', { bubbles: true, cancelable: true }));
    const events: string[] = [];
    root.addEventListener('input', (e) =>
      events.push(`input ${(e.target as HTMLInputElement).name}`),
    );
    root.addEventListener('change', () => events.push('change select'));
    form.addEventListener('submit', (e) => {
      e.preventDefault();
      events.push(`submit ${new FormData(form).get('email')}`);
    });

    handOverTypedValues(root);
    takeOverPrerender(root);
    expect(root.hasAttribute(PRERENDERED_ATTRIBUTE)).toBe(false);
    expect(form.hasAttribute(PENDING_SUBMIT_ATTRIBUTE)).toBe(false);
    // Only the changed field; the submit waits for the app to re-render with the values.
    expect(events).toEqual(['input email', 'change select']);
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(events).toEqual(['input email', 'change select', 'submit early@example.com']);
  });

  it('once taken over, lets the app handle its own submits', () => {
    const { root, form } = prerenderedForm();
    takeOverPrerender(root);
    const submitted = new Event('submit', { bubbles: true, cancelable: true });
    form.addEventListener('submit', (event) => event.preventDefault());
    form.dispatchEvent(submitted);
    expect(form.hasAttribute(PENDING_SUBMIT_ATTRIBUTE)).toBe(false);
  });
});

describe('the entry loader', () => {
  const SRC = '/app/assets/index-abc.js';
  let loads: string[] = [];
  /** The loader with its import() pointed at a recorder (jsdom cannot import the entry). */
  const runLoader = (latestMs?: number) => {
    const script = entryLoaderScript(SRC, latestMs);
    expect(script.match(/import\(/g)).toHaveLength(1);
    new Function(script.replace('import(', 'globalThis.__recordLoad('))();
  };
  /** A PerformanceObserver that reports the paint entries `paint()` emits. */
  const observers: ((names: string[]) => void)[] = [];
  const paint = (...names: string[]) => {
    for (const observer of observers) observer(names);
  };
  class FakePaintObserver {
    static supportedEntryTypes = ['paint'];
    constructor(private readonly callback: (list: unknown) => void) {}
    observe() {
      observers.push((names) =>
        this.callback({ getEntriesByName: (name: string) => names.filter((n) => n === name) }),
      );
    }
  }

  beforeEach(() => {
    loads = [];
    observers.length = 0;
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame'] });
    vi.stubGlobal('__recordLoad', (src: string) => loads.push(src));
    vi.stubGlobal('PerformanceObserver', FakePaintObserver);
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.unstubAllGlobals();
    document.documentElement.removeAttribute(PRERENDER_STALE_ATTRIBUTE);
  });

  it('starts the app once the prerendered screen has been painted, and only once', () => {
    runLoader();
    paint('first-paint');
    vi.advanceTimersByTime(100);
    expect(loads).toEqual([]);
    paint('first-contentful-paint');
    expect(loads).toEqual([SRC]);
    paint('first-contentful-paint');
    vi.advanceTimersByTime(5000);
    document.dispatchEvent(new Event('visibilitychange'));
    expect(loads).toEqual([SRC]);
  });

  it('starts at once when the guard hid the prerender: nothing is to be painted first', () => {
    document.documentElement.setAttribute(PRERENDER_STALE_ATTRIBUTE, '');
    runLoader();
    expect(loads).toEqual([SRC]);
  });

  it('starts at once in a background tab, and when the tab is hidden before the paint', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    runLoader();
    expect(loads).toEqual([SRC]);
    vi.restoreAllMocks();
    loads = [];
    runLoader();
    document.dispatchEvent(new Event('visibilitychange'));
    expect(loads).toEqual([SRC]);
  });

  it('starts after a while when no paint entry comes', () => {
    runLoader(3000);
    vi.advanceTimersByTime(2999);
    expect(loads).toEqual([]);
    vi.advanceTimersByTime(1);
    expect(loads).toEqual([SRC]);
  });

  it('starts after the next frame in a browser without paint entries', () => {
    vi.stubGlobal('PerformanceObserver', undefined);
    runLoader();
    expect(loads).toEqual([]);
    vi.advanceTimersToNextFrame();
    expect(loads).toEqual([]);
    // The task after the frame (a zero timeout, which fake timers run a millisecond later).
    vi.advanceTimersByTime(1);
    expect(loads).toEqual([SRC]);
  });
});
