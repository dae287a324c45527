import type { Role } from '@atelier/contract';
import { Navigate, Outlet, useLocation } from 'react-router';
import { selectSessionStatus, selectUser } from '../../features/session';
import { loginRedirectingTo, paths } from '../../lib/route-paths';
import { useAppSelector } from '../../lib/store-hooks';

/**
 * docs/product.md#routes-and-screens protected-route rule: while the session is not loaded, nothing; no user → /login,
 * which comes back here (path and query) after signing in; a role not in `roles` → /404 (the
 * not-found page).
 */
export function RequireRole({ roles }: { roles: readonly Role[] }) {
  const status = useAppSelector(selectSessionStatus);
  const user = useAppSelector(selectUser);
  const { pathname, search } = useLocation();
  if (status !== 'loaded') return null;
  if (!user) return <Navigate to={loginRedirectingTo(`${pathname}${search}`)} replace />;
  if (!roles.includes(user.role)) return <Navigate to={paths.notFound} replace />;
  return <Outlet />;
}
