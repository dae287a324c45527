// @types/rails__actioncable 8.0 omits the exported internals that carry the connection timing
// knobs; actioncable 8.1's src/index.js exports both classes with these static fields.
import '@rails/actioncable';

declare module '@rails/actioncable' {
  export const ConnectionMonitor: {
    staleThreshold: number;
    reconnectionBackoffRate: number;
  };
  export const Connection: {
    reopenDelay: number;
  };
  /** Re-sends unconfirmed subscribe commands every 500 ms (a fixed value in 8.1). */
  export class SubscriptionGuarantor {
    constructor(subscriptions: { subscribe(subscription: unknown): void });
    guarantee(subscription: { identifier: string }): void;
    stopGuaranteeing(): void;
  }
}
