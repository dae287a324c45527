/**
 * Error reporting (docs/product.md#who-uses-it: full trace sampling). Loaded with a dynamic import only when a DSN is
 * configured, so a deployment without Sentry downloads none of it and makes no request to it.
 */
export async function initSentry(dsn: string): Promise<void> {
  const Sentry = await import('@sentry/react');
  Sentry.init({
    dsn,
    integrations: [Sentry.browserTracingIntegration()],
    tracesSampleRate: 1.0,
  });
}
