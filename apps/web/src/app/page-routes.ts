import type { AppPageId } from '@atelier/contract';
import { featurePage } from './feature-page';
import type { PagesRoutedInList } from './pages';
import type { RouteModule } from './route-module';

/**
 * Each page's route file, loaded when the page is first opened (docs/architecture.md#adding-a-page).
 * It completes the page's entry in `PAGES` (pages.ts) under the same id, unless that entry holds
 * its route itself (a feature's component under its title, `featureRoute`), kept apart so that the
 * list of pages imports no route: a route reading the list (the home page's shortcuts come from
 * the drawer's menu) would otherwise import itself round a circle.
 */
export const PAGE_ROUTES: {
  readonly [Id in Exclude<AppPageId, PagesRoutedInList>]: () => Promise<RouteModule>;
} = {
  home: () => import('./routes/home'),
  homeAlias: () => import('./routes/home'),
  bookClass: () => import('./routes/book-class'),
  photoBox: () => import('./routes/photo-box'),
  photoUpload: () => import('./routes/photo-upload'),
  login: () => import('./routes/login'),
  register: () => import('./routes/register'),
  registerCheckEmail: () => import('./routes/register-check-email'),
  registerComplete: () => import('./routes/register-complete'),
  registerConfirm: () => import('./routes/register-confirm'),
  passwordReset: () => import('./routes/password-reset'),
  passwordResetToken: () => import('./routes/password-reset-token'),
  accountDeletion: () => import('./routes/account-deletion'),
  cart: () => import('./routes/cart'),
  cartItem: () => import('./routes/cart-item'),
  checkout: () => import('./routes/checkout'),
  checkoutComplete: () => import('./routes/checkout-complete'),
  checkoutFailed: () => import('./routes/checkout-failed'),
  sandbox: () => import('./routes/sandbox/index'),
  sandboxDialog: () => import('./routes/sandbox/dialog'),
  sandboxForm: () => import('./routes/sandbox/form'),
  sandboxFile: () => import('./routes/sandbox/file'),
  sandboxFileUpload: () => import('./routes/sandbox/file-upload'),
  classes: () => import('./routes/classes'),
  accountSettings: () => import('./routes/account-settings'),
  accountSettingsEmail: () => import('./routes/account-settings-email'),
  guardianInvitation: () => import('./routes/guardian-invitation'),
  gallery: () => import('./routes/gallery-feed'),
  myGallery: () => import('./routes/my-gallery'),
  galleryFeedback: () => import('./routes/gallery-feedback'),
  galleryStudent: () => import('./routes/gallery-student'),
  orders: () => import('./routes/orders'),
  refundComplete: () => import('./routes/refund-complete'),
  keepAsCredit: () => import('./routes/keep-as-credit'),
  userGroup: () => import('./routes/user-group'),
  manageCoupons: featurePage(
    'manageCoupons',
    async () => (await import('../features/coupons')).ManageCoupons,
  ),
  manageAgreements: featurePage(
    'manageAgreements',
    async () => (await import('../features/agreements')).ManageAgreements,
  ),
  manageBilling: featurePage(
    'manageBilling',
    async () => (await import('../features/billing')).ManageBilling,
  ),
  messages: () => import('./routes/messages'),
  customersGuest: featurePage(
    'customersGuest',
    async () => (await import('../features/customers')).GuestCustomersPage,
  ),
  customers: () => import('./routes/customers'),
  managePlans: featurePage(
    'managePlans',
    async () => (await import('../features/classes')).ManagePlans,
  ),
  salesOverview: () => import('./routes/sales-overview'),
  manageOrders: () => import('./routes/manage-orders'),
  manageClasses: () => import('./routes/manage-classes'),
  manageClass: () => import('./routes/manage-class'),
  manageSchedule: () => import('./routes/manage-schedule'),
  notFound: () => import('./routes/not-found'),
};
