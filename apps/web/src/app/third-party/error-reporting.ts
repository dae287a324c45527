import type { ClientConfig } from '../../lib/client-config';

type SentryModule = { initSentry: (dsn: string) => Promise<void> };

/**
 * Starts error reporting only when a Sentry DSN is configured; otherwise nothing is downloaded and
 * no request goes to a third party. Returns whether it started.
 */
export async function startErrorReporting(
  config: Pick<ClientConfig, 'sentryDsn'>,
  load: () => Promise<SentryModule> = () => import('./sentry'),
): Promise<boolean> {
  if (!config.sentryDsn) return false;
  const { initSentry } = await load();
  await initSentry(config.sentryDsn);
  return true;
}
