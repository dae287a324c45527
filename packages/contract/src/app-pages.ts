import { APP_BASE } from './app.paths';
import type { Role } from './users/users.schemas';

/**
 * Who may open a page of the app (docs/product.md#routes-and-screens and #roles): anyone, or
 * only signed-in users with one of the roles `PAGE_ACCESS_ROLES` names.
 */
export type PageAccess = 'public' | 'anyUser' | 'student' | 'teacherOrAdmin' | 'admin';

/** The roles each guard lets in; a public page has no guard. */
export const PAGE_ACCESS_ROLES = {
  anyUser: ['student', 'teacher', 'admin'],
  student: ['student'],
  teacherOrAdmin: ['teacher', 'admin'],
  admin: ['admin'],
} as const satisfies Record<Exclude<PageAccess, 'public'>, readonly Role[]>;

/** What the server knows of one page of the app; the web completes it (apps/web/src/app/pages.ts). */
export type AppPageRule = {
  /** Relative to `APP_BASE`, in the router's syntax: `:name` (lowercase, `_`) is a parameter. */
  path: string;
  access: PageAccess;
  /** Whether robots.txt lets search engines in (see `appRobotsDisallows`). */
  robots: 'allow' | 'disallow';
};

/**
 * Every page of the app, once (docs/architecture.md#adding-a-page). The server reads the robots
 * rules from here; the web's page list (apps/web/src/app/pages.ts) gives each of these ids its
 * component, title and menu place, and its typecheck fails while an id is missing on either side.
 * Pages behind sign-in and addresses that carry a token are kept from search engines.
 */
export const APP_PAGES = {
  home: { path: '/', access: 'public', robots: 'allow' },
  homeAlias: { path: '/home', access: 'public', robots: 'allow' },
  bookClass: { path: '/book_class', access: 'public', robots: 'allow' },
  photoBox: { path: '/photo_box', access: 'public', robots: 'disallow' },
  photoUpload: { path: '/photo_upload', access: 'public', robots: 'disallow' },
  login: { path: '/login', access: 'public', robots: 'allow' },
  register: { path: '/register', access: 'public', robots: 'allow' },
  registerCheckEmail: { path: '/register/check_email', access: 'public', robots: 'disallow' },
  registerComplete: { path: '/register/complete/:token', access: 'public', robots: 'disallow' },
  registerConfirm: { path: '/register/:token', access: 'public', robots: 'disallow' },
  passwordReset: { path: '/password_reset/', access: 'public', robots: 'disallow' },
  passwordResetToken: { path: '/password_reset/:token', access: 'public', robots: 'disallow' },
  /** The mailed link that deletes a family's account (docs/product.md#your-data). */
  accountDeletion: {
    path: '/account_settings/delete/:token',
    access: 'public',
    robots: 'disallow',
  },
  cart: { path: '/cart', access: 'public', robots: 'disallow' },
  cartItem: { path: '/cart/:id', access: 'public', robots: 'disallow' },
  checkout: { path: '/checkout', access: 'public', robots: 'disallow' },
  checkoutComplete: { path: '/checkout/complete', access: 'public', robots: 'disallow' },
  checkoutFailed: { path: '/checkout/failed', access: 'public', robots: 'disallow' },
  sandbox: { path: '/sandbox', access: 'public', robots: 'disallow' },
  sandboxDialog: { path: '/sandbox/dialog', access: 'public', robots: 'disallow' },
  sandboxForm: { path: '/sandbox/form', access: 'public', robots: 'disallow' },
  sandboxFile: { path: '/sandbox/file', access: 'public', robots: 'disallow' },
  sandboxFileUpload: { path: '/sandbox/file_upload', access: 'public', robots: 'disallow' },
  classes: { path: '/classes', access: 'anyUser', robots: 'disallow' },
  accountSettings: { path: '/account_settings', access: 'anyUser', robots: 'disallow' },
  /** Applies an e-mail change from the link mailed to the new address (no session needed). */
  accountSettingsEmail: {
    path: '/account_settings/email/:token',
    access: 'public',
    robots: 'disallow',
  },
  /** A second guardian's mailed invitation: accepted once signed in with the invited address. */
  guardianInvitation: {
    path: '/guardian_invitation/:token',
    access: 'public',
    robots: 'disallow',
  },
  gallery: { path: '/gallery', access: 'anyUser', robots: 'disallow' },
  myGallery: { path: '/gallery/my_gallery', access: 'anyUser', robots: 'disallow' },
  galleryFeedback: { path: '/gallery/feedback', access: 'anyUser', robots: 'disallow' },
  galleryStudent: { path: '/gallery/student/:id', access: 'anyUser', robots: 'disallow' },
  orders: { path: '/orders', access: 'student', robots: 'disallow' },
  refundComplete: { path: '/refund/complete', access: 'student', robots: 'disallow' },
  /** A late payment's mailed link: keep the held card refund as account credit (signed token). */
  keepAsCredit: { path: '/refund/keep-as-credit', access: 'public', robots: 'disallow' },
  userGroup: { path: '/user_groups/:id', access: 'teacherOrAdmin', robots: 'disallow' },
  manageCoupons: { path: '/manage_coupons', access: 'teacherOrAdmin', robots: 'disallow' },
  manageAgreements: { path: '/manage_agreements', access: 'admin', robots: 'disallow' },
  /** Billing runs of monthly tuition (docs/decisions/075-monthly-tuition-and-billing-runs.md). */
  manageBilling: { path: '/manage_billing', access: 'admin', robots: 'disallow' },
  /** Send Message (teachers and admins); families read theirs on /classes (`?message={id}`). */
  messages: { path: '/messages', access: 'teacherOrAdmin', robots: 'disallow' },
  customersGuest: { path: '/customers/guest', access: 'admin', robots: 'disallow' },
  customers: { path: '/customers', access: 'admin', robots: 'disallow' },
  managePlans: { path: '/manage_plans', access: 'admin', robots: 'disallow' },
  manageRooms: { path: '/manage_rooms', access: 'admin', robots: 'disallow' },
  /** Class passes on sale (docs/product.md#class-passes-and-drop-ins). */
  managePasses: { path: '/manage_passes', access: 'admin', robots: 'disallow' },
  salesOverview: { path: '/sales_overview', access: 'admin', robots: 'disallow' },
  manageOrders: { path: '/manage_orders', access: 'admin', robots: 'disallow' },
  manageClasses: { path: '/manage_classes', access: 'admin', robots: 'disallow' },
  manageClass: { path: '/manage_classes/:id', access: 'admin', robots: 'disallow' },
  manageSchedule: {
    path: '/manage_classes/:klass_group_id/schedules/:id',
    access: 'admin',
    robots: 'disallow',
  },
  /** Where forbidden routes lead; every unknown path shows the same page. */
  notFound: { path: '/404', access: 'public', robots: 'allow' },
} as const satisfies Record<string, AppPageRule>;

/** A page's name in `APP_PAGES` (and in the web's page list). */
export type AppPageId = keyof typeof APP_PAGES;

const firstSegment = (path: string): string => path.split('/').find((s) => s !== '') ?? '';

/**
 * robots.txt's `Disallow:` lines for the app, one per first path segment that holds a disallowed
 * page: `/app/cart` covers the cart and its items. The line ends in a slash, keeping out only what
 * is below the segment, where an allowed page sits at the segment itself (/register) or a page is
 * written with the slash (/password_reset/, as the app links to it).
 */
export function appRobotsDisallows(): string[] {
  const pages: readonly AppPageRule[] = Object.values(APP_PAGES);
  const lines = new Set<string>();
  for (const page of pages) {
    if (page.robots === 'allow') continue;
    const segment = firstSegment(page.path);
    const below = pages.some(
      (p) => (p.robots === 'allow' && p.path === `/${segment}`) || p.path === `/${segment}/`,
    );
    lines.add(`${APP_BASE}/${segment}${below ? '/' : ''}`);
  }
  return [...lines].sort();
}
