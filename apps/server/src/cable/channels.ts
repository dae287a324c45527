import type { CableIdentifier } from '@atelier/contract';
import type { z } from 'zod';
import type { PubSub } from '../pubsub/pubsub';

/** Who holds a socket: read from the session token when the socket opens. */
export type CableIdentity = {
  userId: string;
  /** The token's id, so its revocation closes this socket (PUBSUB_CHANNELS.sessions). */
  jti: string;
  /** `iat` in milliseconds: "sign out everywhere" closes sockets whose token is older. */
  issuedAtMs: number;
  /** `exp` in milliseconds. */
  expiresAtMs: number;
};

/**
 * A live channel as the module that owns it declares it (docs/architecture.md#adding-a-live-channel):
 * the cable knows no module, only the channels registered with `app.cable.registerChannel`.
 * Every channel only streams: clients listen, they send no actions.
 */
export type ChannelDefinition<P = CableIdentifier> = {
  /** The `channel` of the client's identifier, a contract constant such as NOTIFICATIONS_CHANNEL. */
  name: string;
  /**
   * The identifier's other params, when the channel takes any. Params that do not parse reject
   * the subscription; without a schema the channel receives the identifier as sent.
   */
  params?: z.ZodType<P>;
  /** Whether this socket's user may subscribe with these params; false rejects the subscription. */
  authorize(identity: CableIdentity, params: P): boolean | Promise<boolean>;
  /** The pub/sub topic (owned by the module) whose messages this subscription streams. */
  stream(identity: CableIdentity, params: P): string;
};

/** What modules see of the cable: `app.cable`. */
export type CableRegistry = {
  /** Adds a channel while the app boots; a second channel of the same name is a mistake. */
  registerChannel<P = CableIdentifier>(definition: ChannelDefinition<P>): void;
};

export type ChannelContext = {
  identity: CableIdentity;
  /** The identifier's parsed params (`{channel, ...}`). */
  params: CableIdentifier;
  pubsub: PubSub;
  /** Sends `{identifier, message}` to this subscription's socket. */
  transmit(message: unknown): void;
};

/** Stops the subscription's streams; called on unsubscribe and when the socket closes. */
export type StopStreaming = () => Promise<void>;

/** A registered channel as a connection uses it. */
export type Channel = {
  /** Starts streaming, or returns 'reject' to refuse the subscription. */
  subscribe(context: ChannelContext): Promise<StopStreaming | 'reject'>;
};

/** The subscription behaviour of a declared channel: parse params, authorize, then stream. */
export function channelFrom<P>(definition: ChannelDefinition<P>): Channel {
  return {
    async subscribe({ identity, params: identifier, pubsub, transmit }) {
      let params: P;
      if (definition.params) {
        const parsed = definition.params.safeParse(identifier);
        if (!parsed.success) return 'reject';
        params = parsed.data;
      } else {
        // Without a schema P is CableIdentifier (the type's default), the identifier as sent.
        params = identifier as P;
      }
      if (!(await definition.authorize(identity, params))) return 'reject';
      return pubsub.subscribe(definition.stream(identity, params), transmit);
    },
  };
}

/** The channels registered so far, by name; closed to new ones once the app is ready. */
export function createChannelRegistry(): CableRegistry & {
  channels: ReadonlyMap<string, Channel>;
  close(): void;
} {
  const channels = new Map<string, Channel>();
  let closed = false;
  return {
    channels,
    registerChannel(definition) {
      if (closed) {
        throw new Error(`cable: channel ${definition.name} registered after the app started`);
      }
      if (channels.has(definition.name)) {
        throw new Error(`cable: channel ${definition.name} is registered twice`);
      }
      channels.set(definition.name, channelFrom(definition));
    },
    close() {
      closed = true;
    },
  };
}
