import {
  type CableDisconnectReason,
  type CableServerMessage,
  cableCommandSchema,
  cableIdentifierSchema,
} from '@atelier/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { WebSocket } from 'ws';
import { AppError } from '../lib/app-error';
import type { PubSub } from '../pubsub/pubsub';
import type { CableIdentity, Channel, StopStreaming } from './channels';

/** Beyond this a client asks for more than any page of the app needs: refuse, don't leak. */
export const MAX_SUBSCRIPTIONS_PER_CONNECTION = 10;
/**
 * Until its token is verified a socket may send only what the official client sends that early
 * (a subscribe, or a few, per channel of the page), each the size of a command. A socket sending
 * more or larger frames is no client of ours: it is closed, quietly (docs/architecture.md#live-channel).
 */
export const MAX_FRAMES_BEFORE_WELCOME = 2 * MAX_SUBSCRIPTIONS_PER_CONNECTION;
export const MAX_FRAME_BYTES_BEFORE_WELCOME = 4 * 1024;
/** A client that stops reading while messages pile up is cut off rather than buffered forever. */
const MAX_BUFFERED_BYTES = 1024 * 1024;
const CLOSE_NORMAL = 1000;
/** setTimeout fires at once beyond 2^31-1 ms; tokens live far shorter, but stay safe. */
const MAX_TIMER_MS = 2 ** 31 - 1;
const CLOSE_SERVICE_RESTART = 1012;

/** What a connection needs from the server that holds it. */
export type CableHub = {
  pubsub: PubSub;
  channels: ReadonlyMap<string, Channel>;
  /** Verifies a token; throws when it is missing, bad, expired or revoked. */
  authenticate(token: string): Promise<CableIdentity>;
  /** Bumped on every revocation event: tells an authentication in flight to check again. */
  revocationEpoch(): number;
  /** Adds a verified socket; false when its token already holds as many sockets as it may. */
  register(connection: CableConnection): boolean;
  forget(connection: CableConnection): void;
};

/**
 * One socket speaking the ActionCable protocol. Frames are handled one at a time, in order, so a
 * subscribe and an unsubscribe (or a close) of the same identifier can never interleave.
 */
export class CableConnection {
  identity: CableIdentity | null = null;
  private readonly subscriptions = new Map<string, StopStreaming>();
  private queue: Promise<void> = Promise.resolve();
  private closed = false;
  private expiryTimer: NodeJS.Timeout | undefined;
  private framesBeforeWelcome = 0;

  constructor(
    private readonly socket: WebSocket,
    private readonly hub: CableHub,
    private readonly log: FastifyBaseLogger,
  ) {
    socket.on('message', (data, isBinary) => {
      // The JSON protocol has no binary frames; ignore them like any other malformed input.
      if (isBinary || this.closed) return;
      if (!this.identity && !this.acceptEarlyFrame(data)) {
        this.log.debug('cable: closed a socket flooding frames before its welcome');
        this.disconnect('invalid_request', false);
        return;
      }
      const text = data.toString();
      this.enqueue(() => this.handleFrame(text));
    });
    socket.on('close', () => this.release());
  }

  /** Authenticates the token, then welcomes the client, or tells it to go away for good. */
  open(token: string | undefined): void {
    this.enqueue(async () => {
      const identity = await this.authenticate(token);
      if (!identity || this.closed) {
        this.disconnect('unauthorized', false);
        return;
      }
      this.identity = identity;
      if (!this.hub.register(this)) {
        this.log.debug("cable: refused a socket beyond its token's limit");
        this.disconnect('too_many_connections', false);
        return;
      }
      this.transmit({ type: 'welcome' });
      // A session ends at its token's expiry even if the socket stays up. The client may
      // reconnect: with a refreshed token it gets back in, with the expired one it is refused.
      const remaining = Math.min(identity.expiresAtMs - Date.now(), MAX_TIMER_MS);
      this.expiryTimer = setTimeout(() => this.disconnect('unauthorized', true), remaining);
      this.expiryTimer.unref();
    });
  }

  /** Counts a frame received before the welcome; false once the socket has sent too much. */
  private acceptEarlyFrame(data: WebSocket.RawData): boolean {
    this.framesBeforeWelcome += 1;
    return (
      this.framesBeforeWelcome <= MAX_FRAMES_BEFORE_WELCOME &&
      rawLength(data) <= MAX_FRAME_BYTES_BEFORE_WELCOME
    );
  }

  private async authenticate(token: string | undefined): Promise<CableIdentity | null> {
    if (!token) return null;
    const epoch = this.hub.revocationEpoch();
    try {
      const identity = await this.hub.authenticate(token);
      // A revocation published while we were checking could have missed this socket: it was not
      // registered yet. The revocation is committed before it is published, so one more check
      // sees it; revocations after that find the socket registered.
      if (this.hub.revocationEpoch() !== epoch) return await this.hub.authenticate(token);
      return identity;
    } catch (error) {
      // A refused token is the client's doing and no news: no stack for it in the log. Anything
      // else (the database down) is ours to see.
      if (error instanceof AppError) this.log.debug({ code: error.code }, 'cable: token refused');
      else this.log.warn({ err: error }, 'cable: could not check a token');
      return null;
    }
  }

  /** Sends one protocol message; drops it when the socket is no longer open. */
  transmit(message: CableServerMessage): void {
    if (this.socket.readyState !== this.socket.OPEN) return;
    if (this.socket.bufferedAmount > MAX_BUFFERED_BYTES) {
      this.log.warn('cable: client is not reading; closing its socket');
      this.socket.terminate();
      return;
    }
    this.socket.send(JSON.stringify(message));
  }

  /** Sends `disconnect` and closes: the official client reconnects only when `reconnect` is true. */
  disconnect(reason: CableDisconnectReason, reconnect: boolean): void {
    if (this.closed) return;
    this.transmit({ type: 'disconnect', reason, reconnect });
    this.socket.close(reason === 'server_restart' ? CLOSE_SERVICE_RESTART : CLOSE_NORMAL);
    this.release();
  }

  /** Resolves once the socket has closed, or terminates it after `timeoutMs`. */
  closedWithin(timeoutMs: number): Promise<void> {
    if (this.socket.readyState === this.socket.CLOSED) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        this.socket.terminate();
        resolve();
      }, timeoutMs);
      this.socket.once('close', () => {
        clearTimeout(timer);
        resolve();
      });
    });
  }

  /** Resolves when every frame received so far (and the clean-up after close) is handled. */
  settled(): Promise<void> {
    return this.queue;
  }

  private enqueue(task: () => Promise<void>): void {
    this.queue = this.queue.then(task).catch((error: unknown) => {
      this.log.error({ err: error }, 'cable: frame handling failed');
    });
  }

  private async handleFrame(text: string): Promise<void> {
    if (this.closed || !this.identity) return;
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch {
      this.log.debug('cable: ignored a frame that is not JSON');
      return;
    }
    const command = cableCommandSchema.safeParse(json);
    if (!command.success) {
      this.log.debug('cable: ignored a frame that is not a command');
      return;
    }
    const { identifier } = command.data;
    switch (command.data.command) {
      case 'subscribe':
        return this.subscribe(identifier);
      case 'unsubscribe':
        return this.unsubscribe(identifier);
      case 'message':
        // No channel has actions: clients only listen.
        this.log.debug({ identifier }, 'cable: ignored a message command');
        return;
    }
  }

  private async subscribe(identifier: string): Promise<void> {
    const identity = this.identity;
    if (!identity) return;
    // The client's guarantor re-sends subscribe until confirmed: confirm again, stream once.
    if (this.subscriptions.has(identifier)) {
      this.transmit({ type: 'confirm_subscription', identifier });
      return;
    }
    const params = parseIdentifier(identifier);
    const channel = params ? this.hub.channels.get(params.channel) : undefined;
    if (!params || !channel || this.subscriptions.size >= MAX_SUBSCRIPTIONS_PER_CONNECTION) {
      this.transmit({ type: 'reject_subscription', identifier });
      return;
    }
    const stop = await channel.subscribe({
      identity,
      params,
      pubsub: this.hub.pubsub,
      transmit: (message) => this.transmit({ identifier, message }),
    });
    if (stop === 'reject') {
      this.transmit({ type: 'reject_subscription', identifier });
      return;
    }
    if (this.closed) {
      await stop();
      return;
    }
    this.subscriptions.set(identifier, stop);
    this.transmit({ type: 'confirm_subscription', identifier });
  }

  private async unsubscribe(identifier: string): Promise<void> {
    const stop = this.subscriptions.get(identifier);
    if (!stop) return;
    this.subscriptions.delete(identifier);
    await stop();
  }

  /** Stops every stream once the socket is gone (after any frame still being handled). */
  private release(): void {
    if (this.closed) return;
    this.closed = true;
    clearTimeout(this.expiryTimer);
    this.hub.forget(this);
    this.enqueue(async () => {
      const stops = [...this.subscriptions.values()];
      this.subscriptions.clear();
      await Promise.all(stops.map((stop) => stop()));
    });
  }
}

function rawLength(data: WebSocket.RawData): number {
  if (Array.isArray(data)) return data.reduce((sum, part) => sum + part.length, 0);
  return data.byteLength;
}

function parseIdentifier(identifier: string) {
  try {
    const parsed = cableIdentifierSchema.safeParse(JSON.parse(identifier));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
