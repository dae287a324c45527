import { useEffect } from 'react';
import { useRouteError } from 'react-router';
import { ErrorFallback } from './error-fallback';

/** The router's errorElement: logs the error and shows the same fallback as the app boundary. */
export function RouteError() {
  const error = useRouteError();
  useEffect(() => {
    console.error('Uncaught rendering error', error);
  }, [error]);
  return <ErrorFallback />;
}
