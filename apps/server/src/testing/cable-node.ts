/**
 * Test-only: one server process of the cross-process cable test (cable.cross-process.test.ts).
 * It boots the real app with Redis pub/sub on a free port and takes commands as JSON lines on
 * stdin, answering on stdout, so the test can make *this* process call notify() or issue a token
 * while a socket is held by *another* process. Nothing here is reachable over HTTP, and nothing
 * in production imports it.
 *
 * Environment: REDIS_URL (required), CABLE_NODE_CHANNEL_PREFIX (isolates one test run's channels),
 * JWT_SECRET, DATABASE_URL (shared PostgreSQL; without it an in-memory PGlite of its own),
 * CABLE_NODE_SEED=1 (insert the test users when the database has none).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { count } from 'drizzle-orm';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { type Database, openDatabase } from '../db/client';
import { migrate } from '../db/migrate';
import { type NotifyInput, notify } from '../modules/notifications';
import { users } from '../modules/users/users.tables';
import { insertUserRows } from '../modules/users/users-testing';
import { RedisPubSub } from '../pubsub/redis-pubsub';
import { createTestDatabase } from './test-database';

/** The same users, with the same ids, in every database a node opens. */
const CABLE_NODE_USERS = [
  { email: 'ann@example.test', name: 'Ann' },
  { email: 'ben@example.test', name: 'Ben' },
] as const;

type Command =
  | { id: number; cmd: 'token'; userId: number }
  | { id: number; cmd: 'notify'; input: NotifyInput }
  | { id: number; cmd: 'userIds' };

async function main() {
  const env = process.env;
  const redisUrl = env.REDIS_URL;
  if (!redisUrl) throw new Error('REDIS_URL is required');
  // Every node of a test must sign and verify tokens with the same secret.
  if (!env.JWT_SECRET) throw new Error('JWT_SECRET is required');
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: env.LOG_LEVEL ?? 'silent',
    PORT: '0',
    HOST: '127.0.0.1',
    DATA_DIR: mkdtempSync(join(tmpdir(), 'atelier-cable-node-')),
    JWT_SECRET: env.JWT_SECRET,
    DATABASE_URL: env.DATABASE_URL ?? '',
    SEED_DEMO: '0',
  });
  // PostgreSQL: the database the test shares between its nodes. PGlite: one of this node's own,
  // from the tests' cached migrated template (booting a fresh one costs seconds).
  let database: Database;
  if (config.database.kind === 'postgres') {
    database = await openDatabase(config.database);
    await migrate(database);
  } else {
    database = await createTestDatabase();
  }
  if (env.CABLE_NODE_SEED === '1') {
    const [row] = await database.db.select({ n: count() }).from(users);
    if ((row?.n ?? 0) === 0) {
      await insertUserRows(
        database.db,
        CABLE_NODE_USERS.map((u) => ({ ...u, passwordHash: 'unused' })),
      );
    }
  }

  const pubsub = new RedisPubSub(redisUrl, { channelPrefix: env.CABLE_NODE_CHANNEL_PREFIX });
  const app = await buildApp(config, { database, ownsDatabase: true, pubsub });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;

  const reply = (message: object) => process.stdout.write(`${JSON.stringify(message)}\n`);
  const run = async (command: Command): Promise<unknown> => {
    switch (command.cmd) {
      case 'token':
        return app.sessions.issueSessionToken({ id: command.userId, role: 'student' });
      case 'notify':
        return notify(app, command.input);
      case 'userIds': {
        const rows = await database.db.select({ id: users.id, email: users.email }).from(users);
        return Object.fromEntries(rows.map((r) => [r.email, r.id]));
      }
    }
  };

  let closing = false;
  const close = async () => {
    if (closing) return;
    closing = true;
    await app.close();
    process.exit(0);
  };
  createInterface({ input: process.stdin })
    .on('line', (line) => {
      let command: Command;
      try {
        command = JSON.parse(line) as Command;
      } catch {
        return;
      }
      run(command).then(
        (result) => reply({ id: command.id, result }),
        (error: unknown) => reply({ id: command.id, error: String(error) }),
      );
    })
    // The test ending (or dying) closes our stdin: never outlive it.
    .on('close', () => void close());
  process.on('SIGTERM', () => void close());

  reply({ ready: true, port });
}

main().catch((error) => {
  process.stderr.write(`${error instanceof Error ? error.stack : String(error)}\n`);
  process.exit(1);
});
