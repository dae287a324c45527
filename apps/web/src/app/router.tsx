import {
  APP_BASE,
  APP_PAGES,
  type AppPageId,
  PAGE_ACCESS_ROLES,
  type PageAccess,
} from '@atelier/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadOrRetry } from '../components/feedback/lazy-retry';
import { PageRouteError, RouteError } from '../components/feedback/route-error';
import { loadFeatureStrings } from '../i18n/i18n';
import { setNavigator } from '../lib/navigation';
import { PAGE_ROUTES } from './page-routes';
import { PAGES, type PagesRoutedInList } from './pages';
import type { RouteModule } from './route-module';
import { RequireRole } from './routes/require-role';
import { AppLayout } from './shell/app-layout';

/**
 * A route module whose load, when it fails, gives a page that offers to retry it instead of an
 * error (components/feedback/lazy-retry.tsx): the router would keep the failed load for good.
 */
function part(load: () => Promise<RouteModule>): () => Promise<RouteModule> {
  return async () => ({ Component: await loadOrRetry(async () => (await load()).Component) });
}

/**
 * A page module, loaded together with the page strings (en-features.ts). Only the login and
 * not-found pages do without them, which keeps a first visit to /login small.
 */
function page(load: () => Promise<RouteModule>): () => Promise<RouteModule> {
  return part(async () => {
    const [module] = await Promise.all([load(), loadFeatureStrings()]);
    return module;
  });
}

/** A page of the list as a route: `/` is the layout's index, every other path relative to it. */
function pageRoute(id: AppPageId): RouteObject {
  const load = PAGES[id].route ?? PAGE_ROUTES[id as Exclude<AppPageId, PagesRoutedInList>];
  const lazy = PAGES[id].withoutPageStrings ? part(load) : page(load);
  const path = APP_PAGES[id].path.replace(/^\/+|\/+$/g, '');
  return path === '' ? { index: true, lazy } : { path, lazy };
}

const pageIds = Object.keys(APP_PAGES) as AppPageId[];
const pagesOf = (access: PageAccess) => pageIds.filter((id) => APP_PAGES[id].access === access);

/** The guarded groups, each behind the guard its pages' access names. */
const GUARDED: Exclude<PageAccess, 'public'>[] = ['anyUser', 'student', 'teacherOrAdmin', 'admin'];

/**
 * The route table of docs/product.md#routes-and-screens, relative to the /app basename, made from
 * the page list (pages.ts) and its route files (page-routes.ts). Every page is a lazy module exporting `Component`; the layout and the
 * guards are in the entry chunk.
 */
export const routes: RouteObject[] = [
  {
    path: '/',
    element: <AppLayout />,
    errorElement: <RouteError />,
    // Shown while the first page's chunk loads: nothing, rather than a flash of another layout.
    hydrateFallbackElement: <></>,
    children: [
      // docs/product.md#error-handling: each route group has its own errorElement, so a page that
      // throws shows the fallback in its place and leaves the top bar, menu and sign-out usable.
      {
        errorElement: <PageRouteError />,
        children: [
          ...pagesOf('public').map(pageRoute),
          // docs/product.md#routes-and-screens: every unknown path shows the not-found page too.
          { path: '*', lazy: part(PAGE_ROUTES.notFound) },
        ],
      },
      ...GUARDED.map(
        (access): RouteObject => ({
          errorElement: <PageRouteError />,
          element: <RequireRole roles={PAGE_ACCESS_ROLES[access]} />,
          children: pagesOf(access).map(pageRoute),
        }),
      ),
    ],
  },
];

/**
 * Creates the app's router under /app and installs it as the navigator thunks and the api client
 * use (`navigate('/login')`); `reload` does a full page load of the app path instead.
 */
export function createAppRouter() {
  const router = createBrowserRouter(routes, { basename: APP_BASE });
  setNavigator((path, opts) => {
    if (opts?.reload) window.location.assign(`${APP_BASE}${path}`);
    else void router.navigate(path);
  });
  return router;
}
