import { APP_BASE } from '@atelier/contract';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router';
import { AppRoot } from './app/app-root';
import { hydrateInSteps } from './app/hydration-steps';
import {
  currentVisitor,
  handOverTypedValues,
  PRERENDER_STALE_ATTRIBUTE,
  PRERENDERED_ATTRIBUTE,
  prerenderFits,
  takeOverPrerender,
} from './app/prerendered-page';
import { createAppRouter } from './app/router';
import { type AppStore, makeStore } from './app/store';
import { startErrorReporting } from './app/third-party/error-reporting';
import { startPaymentScript } from './app/third-party/payment-script';
import { loadSession, selectSessionStatus, selectUser } from './features/session';
import { setI18nLanguage, storedLanguage } from './i18n/i18n';
import { liveLanguageSet } from './i18n/language-slice';
import { clientConfig } from './lib/client-config';

if (import.meta.env.DEV) void import('./app/dev-fonts');

void startErrorReporting(clientConfig());
void startPaymentScript(clientConfig());

type AppRouter = ReturnType<typeof createAppRouter>;

/**
 * Lets the browser handle input and paint between two steps of start-up: each step is a task of
 * its own, and short tasks keep the page responsive where one long one would block it
 * (docs/decisions/046-prerendered-first-screen.md).
 */
const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** Resolves once the router has loaded the lazy modules of the first location's routes. */
function routerInitialized(router: AppRouter): Promise<void> {
  if (router.state.initialized) return Promise.resolve();
  return new Promise((resolve) => {
    const unsubscribe = router.subscribe((state) => {
      if (!state.initialized) return;
      unsubscribe();
      resolve();
    });
  });
}

/**
 * Whether the app's first render is the screen the build prerendered: the page is ready (route
 * modules and page strings in, the session known) and still that of a guest without errors.
 */
async function firstRenderIsPrerendered(
  router: AppRouter,
  store: AppStore,
  sessionLoaded: Promise<unknown>,
): Promise<boolean> {
  await Promise.all([routerInitialized(router), sessionLoaded]);
  const state = store.getState();
  return (
    router.state.errors === null &&
    selectSessionStatus(state) === 'loaded' &&
    selectUser(state) === null
  );
}

async function start(root: HTMLElement) {
  const prerendered = root.getAttribute(PRERENDERED_ATTRIBUTE);
  const visitor = currentVisitor(APP_BASE);
  const mayHydrate = visitor !== null && prerenderFits(prerendered, visitor);

  // Out of the task that ran the modules; then the router first: it starts loading the first
  // page's modules, which the steps after overlap.
  await nextTask();
  const router = createAppRouter();
  await nextTask();
  const store = makeStore();
  const language = storedLanguage();
  store.dispatch(liveLanguageSet(language));
  const sessionLoaded = store.dispatch(loadSession());
  await nextTask();
  // Render once the chosen language's strings are in, so a Japanese visitor never sees English first.
  await setI18nLanguage(language).catch(() => undefined);
  const app = (
    <AppRoot store={store}>
      <RouterProvider router={router} />
    </AppRoot>
  );
  // docs/decisions/046-prerendered-first-screen.md: the HTML of /login and / carries a guest's
  // first screen, painted before any JavaScript ran. A guest's page takes those nodes over
  // (hydration, which keeps them: nothing is painted twice); anyone else gets a fresh render.
  if (mayHydrate && (await firstRenderIsPrerendered(router, store, sessionLoaded))) {
    await nextTask();
    // What was typed before goes to each form as soon as its part of the screen is the app's.
    await hydrateInSteps(
      () => hydrateRoot(root, app),
      () => handOverTypedValues(root),
    );
    takeOverPrerender(root);
    return;
  }
  if (prerendered !== null) {
    root.replaceChildren();
    root.removeAttribute(PRERENDERED_ATTRIBUTE);
    document.documentElement.removeAttribute(PRERENDER_STALE_ATTRIBUTE);
  }
  createRoot(root).render(app);
}

const root = document.getElementById('root');
if (root) void start(root);
