/**
 * Broadcast between server processes (docs/architecture.md#live-channel): in-process by default, Redis when REDIS_URL is
 * set, so a message published by one instance reaches subscribers on every instance.
 */
export type PubSubHandler = (message: unknown) => void;

export interface PubSub {
  /** Delivers `message` (JSON-serialisable) to every subscriber of `channel`, on every process. */
  publish(channel: string, message: unknown): Promise<void>;
  /** Returns a function that removes this subscription. */
  subscribe(channel: string, handler: PubSubHandler): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

/**
 * Channel names of the infrastructure itself. A module names its own topics in its own files
 * (notifications.channel.ts, classes.routes.ts), so this list never grows with features.
 */
export const PUBSUB_CHANNELS = {
  /** Session revocations, so open sockets of a revoked token close at once. */
  sessions: 'sessions',
} as const;

/** Messages on the `sessions` channel. */
export type SessionEvent =
  | { type: 'revoked'; jti: string; userId: string }
  | { type: 'revoked_all'; userId: string; before: number };

export class MemoryPubSub implements PubSub {
  private readonly handlers = new Map<string, Set<PubSubHandler>>();

  async publish(channel: string, message: unknown): Promise<void> {
    // A JSON round trip gives subscribers the same shape Redis would: no shared references.
    const copy = JSON.parse(JSON.stringify(message));
    for (const handler of [...(this.handlers.get(channel) ?? [])]) {
      // Like Redis, a failing subscriber is the subscriber's problem, not the publisher's.
      try {
        handler(copy);
      } catch {}
    }
  }

  async subscribe(channel: string, handler: PubSubHandler): Promise<() => Promise<void>> {
    let set = this.handlers.get(channel);
    if (!set) {
      set = new Set();
      this.handlers.set(channel, set);
    }
    // A fresh wrapper per call, so subscribing the same function twice yields two subscriptions.
    const entry: PubSubHandler = (message) => handler(message);
    set.add(entry);
    const owned = set;
    return async () => {
      owned.delete(entry);
      if (owned.size === 0 && this.handlers.get(channel) === owned) this.handlers.delete(channel);
    };
  }

  /** Local subscriptions of `channel`; tests use it to prove unsubscribes leave nothing behind. */
  subscriberCount(channel: string): number {
    return this.handlers.get(channel)?.size ?? 0;
  }

  async close(): Promise<void> {
    this.handlers.clear();
  }
}
