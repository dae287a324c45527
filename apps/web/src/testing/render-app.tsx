import { APP_BASE } from '@atelier/contract';
import { configure, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { vi } from 'vitest';
import { AppProviders } from '../app/providers';
import { routes } from '../app/router';
import { type AppStore, makeStore, type RootState } from '../app/store';
import { setNavigator } from '../lib/navigation';
import '../i18n/i18n';
import { TestStyles } from './test-styles';

// Lazy pages and shell parts compile on their first import in a test run: wait longer for them.
configure({ asyncUtilTimeout: 10_000 });
// Whole-app tests render the layout, load lazy pages and type: more than vitest's default 5 s on
// a busy two-core machine.
vi.setConfig({ testTimeout: 20_000 });

let screenWidth = 1280;
const mediaListeners = new Set<() => void>();

function widthMatches(query: string): boolean {
  const min = /min-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  const max = /max-width:\s*(\d+(?:\.\d+)?)px/.exec(query);
  return (
    (!min || screenWidth >= Number(min[1])) &&
    (!max || screenWidth <= Number(max[1])) &&
    Boolean(min || max)
  );
}

/**
 * Test-only: makes `window.matchMedia` answer min-width/max-width queries for a screen `width`
 * pixels wide (jsdom has no layout, so MUI's useMediaQuery needs this to see a wide screen).
 * Calling it again resizes the screen: live media query lists see the change and notify.
 */
export function setScreenWidth(width: number): void {
  screenWidth = width;
  window.matchMedia = (query: string) =>
    ({
      get matches() {
        return widthMatches(query);
      },
      media: query,
      onchange: null,
      addListener: (fn: () => void) => mediaListeners.add(fn),
      removeListener: (fn: () => void) => mediaListeners.delete(fn),
      addEventListener: (_type: string, fn: () => void) => mediaListeners.add(fn),
      removeEventListener: (_type: string, fn: () => void) => mediaListeners.delete(fn),
      dispatchEvent: () => false,
    }) as unknown as MediaQueryList;
  for (const notify of [...mediaListeners]) notify();
}

/**
 * Test-only: renders the whole app (layout, route table, guards, lazy pages) at `path` in a memory
 * router under /app, with the navigator installed as the real router installs it. Note that
 * `router.state.location.pathname` then includes the /app prefix.
 */
export function renderApp(
  path: string,
  {
    preloadedState,
    store = makeStore(preloadedState),
    width = 1280,
  }: { preloadedState?: Partial<RootState>; store?: AppStore; width?: number } = {},
) {
  setScreenWidth(width);
  // Under the same basename as the real app, so in-app links read /app/… and links to the public
  // site do not.
  const router = createMemoryRouter(routes, {
    basename: APP_BASE,
    initialEntries: [`${APP_BASE}${path}`],
  });
  setNavigator((to) => {
    void router.navigate(to);
  });
  const result = render(
    <TestStyles>
      <AppProviders store={store}>
        <RouterProvider router={router} />
      </AppProviders>
    </TestStyles>,
  );
  return { store, router, user: userEvent.setup(), ...result };
}
