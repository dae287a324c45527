import { describe, expect, it, vi } from 'vitest';
import { handlePreloadError, PRELOAD_RELOAD_KEY } from './preload-error';

function memoryStorage() {
  const data = new Map<string, string>();
  return {
    getItem: (k: string) => data.get(k) ?? null,
    setItem: (k: string, v: string) => void data.set(k, v),
    removeItem: (k: string) => void data.delete(k),
    data,
  };
}

describe('handlePreloadError', () => {
  it('reloads the page on the first failed chunk load and marks that it did', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    const event = new Event('vite:preloadError', { cancelable: true });
    expect(handlePreloadError(event, { storage, reload })).toBe(true);
    expect(reload).toHaveBeenCalledOnce();
    expect(event.defaultPrevented).toBe(true);
    expect(storage.data.has(PRELOAD_RELOAD_KEY)).toBe(true);
  });

  it('does not reload a second time after a reload that did not help (no loop)', () => {
    const storage = memoryStorage();
    const reload = vi.fn();
    handlePreloadError(new Event('vite:preloadError', { cancelable: true }), { storage, reload });
    const again = new Event('vite:preloadError', { cancelable: true });
    expect(handlePreloadError(again, { storage, reload })).toBe(false);
    expect(reload).toHaveBeenCalledOnce();
    // The error goes on to the error page.
    expect(again.defaultPrevented).toBe(false);
    // And a later failure (say after the next deployment) may reload again.
    expect(storage.data.has(PRELOAD_RELOAD_KEY)).toBe(false);
  });

  it('never reloads when session storage is unavailable, since nothing could stop a loop', () => {
    const reload = vi.fn();
    const broken = {
      getItem: () => {
        throw new Error('denied');
      },
      setItem: () => undefined,
      removeItem: () => undefined,
    };
    const event = new Event('vite:preloadError', { cancelable: true });
    expect(handlePreloadError(event, { storage: broken, reload })).toBe(false);
    expect(reload).not.toHaveBeenCalled();
  });
});
