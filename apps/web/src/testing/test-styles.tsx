import createCache, { type EmotionCache } from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import type { ReactNode } from 'react';

// Each test inserts its styles afresh and they are removed after it. Files share one document per
// worker (decision 079), and jsdom's getComputedStyle, which MUI calls as a text area grows and
// user-event before each click, matches every rule in the document: left to pile up, a worker's
// last files ran against over 1,600 style elements.
const KEY = 'test';
let cache: EmotionCache = createCache({ key: KEY });

/** The styles of what a test renders, in a cache of its own (`clearTestStyles` drops it). */
export function TestStyles({ children }: { children: ReactNode }) {
  return <CacheProvider value={cache}>{children}</CacheProvider>;
}

/** After a test: removes the styles it inserted and starts a fresh cache for the next one. */
export function clearTestStyles(): void {
  for (const style of document.head.querySelectorAll(`style[data-emotion^="${KEY}"]`)) {
    style.remove();
  }
  cache = createCache({ key: KEY });
}
