import type { CableConsumer, CableConsumerFactory, CableSubscription } from './cable-consumer';

/*
 * The one live connection (docs/architecture.md#live-channel), as the rest of the app sees it.
 * The session opens it with the user's token and closes it at sign-out; a feature that wants
 * live messages calls `subscribe` beside the data they update (the notifications feature does it
 * in its unread-count endpoint). This module knows no channel, and it loads actioncable
 * (cable-consumer.ts) only once a signed-in user needs the connection: a first visit to
 * /app/login does not download it (first-visit budget).
 */

export type { CableConsumer, CableConsumerFactory };

type ConsumerModule = typeof import('./cable-consumer');

let consumerModule: Promise<ConsumerModule> | null = null;
/** The module once it is in, for the calls that must act at once (subscribe, close). */
let loaded: ConsumerModule | null = null;
/** The token the app currently wants a connection for; null once closed. */
let wantedToken: string | null = null;
let consumerFactory: CableConsumerFactory | null = null;
/** Every subscription asked for, open or not: a (re)opened connection carries them all. */
const subscriptions = new Set<CableSubscription>();

function loadConsumer(): Promise<ConsumerModule> {
  consumerModule ??= import('./cable-consumer').then((module) => {
    loaded = module;
    return module;
  });
  // A failed chunk load must not poison every later attempt.
  consumerModule.catch(() => {
    consumerModule = null;
  });
  return consumerModule;
}

/** Replaces the ActionCable consumer factory (tests); null restores the official one. */
export function setCableConsumerFactory(factory: CableConsumerFactory | null): void {
  consumerFactory = factory;
}

/**
 * Hears `channel` (with `params`, e.g. a record's id) on the live connection: every message is
 * handed to `onMessage`, and `onConnected` hears each confirmation of the subscription (the first,
 * and one after every reconnect). It holds while the connection is closed and across a reopen with a new
 * token. Returns the function that stops it.
 */
export function subscribe(
  channel: string,
  params: Record<string, unknown>,
  onMessage: (message: unknown) => void,
  onConnected?: () => void,
): () => void {
  const subscription: CableSubscription = { channel, params, onMessage, onConnected };
  subscriptions.add(subscription);
  // An open that is still loading the module picks it up with the others.
  if (wantedToken !== null) loaded?.addSubscription(subscription);
  return () => {
    subscriptions.delete(subscription);
    loaded?.removeSubscription(subscription);
  };
}

/**
 * Opens the live connection for `token`, carrying every subscription. A close, or an open for
 * another token, that comes while the module is loading wins over this one.
 */
export async function openCable(token: string): Promise<void> {
  wantedToken = token;
  const consumer = await loadConsumer();
  if (wantedToken !== token) return;
  consumer.openConsumer(token, subscriptions, consumerFactory);
}

/**
 * Closes the live connection, if one was ever opened: at once when the module is in, after it
 * loads otherwise.
 */
export async function closeCable(): Promise<void> {
  wantedToken = null;
  if (loaded) {
    loaded.closeConsumer();
    return;
  }
  if (!consumerModule) return;
  const consumer = await consumerModule.catch(() => null);
  // An open for a new token may have come in while this waited; it keeps its connection.
  if (consumer && wantedToken === null) consumer.closeConsumer();
}

/** Whether a live connection is open (for tests and diagnostics). */
export function isCableOpen(): boolean {
  return loaded?.isConsumerOpen() ?? false;
}
