import { Redis } from 'ioredis';
import type { PubSub, PubSubHandler } from './pubsub';

type Logger = { warn(obj: object, msg: string): void; error(obj: object, msg: string): void };

/**
 * Redis pub/sub, so a message published by any server process reaches subscribers on all of them
 * (docs/architecture.md#live-channel). A Redis connection in subscriber mode can run no other command, hence two
 * connections. Many local handlers of one channel share a single Redis SUBSCRIBE.
 */
export class RedisPubSub implements PubSub {
  private readonly publisher: Redis;
  private readonly subscriber: Redis;
  private readonly handlers = new Map<string, Set<PubSubHandler>>();
  /** Channels Redis currently has us subscribed to. */
  private readonly subscribed = new Set<string>();
  /** Per channel, the tail of the queue of SUBSCRIBE/UNSUBSCRIBE changes, so they never interleave. */
  private readonly pending = new Map<string, Promise<void>>();

  private log: Logger | undefined;
  /** Prepended to every channel name, so apps (or test runs) sharing one Redis never cross. */
  private readonly prefix: string;

  constructor(url: string, options: { log?: Logger; channelPrefix?: string } = {}) {
    this.log = options.log;
    this.prefix = options.channelPrefix ?? '';
    const clientOptions = { connectionName: 'atelier-pubsub', maxRetriesPerRequest: 3 };
    this.publisher = new Redis(url, clientOptions);
    // No ready check (INFO) on the subscriber: ioredis may send SUBSCRIBE before it (SUBSCRIBE may
    // run while Redis loads), and INFO is refused in subscriber mode, so the check would fail,
    // reconnect, and lose the subscription. Pub/sub needs no loaded dataset anyway.
    this.subscriber = new Redis(url, { ...clientOptions, enableReadyCheck: false });
    // Without a listener ioredis prints every connection error as "Unhandled error event"; it
    // reconnects (and re-subscribes) on its own.
    for (const client of [this.publisher, this.subscriber]) {
      client.on('error', (err: Error) => this.log?.warn({ err }, 'redis pub/sub connection error'));
    }
    this.subscriber.on('message', (channel: string, raw: string) => {
      if (channel.startsWith(this.prefix)) this.deliver(channel.slice(this.prefix.length), raw);
    });
  }

  /** The server's logger exists only once the app is built, after this adapter. */
  setLogger(log: Logger): void {
    this.log = log;
  }

  async publish(channel: string, message: unknown): Promise<void> {
    await this.publisher.publish(this.prefix + channel, JSON.stringify(message));
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
    try {
      await this.sync(channel);
    } catch (error) {
      this.removeHandler(channel, owned, entry);
      throw error;
    }
    let removed = false;
    return async () => {
      if (removed) return;
      removed = true;
      this.removeHandler(channel, owned, entry);
      await this.sync(channel);
    };
  }

  /** Local subscriptions of `channel`; tests use it to prove unsubscribes leave nothing behind. */
  subscriberCount(channel: string): number {
    return this.handlers.get(channel)?.size ?? 0;
  }

  async close(): Promise<void> {
    this.handlers.clear();
    await Promise.allSettled([...this.pending.values()]);
    await Promise.allSettled([quit(this.publisher), quit(this.subscriber)]);
  }

  private removeHandler(channel: string, set: Set<PubSubHandler>, entry: PubSubHandler) {
    set.delete(entry);
    if (set.size === 0 && this.handlers.get(channel) === set) this.handlers.delete(channel);
  }

  /** Brings Redis's subscription to `channel` in line with whether any local handler wants it. */
  private sync(channel: string): Promise<void> {
    const previous = this.pending.get(channel) ?? Promise.resolve();
    const next = previous.then(async () => {
      const wanted = (this.handlers.get(channel)?.size ?? 0) > 0;
      if (wanted && !this.subscribed.has(channel)) {
        await this.subscriber.subscribe(this.prefix + channel);
        this.subscribed.add(channel);
      } else if (!wanted && this.subscribed.has(channel)) {
        this.subscribed.delete(channel);
        await this.subscriber.unsubscribe(this.prefix + channel);
      }
    });
    const settled = next.catch(() => undefined);
    this.pending.set(channel, settled);
    void settled.then(() => {
      if (this.pending.get(channel) === settled) this.pending.delete(channel);
    });
    return next;
  }

  private deliver(channel: string, raw: string) {
    const set = this.handlers.get(channel);
    if (!set || set.size === 0) return;
    let message: unknown;
    try {
      message = JSON.parse(raw);
    } catch (err) {
      this.log?.warn({ err, channel }, 'dropped a pub/sub message that is not JSON');
      return;
    }
    for (const handler of [...set]) {
      // One failing subscriber must not keep the message from the others.
      try {
        handler(message);
      } catch (err) {
        this.log?.error({ err, channel }, 'pub/sub handler failed');
      }
    }
  }
}

async function quit(client: Redis): Promise<void> {
  if (client.status === 'end') return;
  try {
    await client.quit();
  } catch {
    // Not connected (Redis down): QUIT cannot be sent, so drop the connection instead.
    client.disconnect();
  }
}
