/*
 * The build's prerender (build/prerender.ts bundles this file for Node on preact/compat, the
 * production runtime): renders a guest's first screen of /login and / to HTML with the styles it
 * uses, so the page paints before its JavaScript arrives and then hydrates those very nodes
 * (docs/decisions/046-prerendered-first-screen.md). Never part of the browser's bundle.
 */
import { APP_BASE } from '@atelier/contract';
import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { renderToStringAsync } from 'preact-render-to-string';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { clearUser, sessionReducer } from '../features/session';
import type { ClientConfig } from '../lib/client-config';
import { AppRoot } from './app-root';
import {
  entryLoaderScript,
  PRERENDERED_ATTRIBUTE,
  prerenderGuardScript,
  prerenderGuardStyle,
} from './prerendered-page';
import { routes } from './router';
import { makeStore } from './store';

export { entryLoaderScript, PRERENDERED_ATTRIBUTE, prerenderGuardScript, prerenderGuardStyle };

/** The app paths (under /app) whose first screen the page's HTML carries. */
export const PRERENDERED_PATHS = ['/login', '/'] as const;

export type PrerenderedScreen = {
  /** The app path, e.g. `/login`. */
  path: string;
  /** What goes inside `<div id="root">`. */
  html: string;
  /** `<style data-emotion>` elements for the head, in the order Emotion inserted them. */
  styles: string;
};

/**
 * An Emotion cache that collects each style's rules instead of writing `<style>` elements into
 * the markup (`compat`), remembering the order of insertion: MUI's later rules (a variant, `sx`)
 * must stay after the earlier ones they override, and object key order would put numeric-looking
 * hashes first.
 */
function collectingCache(): { cache: EmotionCache; order: string[] } {
  const cache = createCache({ key: 'css' });
  cache.compat = true;
  const order: string[] = [];
  const insert = cache.insert.bind(cache);
  cache.insert = (selector, serialized, sheet, shouldCache) => {
    if (!(serialized.name in cache.inserted)) order.push(serialized.name);
    return insert(selector, serialized, sheet, shouldCache);
  };
  return { cache, order };
}

/**
 * The collected styles as the browser's Emotion cache picks them up: global styles one element
 * each (`css-global <name>`, which `<Global>` adopts), then every class in one element
 * (`css <id> <id> …`, which the cache marks as inserted, so nothing is inserted twice). They are
 * marked `data-s` (what Emotion marks the elements it moved into the head with) because they are
 * in the head already: moving a style element makes the browser drop and parse its sheet again.
 */
function styleElements({ cache, order }: { cache: EmotionCache; order: string[] }): string {
  const globals: string[] = [];
  const ids: string[] = [];
  let rules = '';
  for (const name of order) {
    const css = cache.inserted[name];
    if (typeof css !== 'string') continue;
    if (/<\/style/i.test(css)) throw new Error(`prerender: style ${name} would close its element`);
    if (cache.registered[`${cache.key}-${name}`] === undefined) {
      globals.push(`<style data-emotion="${cache.key}-global ${name}" data-s="">${css}</style>`);
    } else {
      ids.push(name);
      rules += css;
    }
  }
  return `${globals.join('')}<style data-emotion="${cache.key} ${ids.join(' ')}" data-s="">${rules}</style>`;
}

/** A guest's first screen of `path`, with the session known (no token) and in English. */
async function prerenderScreen(path: string): Promise<PrerenderedScreen> {
  const handler = createStaticHandler(routes, { basename: APP_BASE });
  const context = await handler.query(new Request(`http://prerender.invalid${APP_BASE}${path}`));
  if (context instanceof Response) throw new Error(`prerender: ${path} answered ${context.status}`);
  if (context.errors)
    throw new Error(`prerender: ${path} failed: ${JSON.stringify(context.errors)}`);
  const router = createStaticRouter(handler.dataRoutes, context);
  // The session as the page has it once loadSession found no token: loaded, no user.
  const store = makeStore({ session: sessionReducer(undefined, clearUser()) });
  const styles = collectingCache();
  const html = await renderToStringAsync(
    <CacheProvider value={styles.cache}>
      <AppRoot store={store}>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </AppRoot>
    </CacheProvider>,
  );
  return { path, html, styles: styleElements(styles) };
}

/**
 * Every prerendered screen, rendered with `config` as the page's runtime configuration. The build
 * passes placeholders for what the server fills in at start-up (the school's name and address).
 */
export async function prerenderScreens(config: ClientConfig): Promise<PrerenderedScreen[]> {
  (globalThis as { __ATELIER_CONFIG__?: unknown }).__ATELIER_CONFIG__ = config;
  const screens: PrerenderedScreen[] = [];
  for (const path of PRERENDERED_PATHS) screens.push(await prerenderScreen(path));
  return screens;
}
