import { APP_BASE, APP_PAGES, type AppPageId, PAGE_ACCESS_ROLES } from '@atelier/contract';

/** A page path's parameters (`/manage_classes/:klass_group_id/schedules/:id` takes two), in order. */
type ParamsOf<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? [string, ...ParamsOf<Rest>]
  : P extends `${string}:${string}`
    ? [string]
    : [];

/** A page without parameters is its path; one with them, a function of their values. */
type PathTo<P extends string> = ParamsOf<P> extends [] ? P : (...values: ParamsOf<P>) => string;

type Paths = { [K in AppPageId]: PathTo<(typeof APP_PAGES)[K]['path']> };

/** `pattern` with each `:name` replaced, in order, by the next value, encoded. */
function fill(pattern: string, values: string[]): string {
  let next = 0;
  return pattern.replace(/:[a-z_]+/g, () => encodeURIComponent(values[next++] ?? ''));
}

/**
 * Every client route of docs/product.md#routes-and-screens, relative to the router's basename
 * (/app), as the contract's page list gives them (`APP_PAGES`): a page's path, or for a page that
 * takes parameters a builder of its path (`paths.manageClass(id)`).
 */
export const paths = Object.fromEntries(
  Object.entries(APP_PAGES).map(([id, { path }]) => [
    id,
    path.includes(':') ? (...values: string[]) => fill(path, values) : path,
  ]),
) as Paths;

/** Who may open a protected route (docs/product.md#routes-and-screens and #roles). */
export const access = PAGE_ACCESS_ROLES;

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
