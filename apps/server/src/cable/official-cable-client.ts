/**
 * Test-only: the official `@rails/actioncable` consumer running in Node against our /cable, so the
 * tests prove what the browser client will do. It needs a WebSocket class, global
 * add/removeEventListener (its connection monitor listens for `visibilitychange`), `document`, and
 * an absolute ws:// URL (docs/architecture.md#testing). Every frame the server sends is recorded for assertions.
 */
import * as ActionCable from '@rails/actioncable';
import { WebSocket as NodeWebSocket } from 'ws';

type Globals = {
  addEventListener?: (...args: unknown[]) => void;
  removeEventListener?: (...args: unknown[]) => void;
  document?: { visibilityState: string };
};
const globals = globalThis as Globals;
globals.addEventListener ??= () => {};
globals.removeEventListener ??= () => {};
globals.document ??= { visibilityState: 'visible' };
// The library reads `adapters.WebSocket` at each open, so setting it once here is enough.
ActionCable.adapters.WebSocket = NodeWebSocket as unknown as typeof WebSocket;

/** A frame as the server sent it (JSON-decoded). */
export type Frame = Record<string, unknown>;

// The library's internals the tests observe: its socket, and the hook that wires each new one.
type ConnectionInternals = {
  webSocket?: NodeWebSocket;
  installEventHandlers(): void;
  monitor: { isRunning(): boolean };
};

export type CableSubscription = {
  identifier: string;
  /** 'connected' on confirm_subscription, 'rejected' on reject_subscription. */
  status: Promise<'connected' | 'rejected'>;
  /** Every `message` the channel delivered, in order. */
  received: unknown[];
  unsubscribe(): void;
};

export class OfficialCableClient {
  readonly consumer: ActionCable.Consumer;
  /** Every frame of every socket this consumer opened, in order. */
  readonly frames: Frame[] = [];
  /** Close codes of the sockets this consumer opened, in order. */
  readonly closes: number[] = [];
  /** How many sockets the consumer has opened (reconnects open new ones). */
  opened = 0;

  constructor(url: string) {
    this.consumer = ActionCable.createConsumer(url);
    const connection = this.connection();
    const install = connection.installEventHandlers.bind(connection);
    connection.installEventHandlers = () => {
      install();
      const socket = connection.webSocket;
      if (!socket) return;
      this.opened++;
      socket.on('message', (data) => this.frames.push(JSON.parse(data.toString()) as Frame));
      socket.on('close', (code) => this.closes.push(code));
    };
    this.consumer.connect();
  }

  subscribe(channel: string | ActionCable.ChannelNameWithParams): CableSubscription {
    const received: unknown[] = [];
    let settle: (status: 'connected' | 'rejected') => void = () => {};
    const status = new Promise<'connected' | 'rejected'>((resolve) => {
      settle = resolve;
    });
    const subscription = this.consumer.subscriptions.create(channel, {
      connected: () => settle('connected'),
      rejected: () => settle('rejected'),
      received: (message: unknown) => void received.push(message),
    });
    return {
      identifier: subscription.identifier,
      status,
      received,
      unsubscribe: () => void subscription.unsubscribe(),
    };
  }

  /** Resolves with the first recorded frame matching `predicate`. */
  frame(predicate: (frame: Frame) => boolean, timeoutMs = 3000): Promise<Frame> {
    return waitFor(() => this.frames.find(predicate), timeoutMs, 'a matching frame');
  }

  /** True while the library's connection monitor would reconnect a dropped socket. */
  willReconnect(): boolean {
    return this.connection().monitor.isRunning();
  }

  socketState(): 'connecting' | 'open' | 'closing' | 'closed' | 'none' {
    const socket = this.connection().webSocket;
    if (!socket) return 'none';
    return (['connecting', 'open', 'closing', 'closed'] as const)[socket.readyState] ?? 'none';
  }

  close(): void {
    this.consumer.disconnect();
  }

  private connection(): ConnectionInternals {
    return (this.consumer as unknown as { connection: ConnectionInternals }).connection;
  }
}

/** Polls `probe` until it returns a value (not undefined/false), or fails after `timeoutMs`. */
export async function waitFor<T>(
  probe: () => T | undefined | false,
  timeoutMs = 3000,
  what = 'the condition',
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined && value !== false) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}
