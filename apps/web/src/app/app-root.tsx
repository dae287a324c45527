import { type ReactNode, StrictMode } from 'react';
import { AppErrorBoundary } from '../components/feedback/error-boundary';
import { AppProviders } from './providers';
import type { AppStore } from './store';

/**
 * Everything around the router: the page (main.tsx) and the build's prerender (prerender.tsx)
 * render this same tree, so the prerendered HTML is what the page hydrates
 * (docs/decisions/046-prerendered-first-screen.md).
 */
export function AppRoot({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <StrictMode>
      <AppErrorBoundary>
        <AppProviders store={store}>{children}</AppProviders>
      </AppErrorBoundary>
    </StrictMode>
  );
}
