import {
  CABLE_RECONNECTION_BACKOFF_RATE,
  CABLE_REOPEN_DELAY_MS,
  CABLE_STALE_THRESHOLD_S,
  cablePath,
  NOTIFICATIONS_CHANNEL,
} from '@atelier/contract';
import {
  Connection,
  ConnectionMonitor,
  createConsumer as createActionCableConsumer,
} from '@rails/actioncable';
import { getToken } from './storage';

/**
 * docs/product.md#constants monitor constants. actioncable 8.1 keeps them as static fields of its classes, shared
 * by every consumer. The subscription retry (500 ms) has no knob: SubscriptionGuarantor hard-codes
 * 500 ms, which is already the value docs/product.md#constants gives.
 */
ConnectionMonitor.staleThreshold = CABLE_STALE_THRESHOLD_S;
ConnectionMonitor.reconnectionBackoffRate = CABLE_RECONNECTION_BACKOFF_RATE;
Connection.reopenDelay = CABLE_REOPEN_DELAY_MS;

/** The part of an ActionCable consumer this module uses; tests inject a fake. */
export type CableConsumer = {
  subscriptions: {
    create(
      channel: string | { channel: string },
      mixin: { received(data: unknown): void },
    ): { unsubscribe(): unknown };
  };
  disconnect(): void;
};
/** Takes the URL as a function: the official consumer calls it at every (re)connect. */
export type CableConsumerFactory = (url: () => string) => CableConsumer;

let consumerFactory: CableConsumerFactory = createActionCableConsumer;
let open: { token: string; consumer: CableConsumer } | null = null;

/** Replaces the consumer factory (tests); null restores the official one. */
export function setCableConsumerFactory(factory: CableConsumerFactory | null): void {
  consumerFactory = factory ?? createActionCableConsumer;
}

/** `ws(s)://<this host>/cable?token=…`: the consumer wants an absolute URL to be unambiguous. */
export function cableUrl(token: string, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${cablePath(token)}`;
}

/**
 * Opens the live connection for `token` and subscribes to NotificationsChannel; every message is
 * handed to `onMessage`. Opening again with the same token keeps the open connection; a new
 * token replaces it.
 */
export function openCable(token: string, onMessage: (message: unknown) => void): void {
  if (open?.token === token) return;
  closeCable();
  // The server refreshes tokens past half their life (docs/architecture.md#sessions) and ends a socket whose token
  // expires; reconnecting with the stored, refreshed token keeps an active user's stream alive.
  const consumer = consumerFactory(() => cableUrl(getToken() ?? token));
  consumer.subscriptions.create(
    { channel: NOTIFICATIONS_CHANNEL },
    {
      received(message: unknown) {
        onMessage(message);
      },
    },
  );
  open = { token, consumer };
}

/** Closes the live connection, if any (sign-out, docs/product.md#client-state). */
export function closeCable(): void {
  if (!open) return;
  const { consumer } = open;
  open = null;
  consumer.disconnect();
}

/** Whether a live connection is open (for tests and diagnostics). */
export function isCableOpen(): boolean {
  return open !== null;
}
