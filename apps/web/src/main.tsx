import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { installPreloadErrorReload } from './app/preload-error';
import { AppProviders } from './app/providers';
import { createAppRouter } from './app/router';
import { makeStore } from './app/store';
import { startErrorReporting } from './app/third-party/error-reporting';
import { startPaymentScript } from './app/third-party/payment-script';
import { AppErrorBoundary } from './components/feedback/error-boundary';
import { loadSession } from './features/session';
import { setI18nLanguage, storedLanguage } from './i18n/i18n';
import { liveLanguageSet } from './i18n/language-slice';
import { clientConfig } from './lib/client-config';

if (import.meta.env.DEV) void import('./app/dev-fonts');

installPreloadErrorReload();

void startErrorReporting(clientConfig());
void startPaymentScript(clientConfig());

const store = makeStore();
const language = storedLanguage();
store.dispatch(liveLanguageSet(language));
void store.dispatch(loadSession());
const router = createAppRouter();

const root = document.getElementById('root');
if (root) {
  // Render once the chosen language's strings are in, so a Japanese visitor never sees English first.
  void setI18nLanguage(language).finally(() => {
    createRoot(root).render(
      <StrictMode>
        <AppErrorBoundary>
          <AppProviders store={store}>
            <RouterProvider router={router} />
          </AppProviders>
        </AppErrorBoundary>
      </StrictMode>,
    );
  });
}
