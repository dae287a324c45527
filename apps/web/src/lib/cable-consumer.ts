import {
  CABLE_RECONNECTION_BACKOFF_RATE,
  CABLE_REOPEN_DELAY_MS,
  CABLE_STALE_THRESHOLD_S,
  cablePath,
} from '@atelier/contract';
import {
  Connection,
  ConnectionMonitor,
  createConsumer as createActionCableConsumer,
} from '@rails/actioncable';
import { getToken } from './storage';

/*
 * The ActionCable side of the live connection (docs/architecture.md#live-channel). Only
 * lib/cable.ts imports this module, and only on demand: actioncable and the contract's cable
 * module stay out of the JavaScript a first visit to /app/login downloads (first-visit budget).
 * It knows no channel: lib/cable.ts hands it the subscriptions the features asked for.
 */

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
      mixin: { received(data: unknown): void; connected?(): void },
    ): { unsubscribe(): unknown };
  };
  disconnect(): void;
};
/** Takes the URL as a function: the official consumer calls it at every (re)connect. */
export type CableConsumerFactory = (url: () => string) => CableConsumer;

/** One feature's wish to hear a channel: the channel's name, its parameters, and the listener. */
export type CableSubscription = {
  channel: string;
  params: Record<string, unknown>;
  onMessage(message: unknown): void;
  /**
   * Called each time the server confirms the subscription: when the connection opens and again
   * after every reconnect, so a listener can ask once for what it may have missed meanwhile.
   */
  onConnected?(): void;
};

type OpenConsumer = {
  token: string;
  consumer: CableConsumer;
  subscribed: Map<CableSubscription, { unsubscribe(): unknown }>;
};

let open: OpenConsumer | null = null;

/** `ws(s)://<this host>/cable?token=…`: the consumer wants an absolute URL to be unambiguous. */
export function cableUrl(token: string, location: Location = window.location): string {
  const scheme = location.protocol === 'https:' ? 'wss:' : 'ws:';
  return `${scheme}//${location.host}${cablePath(token)}`;
}

function create(target: OpenConsumer, subscription: CableSubscription): void {
  if (target.subscribed.has(subscription)) return;
  const handle = target.consumer.subscriptions.create(
    { ...subscription.params, channel: subscription.channel },
    {
      received(message: unknown) {
        subscription.onMessage(message);
      },
      connected() {
        subscription.onConnected?.();
      },
    },
  );
  target.subscribed.set(subscription, handle);
}

/**
 * Opens the one connection for `token` with `subscriptions` on it (the official consumer unless
 * `factory` is given). Opening again with the same token keeps the open connection and adds any
 * subscription it lacks; a new token replaces it.
 */
export function openConsumer(
  token: string,
  subscriptions: Iterable<CableSubscription>,
  factory: CableConsumerFactory | null,
): void {
  if (open?.token !== token) {
    closeConsumer();
    // The server refreshes tokens past half their life (docs/architecture.md#sessions) and ends a socket whose token
    // expires; reconnecting with the stored, refreshed token keeps an active user's stream alive.
    const consumer = (factory ?? createActionCableConsumer)(() => cableUrl(getToken() ?? token));
    open = { token, consumer, subscribed: new Map() };
  }
  for (const subscription of subscriptions) create(open, subscription);
}

/** Adds a subscription to the open connection, if one is open. */
export function addSubscription(subscription: CableSubscription): void {
  if (open) create(open, subscription);
}

/** Removes a subscription from the open connection, if it is on it. */
export function removeSubscription(subscription: CableSubscription): void {
  const handle = open?.subscribed.get(subscription);
  if (!open || !handle) return;
  open.subscribed.delete(subscription);
  handle.unsubscribe();
}

/** Closes the connection, if any (sign-out, docs/product.md#client-state). */
export function closeConsumer(): void {
  if (!open) return;
  const { consumer } = open;
  open = null;
  consumer.disconnect();
}

/** Whether a connection is open (for tests and diagnostics). */
export function isConsumerOpen(): boolean {
  return open !== null;
}
