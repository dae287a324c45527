import { APP_BASE, type Role } from '@atelier/contract';

/**
 * Every client route of docs/product.md#routes-and-screens, relative to the router's basename (/app). Builders take the
 * dynamic segments; `pattern` holds the matching strings for the route table.
 */
export const paths = {
  home: '/',
  homeAlias: '/home',
  bookClass: '/book_class',
  photoBox: '/photo_box',
  photoUpload: '/photo_upload',
  login: '/login',
  register: '/register',
  registerCheckEmail: '/register/check_email',
  registerComplete: (token: string) => `/register/complete/${encodeURIComponent(token)}`,
  registerConfirm: (token: string) => `/register/${encodeURIComponent(token)}`,
  passwordReset: '/password_reset/',
  passwordResetToken: (token: string) => `/password_reset/${encodeURIComponent(token)}`,
  cart: '/cart',
  cartItem: (id: string) => `/cart/${encodeURIComponent(id)}`,
  checkout: '/checkout',
  checkoutComplete: '/checkout/complete',
  checkoutFailed: '/checkout/failed',
  sandbox: '/sandbox',
  sandboxDialog: '/sandbox/dialog',
  sandboxForm: '/sandbox/form',
  sandboxFile: '/sandbox/file',
  sandboxFileUpload: '/sandbox/file_upload',
  classes: '/classes',
  accountSettings: '/account_settings',
  /** Applies an e-mail change from the link mailed to the new address (public: no session needed). */
  accountSettingsEmail: (token: string) => `/account_settings/email/${encodeURIComponent(token)}`,
  gallery: '/gallery',
  myGallery: '/gallery/my_gallery',
  galleryFeedback: '/gallery/feedback',
  galleryStudent: (id: string) => `/gallery/student/${encodeURIComponent(id)}`,
  orders: '/orders',
  refundComplete: '/refund/complete',
  userGroup: (id: string) => `/user_groups/${encodeURIComponent(id)}`,
  manageCoupons: '/manage_coupons',
  /** Send Message (teachers and admins); families read theirs on /classes (`?message={id}`). */
  messages: '/messages',
  customersGuest: '/customers/guest',
  customers: '/customers',
  managePlans: '/manage_plans',
  salesOverview: '/sales_overview',
  manageOrders: '/manage_orders',
  manageClasses: '/manage_classes',
  manageClass: (id: string) => `/manage_classes/${encodeURIComponent(id)}`,
  manageSchedule: (klassGroupId: string, id: string) =>
    `/manage_classes/${encodeURIComponent(klassGroupId)}/schedules/${encodeURIComponent(id)}`,
  notFound: '/404',
} as const;

/** Route patterns (react-router syntax) for the paths that take parameters. */
export const pattern = {
  registerComplete: '/register/complete/:token',
  registerConfirm: '/register/:token',
  passwordResetToken: '/password_reset/:token',
  accountSettingsEmail: '/account_settings/email/:token',
  cartItem: '/cart/:id',
  galleryStudent: 'student/:id',
  userGroup: '/user_groups/:id',
  manageClass: '/manage_classes/:id',
  manageSchedule: '/manage_classes/:klass_group_id/schedules/:id',
} as const;

/** Who may open a protected route (docs/product.md#routes-and-screens and #roles). */
export const access = {
  anyUser: ['student', 'teacher', 'admin'],
  student: ['student'],
  teacherOrAdmin: ['teacher', 'admin'],
  admin: ['admin'],
} as const satisfies Record<string, readonly Role[]>;

/**
 * /login with `?redirect=` naming where to go back after signing in: a guarded page sends a
 * signed-out visitor there with its own path and query (a mailed link's `?message=`, say).
 */
export function loginRedirectingTo(path: string): string {
  return `${paths.login}?${new URLSearchParams({ redirect: path })}`;
}

/** Login and registration pages: the drawer starts closed there, even on wide screens. */
export function isAuthPage(pathname: string): boolean {
  return (
    pathname === paths.login || pathname === paths.register || pathname.startsWith('/register/')
  );
}

/**
 * The app path a `?redirect=` on /login resumes at after signing in (a guarded page or checkout
 * sends a guest there with its own path), or null when there is none or it could lead off this
 * site or out of the app. The contract's
 * `isSafeRedirect` says the same but lives beside schemas that would bring zod into the login
 * page's first visit (docs/decisions/021-precompressed-assets-and-first-visit-budget.md).
 */
export function resumeAfterSignIn(redirect: string | null | undefined): string | null {
  if (!redirect?.startsWith('/') || redirect.startsWith('//')) return null;
  // Browsers read a backslash as a slash in http(s) URLs; control characters are never needed.
  // biome-ignore lint/suspicious/noControlCharactersInRegex: rejecting control characters is the point.
  if (/[\\\u0000-\u001f\u007f]/.test(redirect)) return null;
  const base = 'http://same-origin.invalid';
  let url: URL;
  try {
    url = new URL(redirect, base);
  } catch {
    return null;
  }
  if (url.origin !== base) return null;
  // Dot segments (`/app/../`, also percent-encoded) would step out of the path as written: a path
  // that is not already in its plain form is refused rather than normalised.
  if (url.pathname !== redirect.split(/[?#]/, 1)[0]) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  // A path given with the /app base is made relative to the router's basename.
  if (path === APP_BASE) return '/';
  if (path.startsWith(`${APP_BASE}/`) || path.startsWith(`${APP_BASE}?`)) {
    return path.slice(APP_BASE.length).replace(/^\?/, '/?') || '/';
  }
  // Back to /login itself would only loop.
  return url.pathname === paths.login ? null : path;
}
