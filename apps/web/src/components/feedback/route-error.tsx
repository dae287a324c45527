import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { ErrorFallback } from './error-fallback';

function useLoggedRouteError(): void {
  const error = useRouteError();
  useEffect(() => {
    console.error('Uncaught rendering error', error);
  }, [error]);
}

/**
 * The root route's errorElement: the layout itself failed, so the fallback replaces the app
 * (docs/product.md#error-handling). The error is logged.
 */
export function RouteError() {
  useLoggedRouteError();
  return <ErrorFallback />;
}

/**
 * A route group's errorElement: a failing page shows the fallback text in its place, and the
 * shell around it (top bar, menu, sign-out) stays usable. The error is logged.
 */
export function PageRouteError() {
  const { t } = useTranslation();
  useLoggedRouteError();
  return (
    <Typography role="alert" data-testid="page-error">
      {t('errors.fallback')}
    </Typography>
  );
}
