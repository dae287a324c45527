import { EventEmitter } from 'node:events';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { WebSocket } from 'ws';
import { MemoryPubSub } from '../pubsub/pubsub';
import {
  CableConnection,
  type CableHub,
  MAX_FRAME_BYTES_BEFORE_WELCOME,
  MAX_FRAMES_BEFORE_WELCOME,
} from './cable-connection';
import type { CableIdentity } from './channels';

const OPEN = 1;
const CLOSED = 3;

/** Just enough of a ws socket: records what the connection sends and whether it closed. */
class FakeSocket extends EventEmitter {
  readonly OPEN = OPEN;
  readyState = OPEN;
  bufferedAmount = 0;
  readonly sent: unknown[] = [];
  send(data: string) {
    this.sent.push(JSON.parse(data));
  }
  close() {
    this.readyState = CLOSED;
  }
  terminate() {
    this.readyState = CLOSED;
  }
  frame(text: string) {
    this.emit('message', Buffer.from(text), false);
  }
}

const silent = {
  debug() {},
  info() {},
  warn() {},
  error() {},
} as unknown as FastifyBaseLogger;

const identity: CableIdentity = {
  userId: '1',
  jti: 'j',
  issuedAtMs: Date.now(),
  expiresAtMs: Date.now() + 60_000,
};

/** A connection whose token check finishes only when the test says so. */
function pendingConnection() {
  const socket = new FakeSocket();
  let finish: (identity: CableIdentity) => void = () => {};
  const hub: CableHub = {
    pubsub: new MemoryPubSub(),
    channels: new Map(),
    authenticate: () =>
      new Promise((resolve) => {
        finish = resolve;
      }),
    revocationEpoch: () => 0,
    register: () => true,
    forget: () => {},
  };
  const connection = new CableConnection(socket as unknown as WebSocket, hub, silent);
  connection.open('a token');
  return { socket, connection, authenticated: (id = identity) => finish(id) };
}

const invalidRequest = { type: 'disconnect', reason: 'invalid_request', reconnect: false };
const command = JSON.stringify({ command: 'subscribe', identifier: '{"channel":"X"}' });

describe('CableConnection before its welcome', () => {
  it(`takes ${MAX_FRAMES_BEFORE_WELCOME} frames while the token is checked, and closes on the next`, async () => {
    const { socket } = pendingConnection();
    await Promise.resolve();
    for (let i = 0; i < MAX_FRAMES_BEFORE_WELCOME; i++) socket.frame(command);
    expect(socket.readyState).toBe(OPEN);
    socket.frame(command);
    expect(socket.sent).toEqual([invalidRequest]);
    expect(socket.readyState).toBe(CLOSED);
  });

  it('closes on an early frame larger than any command', async () => {
    const { socket } = pendingConnection();
    await Promise.resolve();
    socket.frame('x'.repeat(MAX_FRAME_BYTES_BEFORE_WELCOME + 1));
    expect(socket.sent).toEqual([invalidRequest]);
    expect(socket.readyState).toBe(CLOSED);
  });

  it('counts no frame once welcomed', async () => {
    const { socket, connection, authenticated } = pendingConnection();
    await Promise.resolve();
    authenticated();
    await connection.settled();
    expect(socket.sent).toEqual([{ type: 'welcome' }]);
    for (let i = 0; i < MAX_FRAMES_BEFORE_WELCOME * 3; i++) {
      socket.frame('x'.repeat(MAX_FRAME_BYTES_BEFORE_WELCOME + 1));
    }
    await connection.settled();
    expect(socket.readyState).toBe(OPEN);
  });
});
