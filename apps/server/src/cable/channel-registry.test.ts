import { cablePath } from '@atelier/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type App, buildApp } from '../app';
import { insertUserRows } from '../modules/users/users-testing';
import { MemoryPubSub } from '../pubsub/pubsub';
import { testConfig } from '../testing/test-app';
import { createTestDatabase, type TestDatabase } from '../testing/test-database';
import type { ChannelDefinition } from './channels';
import { OfficialCableClient, waitFor } from './official-cable-client';

// A second channel, declared the way a module declares its own (docs/architecture.md#adding-a-live-channel):
// a room a member may follow, chosen by a param, streamed from a topic the declaring code names.
const ROOM_CHANNEL = 'TestRoomChannel';
const roomTopic = (room: string) => `test-rooms:${room}`;
const members = new Map<string, Set<string>>();

const roomChannel: ChannelDefinition<{ room: string }> = {
  name: ROOM_CHANNEL,
  params: z.object({ room: z.string().regex(/^[a-z]+$/) }),
  authorize: async (identity, { room }) => members.get(room)?.has(identity.userId) ?? false,
  stream: (_identity, { room }) => roomTopic(room),
};

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a channel registered with app.cable.registerChannel', { timeout: 60_000 }, () => {
  let database: TestDatabase;
  let app: App;
  const pubsub = new MemoryPubSub();
  let base = '';
  const tokens: Record<'alice' | 'bob', string> = { alice: '', bob: '' };
  const clients: OfficialCableClient[] = [];
  const connect = (token: string) => {
    const client = new OfficialCableClient(`${base}${cablePath(token)}`);
    clients.push(client);
    return client;
  };

  beforeAll(async () => {
    database = await createTestDatabase();
    app = await buildApp(testConfig(), { database, pubsub });
    // As a module's plugin would, once the cable plugin is registered.
    await app.register(async (module) => module.cable.registerChannel(roomChannel));
    await app.listen({ port: 0, host: '127.0.0.1' });
    const address = app.server.address();
    if (!address || typeof address === 'string') throw new Error('no port');
    base = `ws://127.0.0.1:${address.port}`;
    const [alice, bob] = await insertUserRows(database.db, [
      { email: 'alice@rooms.test', name: 'Alice', passwordHash: 'unused', confirmedAt: new Date() },
      { email: 'bob@rooms.test', name: 'Bob', passwordHash: 'unused', confirmedAt: new Date() },
    ]);
    if (!alice || !bob) throw new Error('no users');
    members.set('painters', new Set([String(alice.id), String(bob.id)]));
    members.set('sculptors', new Set([String(alice.id)]));
    tokens.alice = await app.sessions.issueSessionToken({ id: alice.id, role: 'student' });
    tokens.bob = await app.sessions.issueSessionToken({ id: bob.id, role: 'student' });
  }, 60_000);
  afterAll(async () => {
    for (const client of clients) client.close();
    await app.close();
    await database.close();
  });

  it('confirms an authorized subscription and streams its topic to it, and only to it', async () => {
    const alice = connect(tokens.alice);
    const bob = connect(tokens.bob);
    const aliceSculptors = alice.subscribe({ channel: ROOM_CHANNEL, room: 'sculptors' });
    const bobPainters = bob.subscribe({ channel: ROOM_CHANNEL, room: 'painters' });
    expect(await aliceSculptors.status).toBe('connected');
    expect(await bobPainters.status).toBe('connected');
    expect(alice.frames).toContainEqual({
      type: 'confirm_subscription',
      identifier: aliceSculptors.identifier,
    });

    await app.pubsub.publish(roomTopic('sculptors'), { text: 'clay arrives Monday' });
    await waitFor(() => aliceSculptors.received.length > 0, 3000, 'the room message');
    expect(aliceSculptors.received).toEqual([{ text: 'clay arrives Monday' }]);
    // On the wire it is `{identifier, message}`, like every channel's broadcast.
    expect(alice.frames).toContainEqual({
      identifier: aliceSculptors.identifier,
      message: { text: 'clay arrives Monday' },
    });
    await pause(150);
    expect(bobPainters.received).toEqual([]);
  });

  it('rejects a subscription its authorize refuses, and streams nothing for it', async () => {
    const before = pubsub.subscriberCount(roomTopic('sculptors'));
    const bob = connect(tokens.bob);
    const refused = bob.subscribe({ channel: ROOM_CHANNEL, room: 'sculptors' });
    expect(await refused.status).toBe('rejected');
    expect(bob.frames).toContainEqual({
      type: 'reject_subscription',
      identifier: refused.identifier,
    });
    expect(pubsub.subscriberCount(roomTopic('sculptors'))).toBe(before);
  });

  it('rejects params its schema refuses before asking authorize', async () => {
    const bob = connect(tokens.bob);
    for (const params of [{}, { room: 42 }, { room: 'Painters!' }]) {
      const refused = bob.subscribe({ channel: ROOM_CHANNEL, ...params });
      expect(await refused.status).toBe('rejected');
    }
    // The same socket still subscribes where it may.
    expect(await bob.subscribe({ channel: ROOM_CHANNEL, room: 'painters' }).status).toBe(
      'connected',
    );
  });

  it('stops the stream on unsubscribe', async () => {
    const topic = roomTopic('painters');
    const before = pubsub.subscriberCount(topic);
    const alice = connect(tokens.alice);
    const subscription = alice.subscribe({ channel: ROOM_CHANNEL, room: 'painters' });
    expect(await subscription.status).toBe('connected');
    expect(pubsub.subscriberCount(topic)).toBe(before + 1);
    subscription.unsubscribe();
    await waitFor(() => pubsub.subscriberCount(topic) === before, 3000, 'unsubscribe');
  });

  it('refuses any channel once the app runs', () => {
    expect(() => app.cable.registerChannel({ ...roomChannel, name: 'LateChannel' })).toThrow(
      /registered after the app started/,
    );
  });
});

describe('registering channels while the app boots', () => {
  it('refuses a second channel of the same name', async () => {
    const database = await createTestDatabase();
    const app = await buildApp(testConfig(), { database, pubsub: new MemoryPubSub() });
    try {
      app.cable.registerChannel(roomChannel);
      expect(() => app.cable.registerChannel(roomChannel)).toThrow(/registered twice/);
    } finally {
      await app.close();
      await database.close();
    }
  }, 60_000);
});
