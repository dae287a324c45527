import { APP_BASE } from '@atelier/contract';
import type { ComponentType } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadOrRetry } from '../components/feedback/lazy-retry';
import { PageRouteError, RouteError } from '../components/feedback/route-error';
import { loadFeatureStrings } from '../i18n/i18n';
import { setNavigator } from '../lib/navigation';
import { access, pattern } from '../lib/route-paths';
import { RequireRole } from './routes/require-role';
import { AppLayout } from './shell/app-layout';

type RouteModule = { Component: ComponentType };

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

/**
 * The route table of docs/product.md#routes-and-screens, relative to the /app basename. Every page is a lazy module exporting
 * `Component`; the layout and the guards are in the entry chunk.
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
        // Public
        errorElement: <PageRouteError />,
        children: [
          { index: true, lazy: page(() => import('./routes/home')) },
          { path: 'home', lazy: page(() => import('./routes/home')) },
          { path: 'book_class', lazy: page(() => import('./routes/book-class')) },
          { path: 'photo_box', lazy: page(() => import('./routes/photo-box')) },
          { path: 'photo_upload', lazy: page(() => import('./routes/photo-upload')) },
          { path: 'login', lazy: part(() => import('./routes/login')) },
          {
            path: 'register/check_email',
            lazy: page(() => import('./routes/register-check-email')),
          },
          {
            path: pattern.registerComplete,
            lazy: page(() => import('./routes/register-complete')),
          },
          { path: pattern.registerConfirm, lazy: page(() => import('./routes/register-confirm')) },
          { path: 'register', lazy: page(() => import('./routes/register')) },
          {
            path: pattern.passwordResetToken,
            lazy: page(() => import('./routes/password-reset-token')),
          },
          { path: 'password_reset', lazy: page(() => import('./routes/password-reset')) },
          {
            path: pattern.accountSettingsEmail,
            lazy: page(() => import('./routes/account-settings-email')),
          },
          { path: pattern.cartItem, lazy: page(() => import('./routes/cart-item')) },
          { path: 'cart', lazy: page(() => import('./routes/cart')) },
          { path: 'checkout/complete', lazy: page(() => import('./routes/checkout-complete')) },
          { path: 'checkout/failed', lazy: page(() => import('./routes/checkout-failed')) },
          { path: 'checkout', lazy: page(() => import('./routes/checkout')) },
          { path: 'sandbox', lazy: page(() => import('./routes/sandbox/index')) },
          { path: 'sandbox/dialog', lazy: page(() => import('./routes/sandbox/dialog')) },
          { path: 'sandbox/form', lazy: page(() => import('./routes/sandbox/form')) },
          { path: 'sandbox/file', lazy: page(() => import('./routes/sandbox/file')) },
          { path: 'sandbox/file_upload', lazy: page(() => import('./routes/sandbox/file-upload')) },
          // docs/product.md#routes-and-screens: /404 (where forbidden routes lead) and every unknown path show the not-found page.
          { path: '404', lazy: part(() => import('./routes/not-found')) },
          { path: '*', lazy: part(() => import('./routes/not-found')) },
        ],
      },
      // Any logged-in user
      {
        errorElement: <PageRouteError />,
        element: <RequireRole roles={access.anyUser} />,
        children: [
          { path: 'classes', lazy: page(() => import('./routes/classes')) },
          { path: 'account_settings', lazy: page(() => import('./routes/account-settings')) },
          {
            path: 'gallery',
            children: [
              { index: true, lazy: page(() => import('./routes/gallery-feed')) },
              { path: 'my_gallery', lazy: page(() => import('./routes/my-gallery')) },
              { path: 'feedback', lazy: page(() => import('./routes/gallery-feedback')) },
              {
                path: pattern.galleryStudent,
                lazy: page(() => import('./routes/gallery-student')),
              },
            ],
          },
        ],
      },
      // Student only
      {
        errorElement: <PageRouteError />,
        element: <RequireRole roles={access.student} />,
        children: [
          { path: 'orders', lazy: page(() => import('./routes/orders')) },
          { path: 'refund/complete', lazy: page(() => import('./routes/refund-complete')) },
        ],
      },
      // Teacher or admin
      {
        errorElement: <PageRouteError />,
        element: <RequireRole roles={access.teacherOrAdmin} />,
        children: [
          { path: pattern.userGroup, lazy: page(() => import('./routes/user-group')) },
          { path: 'manage_coupons', lazy: page(() => import('./routes/manage-coupons')) },
          { path: 'messages', lazy: page(() => import('./routes/messages')) },
        ],
      },
      // Admin only
      {
        errorElement: <PageRouteError />,
        element: <RequireRole roles={access.admin} />,
        children: [
          { path: 'customers/guest', lazy: page(() => import('./routes/customers-guest')) },
          { path: 'customers', lazy: page(() => import('./routes/customers')) },
          { path: 'manage_plans', lazy: page(() => import('./routes/manage-plans')) },
          { path: 'sales_overview', lazy: page(() => import('./routes/sales-overview')) },
          { path: 'manage_orders', lazy: page(() => import('./routes/manage-orders')) },
          { path: pattern.manageSchedule, lazy: page(() => import('./routes/manage-schedule')) },
          { path: pattern.manageClass, lazy: page(() => import('./routes/manage-class')) },
          { path: 'manage_classes', lazy: page(() => import('./routes/manage-classes')) },
        ],
      },
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
