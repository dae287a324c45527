import { API, CABLE_PROTOCOL, cablePath, NOTIFICATIONS_CHANNEL } from '@atelier/contract';
import type { DestinationStream } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type App, buildApp } from '../app';
import { insertUserRows } from '../modules/users/users-testing';
import { testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { MAX_SOCKETS_PER_TOKEN } from './cable.plugin';
import { MAX_FRAMES_BEFORE_WELCOME } from './cable-connection';
import { type Frame, OfficialCableClient, waitFor } from './official-cable-client';

const isWelcome = (f: Frame) => f.type === 'welcome';
const isDisconnect = (f: Frame) => f.type === 'disconnect';

/** Every log line the app writes, at debug level, to look for stacks in. */
function memoryDestination() {
  const lines: string[] = [];
  const destination: DestinationStream = { write: (line: string) => void lines.push(line) };
  return { destination, records: () => lines.map((l) => JSON.parse(l) as Record<string, unknown>) };
}

describe('/cable limits', () => {
  let database: TestDatabase;
  let app: App;
  let base: string;
  const log = memoryDestination();
  const clients: OfficialCableClient[] = [];
  const sockets: WebSocket[] = [];
  let userId: number;
  const connect = (token: string) => {
    const client = new OfficialCableClient(`${base}${cablePath(token)}`);
    clients.push(client);
    return client;
  };
  /** A bare socket, to send what no official client would. */
  const rawSocket = (token?: string) => {
    const url = token === undefined ? `${base}${API.cable}` : `${base}${cablePath(token)}`;
    const socket = new WebSocket(url, [CABLE_PROTOCOL]);
    sockets.push(socket);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    const opened = new Promise((resolve) => socket.once('open', resolve));
    return { socket, opened, closed };
  };
  const signIn = () => app.sessions.issueSessionToken({ id: userId, role: 'student' });

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig({ LOG_LEVEL: 'debug' }), {
      database,
      logDestination: log.destination,
    });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `ws://127.0.0.1:${address.port}`;
    const [row] = await insertUserRows(database.db, [
      { email: 'tabs@example.test', name: 'Tabs', passwordHash: 'unused', confirmedAt: new Date() },
    ]);
    if (!row) throw new Error('no user');
    userId = row.id;
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    for (const socket of sockets) socket.terminate();
    await app.close();
    await database.close();
  });

  it(`holds ${MAX_SOCKETS_PER_TOKEN} sockets per token, refuses the next, and frees a slot on close`, async () => {
    const token = await signIn();
    const tabs = Array.from({ length: MAX_SOCKETS_PER_TOKEN }, () => connect(token));
    await Promise.all(tabs.map((tab) => tab.frame(isWelcome)));

    const extra = connect(token);
    expect(await extra.frame(isDisconnect)).toEqual({
      type: 'disconnect',
      reason: 'too_many_connections',
      reconnect: false,
    });
    await waitFor(() => extra.socketState() === 'closed', 3000, 'the socket to close');
    expect(extra.frames.some(isWelcome)).toBe(false);
    expect(extra.willReconnect()).toBe(false);

    // Another token, of the same user even, is not affected; nor are the open tabs.
    const otherToken = connect(await signIn());
    expect(await otherToken.subscribe(NOTIFICATIONS_CHANNEL).status).toBe('connected');
    expect(tabs.every((tab) => tab.socketState() === 'open')).toBe(true);

    tabs[0]?.close();
    await waitFor(() => tabs[0]?.socketState() === 'closed', 3000, 'a tab to close');
    // The server forgets the socket when its close arrives; a new tab then fits.
    const firstFrame = async () => {
      const next = rawSocket(token);
      const frame = await new Promise<Frame>((resolve) =>
        next.socket.once('message', (data) => resolve(JSON.parse(data.toString()) as Frame)),
      );
      return frame.type;
    };
    let type = await firstFrame();
    for (let tries = 0; type !== 'welcome' && tries < 20; tries++) type = await firstFrame();
    expect(type).toBe('welcome');
  });

  it('closes unauthenticated and oversized sockets without a stack in the log, and serves others', async () => {
    const command = JSON.stringify({ command: 'subscribe', identifier: '{}' });

    // A bad token, flooding frames.
    const flooding = rawSocket('not-a-token');
    await flooding.opened;
    for (let i = 0; i < MAX_FRAMES_BEFORE_WELCOME * 10; i++) flooding.socket.send(command);
    await flooding.closed;

    // No token, and a frame over the size limit.
    const noToken = rawSocket();
    await noToken.opened;
    noToken.socket.send('x'.repeat(100 * 1024));
    await noToken.closed;

    // A bad token and an early frame larger than any command.
    const large = rawSocket('not-a-token');
    await large.opened;
    large.socket.send(JSON.stringify({ command: 'subscribe', identifier: 'x'.repeat(8 * 1024) }));
    await large.closed;

    // A valid token and a frame over the size limit: 1009, as before, but quietly.
    const oversized = rawSocket(await signIn());
    await oversized.opened;
    oversized.socket.send('x'.repeat(100 * 1024));
    expect(await oversized.closed).toBe(1009);

    const client = connect(await signIn());
    expect(await client.subscribe(NOTIFICATIONS_CHANNEL).status).toBe('connected');

    const records = log.records();
    expect(records.length).toBeGreaterThan(0);
    // The oversized frames went through the socket error path, which used to log a stack.
    expect(records.map((r) => r.msg)).toContain('cable: socket closed on a client error');
    expect(records.filter((r) => JSON.stringify(r).includes('"stack"'))).toEqual([]);
    expect(records.filter((r) => Number(r.level) >= 50)).toEqual([]);
  });
});
