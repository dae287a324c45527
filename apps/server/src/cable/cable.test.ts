import {
  API,
  CABLE_PROTOCOL,
  cablePath,
  flatten,
  NOTIFICATIONS_CHANNEL,
  notificationDocumentSchema,
  notificationSchema,
  SESSION_LIFETIME_S,
} from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WebSocket } from 'ws';
import { type App, buildApp } from '../app';
import { notificationsTopic, notify } from '../modules/notifications';
import { importSessionKey, insertUserRows, signSessionToken } from '../modules/users/users-testing';
import { MemoryPubSub } from '../pubsub/pubsub';
import { TEST_JWT_SECRET, testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import { type Frame, OfficialCableClient, waitFor } from './official-cable-client';

const NOTIFICATIONS_IDENTIFIER = JSON.stringify({ channel: NOTIFICATIONS_CHANNEL });
const UNAUTHORIZED = { type: 'disconnect', reason: 'unauthorized', reconnect: false };
const isWelcome = (f: Frame) => f.type === 'welcome';
const isDisconnect = (f: Frame) => f.type === 'disconnect';
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

type Server = { app: App; pubsub: MemoryPubSub; url(token?: string): string };

/** The whole app listening on a free port, with a pub/sub the test can inspect. */
async function startServer(database: TestDatabase, pubsub = new MemoryPubSub()): Promise<Server> {
  const app = await buildApp(testConfig(), { database, pubsub });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (!address || typeof address === 'string') throw new Error('no port');
  const base = `ws://127.0.0.1:${address.port}`;
  return {
    app,
    pubsub,
    url: (token) => (token === undefined ? `${base}${API.cable}` : `${base}${cablePath(token)}`),
  };
}

describe('/cable with the official ActionCable client', () => {
  let database: TestDatabase;
  let server: Server;
  let alice: { id: number; token: string };
  let bob: { id: number; token: string };
  const clients: OfficialCableClient[] = [];
  const connect = (token?: string) => {
    const client = new OfficialCableClient(server.url(token));
    clients.push(client);
    return client;
  };
  const addUser = async (email: string, name: string) => {
    const [row] = await insertUserRows(database.db, [
      { email, name, passwordHash: 'unused', confirmedAt: new Date() },
    ]);
    if (!row) throw new Error('no user');
    return row.id;
  };
  const signIn = (id: number) => server.app.sessions.issueSessionToken({ id, role: 'student' });

  beforeAll(async () => {
    database = await createTestDatabase();
    server = await startServer(database);
    const aliceId = await addUser('alice@example.test', 'Alice');
    const bobId = await addUser('bob@example.test', 'Bob');
    alice = { id: aliceId, token: await signIn(aliceId) };
    bob = { id: bobId, token: await signIn(bobId) };
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await server.app.close();
    await database.close();
  });

  it('welcomes a valid token over actioncable-v1-json and confirms NotificationsChannel', async () => {
    const client = connect(alice.token);
    const subscription = client.subscribe(NOTIFICATIONS_CHANNEL);
    expect(await subscription.status).toBe('connected');
    expect(client.frames[0]).toEqual({ type: 'welcome' });
    expect(client.frames).toContainEqual({
      type: 'confirm_subscription',
      identifier: NOTIFICATIONS_IDENTIFIER,
    });
  });

  it('rejects a subscription to an unknown channel, and the socket stays usable', async () => {
    const client = connect(alice.token);
    for (const name of ['NoSuchChannel', 'constructor', '__proto__', '']) {
      expect(await client.subscribe(name).status).toBe('rejected');
    }
    expect(client.frames).toContainEqual({
      type: 'reject_subscription',
      identifier: JSON.stringify({ channel: 'NoSuchChannel' }),
    });
    expect(await client.subscribe(NOTIFICATIONS_CHANNEL).status).toBe('connected');
  });

  describe('refuses a socket with disconnect "unauthorized", reconnect false', () => {
    const refused = async (token: string | undefined) => {
      const client = connect(token);
      const frame = await client.frame(isDisconnect);
      expect(frame).toEqual(UNAUTHORIZED);
      await waitFor(() => client.socketState() === 'closed', 3000, 'the socket to close');
      expect(client.frames.some(isWelcome)).toBe(false);
      // The official client obeyed reconnect: false: its monitor is stopped for good.
      expect(client.willReconnect()).toBe(false);
    };

    it('when the token is missing', () => refused(undefined));
    it('when the token is empty', () => refused(''));
    it('when the token is not a JWT', () => refused('not-a-token'));

    it('when the token is signed with another secret', async () => {
      const key = await importSessionKey('another-secret-that-is-at-least-32-characters');
      await refused(await signSessionToken(key, { id: alice.id, role: 'student' }));
    });

    it('when the token has expired', async () => {
      const key = await importSessionKey(TEST_JWT_SECRET);
      const longAgo = Date.now() - (SESSION_LIFETIME_S + 60) * 1000;
      await refused(await signSessionToken(key, { id: alice.id, role: 'student' }, longAgo));
    });

    it('when the token was revoked by signing out', async () => {
      const token = await signIn(alice.id);
      const res = await server.app.inject({
        method: 'DELETE',
        url: API.signOut,
        headers: { authorization: `Bearer ${token}` },
      });
      expect(res.statusCode).toBe(204);
      await refused(token);
    });
  });

  it('closes an open socket as soon as its token is signed out', async () => {
    const token = await signIn(alice.id);
    const revoked = connect(token);
    const other = connect(alice.token);
    expect(await revoked.subscribe(NOTIFICATIONS_CHANNEL).status).toBe('connected');
    expect(await other.subscribe(NOTIFICATIONS_CHANNEL).status).toBe('connected');

    const res = await server.app.inject({
      method: 'DELETE',
      url: API.signOut,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(res.statusCode).toBe(204);

    expect(await revoked.frame(isDisconnect)).toEqual(UNAUTHORIZED);
    await waitFor(() => revoked.socketState() === 'closed', 3000, 'the socket to close');
    expect(revoked.willReconnect()).toBe(false);
    // Another session of the same user is not affected.
    await pause(100);
    expect(other.frames.some(isDisconnect)).toBe(false);
    expect(other.socketState()).toBe('open');
  });

  it('"sign out everywhere" closes every older socket of that user only', async () => {
    const carol = await addUser('carol@example.test', 'Carol');
    const first = connect(await signIn(carol));
    const second = connect(await signIn(carol));
    const bystander = connect(bob.token);
    await Promise.all([first, second, bystander].map((c) => c.frame(isWelcome)));

    await server.app.sessions.revokeAllSessions(carol);

    for (const client of [first, second]) {
      expect(await client.frame(isDisconnect)).toEqual(UNAUTHORIZED);
    }
    await pause(100);
    expect(bystander.frames.some(isDisconnect)).toBe(false);
    // A token issued after the revocation opens a socket again.
    await pause(5);
    const fresh = connect(await signIn(carol));
    expect(await fresh.subscribe(NOTIFICATIONS_CHANNEL).status).toBe('connected');
  });

  it("streams a notification to every socket of its recipient and to nobody else's", async () => {
    const aliceTab1 = connect(alice.token);
    const aliceTab2 = connect(alice.token);
    const bobTab = connect(bob.token);
    const subs = [aliceTab1, aliceTab2, bobTab].map((c) => c.subscribe(NOTIFICATIONS_CHANNEL));
    for (const s of subs) expect(await s.status).toBe('connected');

    const sent = await notify(server.app, {
      recipientId: alice.id,
      senderId: bob.id,
      title: 'New comment',
      content: 'Bob commented on your drawing',
      record: { type: 'comments', id: 7 },
    });

    const [tab1, tab2, bobs] = subs as [(typeof subs)[0], (typeof subs)[0], (typeof subs)[0]];
    await waitFor(() => tab1.received.length > 0 && tab2.received.length > 0, 3000, 'delivery');
    expect(tab1.received).toEqual([sent]);
    expect(tab2.received).toEqual([sent]);
    // The message is the notification document the web parses (docs/product.md#server-calls).
    const flat = notificationSchema.parse(flatten(notificationDocumentSchema.parse(sent)));
    expect(flat).toMatchObject({
      title: 'New comment',
      read: false,
      sender: { id: String(bob.id), name: 'Bob', avatar_url: null },
      record: { type: 'comments', id: '7' },
    });
    // On the wire it is `{identifier, message}`.
    expect(aliceTab1.frames).toContainEqual({
      identifier: NOTIFICATIONS_IDENTIFIER,
      message: sent,
    });
    await pause(150);
    expect(bobs.received).toEqual([]);
  });

  it('leaves no pub/sub subscription behind after unsubscribe or close', async () => {
    const channel = notificationsTopic(bob.id);
    const before = server.pubsub.subscriberCount(channel);

    const client = connect(bob.token);
    const subscription = client.subscribe(NOTIFICATIONS_CHANNEL);
    expect(await subscription.status).toBe('connected');
    // The client's guarantor may re-send subscribe; the server streams once per identifier.
    await pause(700);
    expect(server.pubsub.subscriberCount(channel)).toBe(before + 1);

    subscription.unsubscribe();
    await waitFor(() => server.pubsub.subscriberCount(channel) === before, 3000, 'unsubscribe');

    const again = client.subscribe(NOTIFICATIONS_CHANNEL);
    expect(await again.status).toBe('connected');
    expect(server.pubsub.subscriberCount(channel)).toBe(before + 1);
    client.close();
    await waitFor(
      () => server.pubsub.subscriberCount(channel) === before,
      3000,
      'release on close',
    );
  });

  it('survives malformed frames and keeps serving the same socket', async () => {
    const socket = new WebSocket(server.url(bob.token), [CABLE_PROTOCOL]);
    const frames: Frame[] = [];
    socket.on('message', (data) => frames.push(JSON.parse(data.toString())));
    await waitFor(() => frames.some(isWelcome), 3000, 'welcome');
    expect(socket.protocol).toBe(CABLE_PROTOCOL);

    for (const junk of [
      'not json',
      '42',
      'null',
      '[]',
      '{}',
      '{"command":"explode","identifier":"{}"}',
      '{"command":"subscribe"}',
      '{"command":"subscribe","identifier":42}',
      '{"command":"message","identifier":"{}","data":"{\\"action\\":\\"x\\"}"}',
      '{"command":"unsubscribe","identifier":"{\\"channel\\":\\"Nope\\"}"}',
    ]) {
      socket.send(junk);
    }
    socket.send(Buffer.from([0, 1, 2, 3]), { binary: true });
    socket.send(JSON.stringify({ command: 'subscribe', identifier: '{not json' }));
    socket.send(JSON.stringify({ command: 'subscribe', identifier: NOTIFICATIONS_IDENTIFIER }));

    const reply = await waitFor(
      () => frames.find((f) => f.type === 'confirm_subscription'),
      3000,
      'confirmation',
    );
    expect(reply).toEqual({ type: 'confirm_subscription', identifier: NOTIFICATIONS_IDENTIFIER });
    expect(frames).toContainEqual({ type: 'reject_subscription', identifier: '{not json' });
    expect(socket.readyState).toBe(WebSocket.OPEN);
    socket.close();
  });

  it('closes a socket that sends an oversized frame, and goes on serving others', async () => {
    const socket = new WebSocket(server.url(bob.token), [CABLE_PROTOCOL]);
    const closed = new Promise<number>((resolve) => socket.on('close', (code) => resolve(code)));
    await new Promise((resolve) => socket.once('open', resolve));
    socket.send('x'.repeat(100 * 1024));
    expect(await closed).toBe(1009);
    const client = connect(bob.token);
    expect(await client.subscribe(NOTIFICATIONS_CHANNEL).status).toBe('connected');
  });

  it('sends {type: "ping", message: <unix seconds>} every 3 seconds', async () => {
    const client = connect(alice.token);
    await client.frame(isWelcome);
    const arrivals: number[] = [];
    const pings = await waitFor(
      () => {
        const found = client.frames.filter((f) => f.type === 'ping');
        if (found.length > arrivals.length) arrivals.push(Date.now());
        return found.length >= 2 && found;
      },
      8000,
      'two pings',
    );
    const [first, second] = pings as [Frame, Frame];
    expect(Number.isInteger(first.message)).toBe(true);
    expect(Math.abs((first.message as number) - Date.now() / 1000)).toBeLessThan(10);
    expect((second.message as number) - (first.message as number)).toBeGreaterThanOrEqual(2);
    expect((second.message as number) - (first.message as number)).toBeLessThanOrEqual(4);
    const gap = (arrivals[1] ?? 0) - (arrivals[0] ?? 0);
    expect(gap).toBeGreaterThan(2500);
    expect(gap).toBeLessThan(3600);
  }, 15_000);

  it('ends a socket when its token expires, letting the client reconnect with a fresh one', async () => {
    const key = await importSessionKey(TEST_JWT_SECRET);
    // Issued so that it expires about 1.5 s from now.
    const issued = Date.now() - SESSION_LIFETIME_S * 1000 + 1500;
    const client = connect(await signSessionToken(key, { id: bob.id, role: 'student' }, issued));
    await client.frame(isWelcome);
    const frame = await client.frame(isDisconnect, 4000);
    expect(frame).toEqual({ type: 'disconnect', reason: 'unauthorized', reconnect: true });
    client.close();
  });

  it('on shutdown tells every client to reconnect (server_restart) and closes its socket', async () => {
    // A second server on the same database; its pub/sub close() keeps the handlers, so the count
    // below shows what the cable itself released.
    const restarting = await startServer(database, new KeepingPubSub());
    const client = new OfficialCableClient(restarting.url(await signIn(bob.id)));
    expect(await client.subscribe(NOTIFICATIONS_CHANNEL).status).toBe('connected');
    const channel = notificationsTopic(bob.id);
    expect(restarting.pubsub.subscriberCount(channel)).toBe(1);

    const started = Date.now();
    await restarting.app.close();
    expect(Date.now() - started).toBeLessThan(2000);

    expect(client.frames).toContainEqual({
      type: 'disconnect',
      reason: 'server_restart',
      reconnect: true,
    });
    await waitFor(() => client.socketState() === 'closed', 3000, 'the socket to close');
    // The client keeps its monitor running: it will come back when the server does.
    expect(client.willReconnect()).toBe(true);
    expect(restarting.pubsub.subscriberCount(channel)).toBe(0);
    client.close();
  }, 30_000);
});

class KeepingPubSub extends MemoryPubSub {
  override async close(): Promise<void> {}
}
