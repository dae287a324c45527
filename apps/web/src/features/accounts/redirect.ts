import { APP_BASE, isSafeRedirect } from '@atelier/contract';

/**
 * The app path to resume at after registration (`?redirect=` carried through the mailed link),
 * or null when there is none or it is not a path on this site. A path given with the /app base
 * is accepted too and made relative to the router's basename.
 */
export function resumePath(redirect: string | null | undefined): string | null {
  if (!redirect || !isSafeRedirect(redirect)) return null;
  if (redirect === APP_BASE) return '/';
  if (redirect.startsWith(`${APP_BASE}/`) || redirect.startsWith(`${APP_BASE}?`)) {
    return redirect.slice(APP_BASE.length) || '/';
  }
  return redirect;
}
