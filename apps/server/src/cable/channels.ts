import { type CableIdentifier, NOTIFICATIONS_CHANNEL } from '@atelier/contract';
import { PUBSUB_CHANNELS, type PubSub } from '../pubsub/pubsub';

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

export type Channel = {
  /** Starts streaming, or returns 'reject' to refuse the subscription. */
  subscribe(context: ChannelContext): Promise<StopStreaming | 'reject'>;
};

/** The signed-in user's notifications, and only theirs: the stream is chosen from the token. */
export const notificationsChannel: Channel = {
  subscribe: ({ identity, pubsub, transmit }) =>
    pubsub.subscribe(PUBSUB_CHANNELS.notifications(identity.userId), transmit),
};

/** Every channel a client may subscribe to, by the name in its identifier. */
export const CHANNELS: ReadonlyMap<string, Channel> = new Map([
  [NOTIFICATIONS_CHANNEL, notificationsChannel],
]);
