import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { request as httpRequest, type IncomingHttpHeaders } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  API,
  CART_API,
  CART_MESSAGES,
  CLASSES_API,
  cablePath,
  GALLERY_API,
  NOTIFICATIONS_CHANNEL,
  notificationDocumentSchema,
  ORDERS_API,
} from '@atelier/contract';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { OfficialCableClient, waitFor } from '../cable/official-cable-client';
import { type Database, openDatabase } from '../db/client';
import { giveEmergencyContacts } from '../modules/child-care/child-care-testing';
import { CATALOGUE_CACHE_TTL_MS } from '../modules/classes';
import { planBody, programmeBody, scheduleBody } from '../modules/classes/classes-testing';
import { posts } from '../modules/gallery/gallery.tables';
import { attendeeProfiles } from '../modules/users/users.tables';
import { insertTestUser } from '../modules/users/users-testing';
import { ensureNginx, freePort, NginxProxy } from './nginx-proxy';
import { clearRedisPrefix, dropDatabase, runEvery } from './scale-out-cleanup';
import { ServerProcess } from './server-process';

// Two real server processes, started as `npm start` starts one, on one PostgreSQL database and one
// Redis, behind Debian's nginx: what docs/architecture.md#many-servers promises of N servers.
// Needs DATABASE_URL (the test makes and drops its own database beside it) and TEST_REDIS_URL
// (.ci/run sets both when the services answer); nginx is installed with apt-get when missing.

const databaseUrl = process.env.DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const missing = [!databaseUrl && 'DATABASE_URL', !redisUrl && 'TEST_REDIS_URL'].filter(Boolean);
const skipReason =
  missing.length > 0
    ? `skipped: set ${missing.join(' and ')} (PostgreSQL and Redis the two servers share)`
    : '';
if (skipReason) console.warn(`The scale-out test (two servers behind nginx) is ${skipReason}.`);

/** Booting a server (tsx, migrations) takes seconds on a busy 2-core machine; apt-get longer. */
const SETUP_TIMEOUT_MS = 180_000;
const BOOT_TIMEOUT_MS = 60_000;
const PASSWORD = 'correct horse battery staple';

type Reply = { status: number; headers: IncomingHttpHeaders; body: unknown };
// A JSON:API body as the test reads it: any shape, checked by the assertions.
// biome-ignore lint/suspicious/noExplicitAny: responses are inspected field by field below.
type Json = any;

/**
 * One HTTP request over a new connection from `from` (any 127.x.x.x address is this machine), so
 * the test can play several clients whose addresses nginx sees apart.
 */
function call(
  port: number,
  method: string,
  path: string,
  options: {
    token?: string;
    body?: unknown;
    from?: string;
    headers?: Record<string, string>;
  } = {},
): Promise<Reply> {
  const payload = options.body === undefined ? undefined : JSON.stringify(options.body);
  return new Promise((resolve, reject) => {
    const req = httpRequest(
      {
        host: '127.0.0.1',
        port,
        method,
        path,
        agent: false,
        localAddress: options.from ?? '127.0.0.1',
        headers: {
          accept: 'application/json',
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...(options.token ? { authorization: `Bearer ${options.token}` } : {}),
          ...options.headers,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          let body: unknown = text;
          if (String(res.headers['content-type']).includes('json') && text) body = JSON.parse(text);
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body });
        });
        res.on('error', reject);
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}

/** Fails with the answer's body, so a broken step says why. */
function expectStatus(reply: Reply, status: number): Json {
  expect(reply.status, JSON.stringify(reply.body)).toBe(status);
  return reply.body as Json;
}

describe.skipIf(missing.length > 0)(
  `two server processes behind nginx on one PostgreSQL and one Redis${skipReason ? ` (${skipReason})` : ''}`,
  // A hang detector: the sign-in limit's 34 password checks run on hashing threads at nice 10
  // (docs/decisions/008-accounts-mail-outbox-and-password-hashing.md), which a loaded 2-core machine
  // gives a second or more each; they took the whole of a 30 s limit once.
  { timeout: 90_000 },
  () => {
    let dir: string | undefined;
    const redisPrefix = `scale-out-${randomBytes(6).toString('hex')}:`;
    const databaseName = `atelier_scale_out_${randomBytes(6).toString('hex')}`;
    let databaseCreated = false;
    let database: Database | undefined;
    const servers: ServerProcess[] = [];
    let proxy: NginxProxy | undefined;
    const clients: OfficialCableClient[] = [];
    // A test runner killed mid-run still must not leave servers or nginx behind.
    const killAll = () => {
      proxy?.killNow();
      for (const server of servers) server.killNow();
    };

    /** nginx's listener pinned to server A (0) or B (1). */
    const via = (server: 0 | 1) => proxy?.ports.pinned[server] as number;
    const A = 0;
    const B = 1;

    let admin: { email: string; id: number };
    let teacherId: number;
    let family: { email: string; id: number };
    let postId: number;
    const buyers: { email: string; kid: number }[] = [];

    const signIn = async (server: 0 | 1, email: string): Promise<string> => {
      const body = expectStatus(
        await call(via(server), 'POST', API.signIn, {
          body: { auth: { email, password: PASSWORD } },
        }),
        200,
      );
      return body.data.jwt as string;
    };

    beforeAll(async () => {
      process.once('exit', killAll);
      const nginx = ensureNginx();
      dir = mkdtempSync(join(tmpdir(), 'atelier-scale-out-'));
      const admin$ = new pg.Client({ connectionString: databaseUrl });
      await admin$.connect();
      try {
        await admin$.query(`create database ${databaseName}`);
        databaseCreated = true;
      } finally {
        await admin$.end();
      }
      const url = new URL(databaseUrl as string);
      url.pathname = `/${databaseName}`;

      const [balanced, pinnedA, pinnedB] = [await freePort(), await freePort(), await freePort()];
      const env = {
        NODE_ENV: 'development',
        LOG_LEVEL: 'warn',
        HOST: '127.0.0.1',
        APP_URL: `http://127.0.0.1:${balanced}`,
        DATABASE_URL: url.toString(),
        REDIS_URL: redisUrl as string,
        // Other runs share this Redis: their keys and channels must not reach ours.
        REDIS_PREFIX: redisPrefix,
        // Every server signs and checks session tokens with the same secret.
        JWT_SECRET: randomBytes(32).toString('base64url'),
        TRUST_PROXY: '1',
        // Shared storage: uploads and mail files live where every server finds them.
        DATA_DIR: join(dir, 'data'),
        SEED_DEMO: '0',
        IMAGE_WORKERS: '0',
      };
      // Both at once on an empty database: the migration lock lets one migrate, the other wait.
      const started = await Promise.allSettled(
        ['A', 'B'].map((name) => ServerProcess.start(name, env, BOOT_TIMEOUT_MS)),
      );
      for (const result of started) if (result.status === 'fulfilled') servers.push(result.value);
      const failed = started.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;

      proxy = await NginxProxy.start(
        nginx,
        join(dir, 'nginx'),
        servers.map((s) => s.port),
        { balanced, pinned: [pinnedA, pinnedB] },
      );

      database = await openDatabase({ kind: 'postgres', url: url.toString() });
      const db = database.db;
      const user = async (role: 'admin' | 'teacher' | 'student', name: string) => {
        const email = `${name.toLowerCase()}@scale-out.test`;
        return { email, id: await insertTestUser(db, { email, password: PASSWORD, role, name }) };
      };
      admin = await user('admin', 'Ada');
      teacherId = (await user('teacher', 'Theo')).id;
      family = await user('student', 'Fumi');
      const [child] = await db
        .insert(attendeeProfiles)
        .values({ userId: family.id, name: 'Mia Fumi', birthday: '2016-04-02' })
        .returning({ id: attendeeProfiles.id });
      const [post] = await db
        .insert(posts)
        .values({ attendeeProfileId: child?.id as number, authorId: family.id, caption: 'Owl' })
        .returning({ id: posts.id });
      postId = post?.id as number;
      for (const name of ['Xavi', 'Yoko', 'Zeno']) {
        const buyer = await user('student', name);
        // No birthday: the programme's ages are not what this test is about.
        const [kid] = await db
          .insert(attendeeProfiles)
          .values({ userId: buyer.id, name: `Kid ${name}`, birthday: null })
          .returning({ id: attendeeProfiles.id });
        buyers.push({ email: buyer.email, kid: kid?.id as number });
      }
      await giveEmergencyContacts(
        db,
        buyers.map((buyer) => buyer.kid),
      );
    }, SETUP_TIMEOUT_MS);

    afterAll(async () => {
      for (const client of clients) client.close();
      try {
        await runEvery([
          async () => proxy?.stop(),
          () => Promise.all(servers.map((server) => server.stop())),
          async () => database?.close(),
          async () => databaseCreated && dropDatabase(databaseUrl as string, databaseName),
          async () => clearRedisPrefix(redisUrl as string, redisPrefix),
          async () => dir && rmSync(dir, { recursive: true, force: true }),
        ]);
      } finally {
        process.removeListener('exit', killAll);
      }
    }, 60_000);

    it('nginx pins each of its listeners to one server and balances its main one over both', async () => {
      const [a, b] = servers.map((server) => `127.0.0.1:${server.port}`);
      expect((await call(via(A), 'GET', API.health)).headers['x-upstream']).toBe(a);
      expect((await call(via(B), 'GET', API.health)).headers['x-upstream']).toBe(b);
      const balanced = proxy?.ports.balanced as number;
      const seen = new Set<unknown>();
      for (let i = 0; i < 4; i++) {
        const reply = await call(balanced, 'GET', API.health);
        expect(reply.status).toBe(200);
        seen.add(reply.headers['x-upstream']);
      }
      expect([...seen].sort()).toEqual([a, b].sort());
    });

    it('a comment posted through server A reaches, live, the family’s socket held by server B', async () => {
      const familyToken = await signIn(B, family.email);
      const socket = new OfficialCableClient(`ws://127.0.0.1:${via(B)}${cablePath(familyToken)}`);
      clients.push(socket);
      const subscription = socket.subscribe(NOTIFICATIONS_CHANNEL);
      expect(await subscription.status).toBe('connected');

      const adminToken = await signIn(A, admin.email);
      const text = `Lovely owl ${randomBytes(3).toString('hex')}`;
      expectStatus(
        await call(via(A), 'POST', GALLERY_API.postComments(postId), {
          token: adminToken,
          body: { comment: { body: text } },
        }),
        201,
      );

      await waitFor(() => subscription.received.length > 0, 10_000, 'the notification on B');
      const [message] = subscription.received;
      const notification = notificationDocumentSchema.parse(message).data;
      expect(notification.relationships.record.data).toEqual({
        type: 'comments',
        id: String(postId),
      });
      expect(notification.relationships.sender.data).toEqual({
        type: 'users',
        id: String(admin.id),
      });
      expect(notification.attributes.content).toContain(text);
    });

    it('sign-in limits count once across both servers, per client address as nginx saw it', async () => {
      // One client (127.0.0.2) fails to sign in for many addresses, alternating between servers,
      // and writes its own X-Forwarded-For, a new one each time: believed, every attempt would
      // come from a new client, and no limit would ever apply.
      const attempt = (server: 0 | 1, i: number, from = '127.0.0.2', password = 'wrong') =>
        call(via(server), 'POST', API.signIn, {
          from,
          headers: { 'x-forwarded-for': `198.51.100.${i % 250}` },
          body: { auth: { email: `nobody-${i}@scale-out.test`, password } },
        });
      // The per-address limit: 30 failures per 15 minutes (decision 020), far from any timing.
      const LIMIT = 30;
      for (let i = 0; i < LIMIT; i += 2) {
        const replies = await Promise.all([attempt(A, i), attempt(B, i + 1)]);
        expect(replies.map((r) => r.status)).toEqual([401, 401]);
      }
      // Counted per server, each would have seen 15 and let these through.
      for (const server of [A, B] as const) {
        const refused = await attempt(server, LIMIT + server);
        expect(refused.status).toBe(429);
        expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      }

      // Another client behind the same nginx is not held up: the servers tell clients apart by
      // the address nginx saw, not by nginx's own.
      expect((await attempt(A, 1000, '127.0.0.3')).status).toBe(401);
      const owner = await call(via(B), 'POST', API.signIn, {
        from: '127.0.0.3',
        body: { auth: { email: family.email, password: PASSWORD } },
      });
      expect(owner.status).toBe(200);
    });

    it('a seat sold through server A is gone on server B: its cart, checkout and catalogue', async () => {
      const [xavi, yoko, zeno] = buyers as [
        (typeof buyers)[0],
        (typeof buyers)[0],
        (typeof buyers)[0],
      ];
      const adminToken = await signIn(A, admin.email);
      const asAdmin = { token: adminToken };
      const plan = expectStatus(
        await call(via(A), 'POST', CLASSES_API.plans, { ...asAdmin, body: planBody() }),
        201,
      );
      const group = expectStatus(
        await call(via(A), 'POST', CLASSES_API.klassGroups, {
          ...asAdmin,
          body: programmeBody({ slug: `scale-out-${randomBytes(3).toString('hex')}` }),
        }),
        201,
      );
      const schedule = expectStatus(
        await call(via(A), 'POST', CLASSES_API.klassGroupSchedules(group.data.id), {
          ...asAdmin,
          body: scheduleBody(teacherId, [plan.data.id], { capacity: 1 }),
        }),
        201,
      );
      const scheduleId: string = schedule.data.id;
      const item = (kid: number) => ({
        cart_item: {
          klass_group_schedule_id: scheduleId,
          plan_id: plan.data.id,
          attendee_profile_ids: [String(kid)],
        },
      });
      const seatsLeftOnB = async () =>
        expectStatus(await call(via(B), 'GET', CLASSES_API.catalogueSchedule(scheduleId)), 200).data
          .attributes.seats_left as number;

      // Before the sale: B's catalogue (now cached on B) shows the seat, and Yoko puts it in her
      // cart on B.
      expect(await seatsLeftOnB()).toBe(1);
      const yokoToken = await signIn(B, yoko.email);
      expectStatus(
        await call(via(B), 'POST', CART_API.items, { token: yokoToken, body: item(yoko.kid) }),
        201,
      );

      // Xavi buys the last seat through A: cart, checkout, card.
      const xaviToken = await signIn(A, xavi.email);
      expectStatus(
        await call(via(A), 'POST', CART_API.items, { token: xaviToken, body: item(xavi.kid) }),
        201,
      );
      const order = expectStatus(
        await call(via(A), 'POST', ORDERS_API.orders, {
          token: xaviToken,
          headers: { 'idempotency-key': `scale-out-${randomBytes(6).toString('hex')}` },
        }),
        201,
      );
      const secret: string = order.data.attributes.payment.client_secret;
      const paid = expectStatus(
        await call(
          via(A),
          'POST',
          ORDERS_API.fakePaymentConfirm(secret.split('_secret_')[0] ?? ''),
          {
            body: { client_secret: secret, card_number: '4242424242424242' },
          },
        ),
        200,
      );
      expect(paid.status).toBe('succeeded');
      const seenOnB = expectStatus(
        await call(via(B), 'GET', ORDERS_API.order(order.data.id), { token: xaviToken }),
        200,
      );
      expect(seenOnB.data.attributes.status).toBe('paid');

      // On B: Yoko's checkout is refused, and Zeno cannot even put the class in his cart.
      const refused = await call(via(B), 'POST', ORDERS_API.orders, {
        token: yokoToken,
        headers: { 'idempotency-key': `scale-out-${randomBytes(6).toString('hex')}` },
      });
      expect(expectStatus(refused, 409).errors[0].code).toBe('sold_out');
      const zenoToken = await signIn(B, zeno.email);
      const full = expectStatus(
        await call(via(B), 'POST', CART_API.items, { token: zenoToken, body: item(zeno.kid) }),
        422,
      );
      expect(full.errors).toContainEqual(
        expect.objectContaining({
          detail: CART_MESSAGES.soldOut,
          meta: expect.objectContaining({ field: 'klass_group_schedule_id' }),
        }),
      );

      // B's catalogue served its cached page, which may show the seat for up to the cache's
      // lifetime (seats are enforced when booking, above, never from it); after that it shows 0.
      const deadline = Date.now() + CATALOGUE_CACHE_TTL_MS + 10_000;
      let seatsLeft = await seatsLeftOnB();
      while (seatsLeft !== 0 && Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 250));
        seatsLeft = await seatsLeftOnB();
      }
      expect(seatsLeft).toBe(0);
    });
  },
);
