import { type RenderOptions, render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { AppProviders } from '../app/providers';
import { type AppStore, makeStore, type RootState } from '../app/store';
import '../i18n/i18n';
import { TestStyles } from './test-styles';

/*
 * testing/ is the one place outside app/ that imports app/: tests render features inside the
 * app's real store and providers (docs/architecture.md#testing). Code that ships never imports
 * testing/.
 */
export { AppProviders } from '../app/providers';
export { type AppStore, makeStore, type RootState } from '../app/store';

export type RenderWithProvidersOptions = Omit<RenderOptions, 'wrapper'> & {
  /** Initial state of the store made for this render (ignored when `store` is given). */
  preloadedState?: Partial<RootState>;
  /** An existing store, when the test prepares it with dispatches. */
  store?: AppStore;
  /** The URL the router starts at; '/' by default. */
  route?: string;
  /**
   * A route pattern to mount `ui` under (e.g. '/cart/:id'), so route params reach it; without
   * one, `ui` renders at every URL.
   */
  path?: string;
};

/**
 * Renders `ui` inside everything the app provides (store, theme, i18n, router), returning the
 * store and a userEvent instance beside Testing Library's queries.
 */
export function renderWithProviders(
  ui: ReactElement,
  {
    preloadedState,
    store = makeStore(preloadedState),
    route = '/',
    path,
    ...renderOptions
  }: RenderWithProvidersOptions = {},
) {
  const routed = path ? (
    <Routes>
      <Route path={path} element={ui} />
    </Routes>
  ) : (
    ui
  );
  const result = render(
    <TestStyles>
      <AppProviders store={store}>
        <MemoryRouter initialEntries={[route]}>{routed}</MemoryRouter>
      </AppProviders>
    </TestStyles>,
    renderOptions,
  );
  return { store, user: userEvent.setup(), ...result };
}
