/** sessionStorage key marking that the page was just reloaded because a chunk failed to load. */
export const PRELOAD_RELOAD_KEY = 'atelier.preload-reload';

type Deps = { storage: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'>; reload: () => void };

/**
 * docs/product.md#routes-and-screens: a lazy part that fails to load (typically a chunk removed by a new deployment) raises
 * `vite:preloadError`; the page reloads once to pick up the new build. If the reload did not help,
 * the error is let through (the error page shows) and the mark is cleared, so a later failure —
 * say after the next deployment — may reload again. The mark is what prevents a reload loop.
 * Returns whether a reload was started.
 */
export function handlePreloadError(event: Event, { storage, reload }: Deps): boolean {
  let reloadedAlready = false;
  try {
    reloadedAlready = storage.getItem(PRELOAD_RELOAD_KEY) !== null;
    if (reloadedAlready) storage.removeItem(PRELOAD_RELOAD_KEY);
    else storage.setItem(PRELOAD_RELOAD_KEY, String(Date.now()));
  } catch {
    // Without storage there is no loop guard: do not reload at all.
    return false;
  }
  if (reloadedAlready) return false;
  event.preventDefault();
  reload();
  return true;
}

export function installPreloadErrorReload(target: Window = window): void {
  target.addEventListener('vite:preloadError', (event) => {
    handlePreloadError(event, {
      storage: target.sessionStorage,
      reload: () => target.location.reload(),
    });
  });
}
