import { type CableConsumer, closeCable, setCableConsumerFactory } from '../../lib/cable';

/** Test-only: live connections that open nothing; returns the URLs they were opened with. */
export function fakeCables(): string[] {
  const urls: string[] = [];
  setCableConsumerFactory((url): CableConsumer => {
    urls.push(url());
    return {
      subscriptions: { create: () => ({ unsubscribe: () => undefined }) },
      disconnect: () => undefined,
    };
  });
  return urls;
}

/** Test-only: closes what `fakeCables` opened and puts the official consumer back. */
export function restoreCables(): void {
  closeCable();
  setCableConsumerFactory(null);
}
