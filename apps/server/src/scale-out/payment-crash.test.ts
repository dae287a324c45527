import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { API, ORDERS_API } from '@atelier/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Database, openDatabase } from '../db/client';
import { insertPendingOrder } from '../modules/orders/orders-testing';
import { insertTestUser } from '../modules/users/users-testing';
import { clearRedisPrefix, dropDatabase, runEvery } from './scale-out-cleanup';
import { ServerProcess } from './server-process';

// A real server process killed (SIGKILL) between "card charged" and "order paid", and the next
// process started on the same database finding the order paid: what docs/architecture.md promises
// under "A crash between the charge and its application is repaired". The in-process simulation is
// payment-repair.test.ts; here the process really dies mid-request. Needs DATABASE_URL (the test
// makes and drops its own database beside it) and TEST_REDIS_URL, as the two-servers test does.

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseUrl && 'DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean);
const skipReason =
  missing.length > 0
    ? `skipped: set ${missing.join(' and ')} (PostgreSQL and Redis the servers use)`
    : '';
if (skipReason)
  console.warn(`The payment crash test (a server killed mid-payment) is ${skipReason}.`);

/** Booting a server (tsx, migrations) takes seconds on a busy 2-core machine. */
const SETUP_TIMEOUT_MS = 180_000;
const BOOT_TIMEOUT_MS = 60_000;
/** Well under the payments sweep's minute: only the repair at start can pay the order in time. */
const REPAIR_TIMEOUT_MS = 30_000;
const PASSWORD = 'correct horse battery staple';
const CARD = '4242424242424242';

// A JSON:API body as the test reads it: any shape, checked by the assertions.
// biome-ignore lint/suspicious/noExplicitAny: responses are inspected field by field below.
type Json = any;

/** Polls `read` until it returns something truthy, failing with `what` after `timeoutMs`. */
async function until<T>(read: () => Promise<T>, timeoutMs: number, what: string): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value) return value;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe.skipIf(missing.length > 0)(
  `a server killed between the charge and the order's payment${skipReason ? ` (${skipReason})` : ''}`,
  { timeout: 120_000 },
  () => {
    let dir: string | undefined;
    const redisPrefix = `payment-crash-${randomBytes(6).toString('hex')}:`;
    const databaseName = `atelier_payment_crash_${randomBytes(6).toString('hex')}`;
    let databaseCreated = false;
    let database: Database | undefined;
    /** The test's own connection: raw SQL the app never runs (a trigger, terminating a backend). */
    let sql: pg.Client | undefined;
    let env: Record<string, string> = {};
    const servers: ServerProcess[] = [];
    // A test runner killed mid-run still must not leave servers behind.
    const killAll = () => {
      for (const server of servers) server.killNow();
    };

    beforeAll(async () => {
      process.once('exit', killAll);
      dir = mkdtempSync(join(tmpdir(), 'atelier-payment-crash-'));
      const admin = new pg.Client({ connectionString: databaseUrl });
      await admin.connect();
      try {
        await admin.query(`create database ${databaseName}`);
        databaseCreated = true;
      } finally {
        await admin.end();
      }
      const url = new URL(databaseUrl as string);
      url.pathname = `/${databaseName}`;
      env = {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        APP_URL: 'http://127.0.0.1',
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl as string,
        // Other runs share this Redis: their keys and channels must not reach ours.
        REDIS_PREFIX: redisPrefix,
        // Both processes sign the fake provider's events with the secret derived from this one.
        JWT_SECRET: randomBytes(32).toString('base64url'),
        DATA_DIR: join(dir, 'data'),
        SEED_DEMO: '0',
        IMAGE_WORKERS: '0',
      };
      // The first start migrates the new database.
      servers.push(await ServerProcess.start('A', env, BOOT_TIMEOUT_MS));
      database = await openDatabase({ kind: 'postgres', url: url.toString() });
      sql = new pg.Client({ connectionString: url.toString() });
      await sql.connect();
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      try {
        await runEvery([
          () => Promise.all(servers.map((server) => server.stop())),
          async () => sql?.end(),
          async () => database?.close(),
          async () => databaseCreated && dropDatabase(databaseUrl as string, databaseName),
          async () => clearRedisPrefix(redisUrl as string, redisPrefix),
          async () => dir && rmSync(dir, { recursive: true, force: true }),
        ]);
      } finally {
        process.removeListener('exit', killAll);
      }
    }, 60_000);

    const query = async (text: string, values: unknown[] = []) =>
      (await (sql as pg.Client).query(text, values)).rows as Json[];
    const orderStatus = async (orderId: number) =>
      (await query('select status from orders where id = $1', [orderId]))[0]?.status as string;
    const intentStatus = async (intentId: string) =>
      (await query('select status from fake_payment_intents where id = $1', [intentId]))[0]
        ?.status as string;
    /** The backends of this database asleep in the trigger below: the killed server's insert. */
    const stalledInserts = () =>
      query(
        `select pid from pg_stat_activity
          where datname = $1 and wait_event = 'PgSleep' and pid <> pg_backend_pid()`,
        [databaseName],
      );

    it('the next server to start finds the card charged and pays the order, once', async () => {
      const db = (database as Database).db;
      const email = 'crash@payment-crash.test';
      const userId = await insertTestUser(db, { email, password: PASSWORD, name: 'Crash Buyer' });
      const orderId = await insertPendingOrder(db, userId, 3400);

      const serverA = servers[0] as ServerProcess;
      const base = `http://127.0.0.1:${serverA.port}`;
      const signIn = await fetch(`${base}${API.signIn}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ auth: { email, password: PASSWORD } }),
      });
      expect(signIn.status).toBe(200);
      const token = ((await signIn.json()) as Json).data.jwt as string;
      // Reading a pending order makes its intent at the provider: the document carries its secret.
      const read = await fetch(`${base}${ORDERS_API.order(orderId)}`, {
        headers: { accept: 'application/json', authorization: `Bearer ${token}` },
      });
      expect(read.status).toBe(200);
      const secret = ((await read.json()) as Json).data.attributes.payment.client_secret as string;
      const intentId = secret.split('_secret_')[0] as string;
      expect(intentId).toMatch(/^pi_fake_/);

      // Every insert into payment_events now hangs: the process is held after the provider
      // marked its intent succeeded and before the event that pays the order is stored.
      await query(`
        create function stall_payment_event() returns trigger language plpgsql as $$
        begin perform pg_sleep(600); return new; end $$`);
      await query(`
        create trigger stall_payment_event before insert on payment_events
        for each row execute function stall_payment_event()`);

      // The card form's confirmation; it never gets an answer, since the process dies under it.
      const confirm = fetch(`${base}${ORDERS_API.fakePaymentConfirm(intentId)}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify({ client_secret: secret, card_number: CARD }),
      }).then(
        (res) => `answered ${res.status}`,
        () => 'cut off',
      );
      await until(
        async () => (await intentStatus(intentId)) === 'succeeded',
        20_000,
        'the card charged',
      );
      await until(
        async () => (await stalledInserts()).length > 0,
        20_000,
        'the event held in its insert',
      );
      expect(await orderStatus(orderId)).toBe('pending');

      serverA.killNow();
      expect(await confirm).toBe('cut off');
      // PostgreSQL does not notice a dead client while its backend sleeps: end that backend, as
      // it would end on its own with no trigger holding it; its insert is rolled back.
      for (const { pid } of await stalledInserts()) {
        await query('select pg_terminate_backend($1)', [pid]);
      }
      await until(
        async () => (await stalledInserts()).length === 0,
        10_000,
        'the stalled backend gone',
      );
      await query('drop trigger stall_payment_event on payment_events');
      await query('drop function stall_payment_event()');
      // The state the crash left: charged at the provider, nothing stored, the order unpaid.
      expect(await query('select id from payment_events where intent_id = $1', [intentId])).toEqual(
        [],
      );
      expect(await intentStatus(intentId)).toBe('succeeded');
      expect(await orderStatus(orderId)).toBe('pending');

      servers.push(await ServerProcess.start('B', env, BOOT_TIMEOUT_MS));
      await until(
        async () => (await orderStatus(orderId)) === 'paid',
        REPAIR_TIMEOUT_MS,
        'the order paid after the restart',
      );
      // The handlers pay the order before the event is marked applied (docs/architecture.md: a
      // handler cut short leaves the event for the repair), so the mark may follow a moment later.
      await until(
        async () =>
          (
            await query(
              'select 1 from payment_events where intent_id = $1 and applied_at is not null',
              [intentId],
            )
          ).length > 0,
        10_000,
        'the event marked applied',
      );
      const events = await query(
        'select id, type, applied_at from payment_events where intent_id = $1',
        [intentId],
      );
      expect(events).toEqual([
        {
          id: `evt_fake_${intentId}_succeeded`,
          type: 'payment_intent.succeeded',
          applied_at: expect.any(Date),
        },
      ]);
    });
  },
);
