import { APP_BASE } from '@atelier/contract';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { RouteError } from '../components/feedback/route-error';
import { AppLayout } from '../components/layout/app-layout';
import { setNavigator } from '../lib/navigation';
import { access, pattern } from './route-paths';
import { RequireRole } from './routes/require-role';

/**
 * The route table of SPEC §2, relative to the /app basename. Every page is a lazy module exporting
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
      // Public
      { index: true, lazy: () => import('./routes/home') },
      { path: 'home', lazy: () => import('./routes/home') },
      { path: 'book_class', lazy: () => import('./routes/book-class') },
      { path: 'photo_box', lazy: () => import('./routes/photo-box') },
      { path: 'photo_upload', lazy: () => import('./routes/photo-upload') },
      { path: 'login', lazy: () => import('./routes/login') },
      { path: 'register/check_email', lazy: () => import('./routes/register-check-email') },
      { path: pattern.registerComplete, lazy: () => import('./routes/register-complete') },
      { path: pattern.registerConfirm, lazy: () => import('./routes/register-confirm') },
      { path: 'register', lazy: () => import('./routes/register') },
      { path: pattern.passwordResetToken, lazy: () => import('./routes/password-reset-token') },
      { path: 'password_reset', lazy: () => import('./routes/password-reset') },
      {
        path: pattern.accountSettingsEmail,
        lazy: () => import('./routes/account-settings-email'),
      },
      { path: pattern.cartItem, lazy: () => import('./routes/cart-item') },
      { path: 'cart', lazy: () => import('./routes/cart') },
      { path: 'checkout/complete', lazy: () => import('./routes/checkout-complete') },
      { path: 'checkout/failed', lazy: () => import('./routes/checkout-failed') },
      { path: 'checkout', lazy: () => import('./routes/checkout') },
      { path: 'sandbox', lazy: () => import('./routes/sandbox/index') },
      { path: 'sandbox/dialog', lazy: () => import('./routes/sandbox/dialog') },
      { path: 'sandbox/form', lazy: () => import('./routes/sandbox/form') },
      { path: 'sandbox/file', lazy: () => import('./routes/sandbox/file') },
      { path: 'sandbox/file_upload', lazy: () => import('./routes/sandbox/file-upload') },
      // Any logged-in user
      {
        element: <RequireRole roles={access.anyUser} />,
        children: [
          { path: 'classes', lazy: () => import('./routes/classes') },
          { path: 'account_settings', lazy: () => import('./routes/account-settings') },
          {
            path: 'gallery',
            children: [
              { index: true, lazy: () => import('./routes/gallery-feed') },
              { path: 'my_gallery', lazy: () => import('./routes/my-gallery') },
              { path: 'feedback', lazy: () => import('./routes/gallery-feedback') },
              { path: pattern.galleryStudent, lazy: () => import('./routes/gallery-student') },
            ],
          },
        ],
      },
      // Student only
      {
        element: <RequireRole roles={access.student} />,
        children: [
          { path: 'orders', lazy: () => import('./routes/orders') },
          { path: 'refund/complete', lazy: () => import('./routes/refund-complete') },
        ],
      },
      // Teacher or admin
      {
        element: <RequireRole roles={access.teacherOrAdmin} />,
        children: [
          { path: pattern.userGroup, lazy: () => import('./routes/user-group') },
          { path: 'manage_coupons', lazy: () => import('./routes/manage-coupons') },
        ],
      },
      // Admin only
      {
        element: <RequireRole roles={access.admin} />,
        children: [
          { path: 'customers/guest', lazy: () => import('./routes/customers-guest') },
          { path: 'customers', lazy: () => import('./routes/customers') },
          { path: 'manage_plans', lazy: () => import('./routes/manage-plans') },
          { path: 'sales_overview', lazy: () => import('./routes/sales-overview') },
          { path: 'manage_orders', lazy: () => import('./routes/manage-orders') },
          { path: pattern.manageSchedule, lazy: () => import('./routes/manage-schedule') },
          { path: pattern.manageClass, lazy: () => import('./routes/manage-class') },
          { path: 'manage_classes', lazy: () => import('./routes/manage-classes') },
        ],
      },
      // SPEC §2: /404 (where forbidden routes lead) and every unknown path show the not-found page.
      { path: '404', lazy: () => import('./routes/not-found') },
      { path: '*', lazy: () => import('./routes/not-found') },
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
