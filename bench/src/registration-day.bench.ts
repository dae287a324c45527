import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { CART_API, CLASSES_API, IDEMPOTENCY_KEY_HEADER, ORDERS_API } from '@atelier/contract';
import pg from 'pg';
import {
  clearRedisPrefix,
  dropDatabase,
  runEvery,
} from '../../apps/server/src/scale-out/scale-out-cleanup';
import { demoAccount, signIn } from './harness/api';
import { type BareServer, bareFastifyServer, captureResponse } from './harness/bare-server';
import { ownCpuSeconds, processCpuSeconds } from './harness/cpu';
import { percentile } from './harness/load';
import { REPO_ROOT } from './harness/paths';
import {
  type Bench,
  formatInt,
  formatMs,
  formatRatio,
  type TargetResult,
  target,
} from './harness/report';
import { type RunningServer, startServer } from './harness/server';
import {
  type FamilyOrder,
  paidTwice,
  paidTwiceTotal,
  type ScheduleSeats,
  seatsOversold,
} from './registration-day-checks';

/** A family registration-day-seed.ts made, with a session token the servers accept. */
type Family = { userId: number; attendeeProfileId: number; token: string };
const FAMILIES_FILE = 'registration-day-families.json';

function envCount(name: string, fallback: number, min: number): number {
  const value = Number(process.env[name] || fallback);
  if (!Number.isInteger(value) || value < min) throw new Error(`${name} must be at least ${min}`);
  return value;
}

/** Families registering at once. */
const FAMILIES = envCount('REGISTRATION_FAMILIES', 500, 1);
/** Seconds over which the families arrive, evenly: a term opening, all within the minute. */
const RAMP_S = envCount('REGISTRATION_RAMP_S', 10, 0);
/** Schedules the families spread over (family i wants schedule i mod SCHEDULES). */
const SCHEDULES = 10;
/**
 * Even schedules have seats for everyone who wants them; odd ones only for 60% of them, so they
 * sell out under the rush and the seat holds are fought over.
 */
const wanting = Math.ceil(FAMILIES / SCHEDULES);
const capacityOf = (s: number) => (s % 2 === 0 ? wanting + 10 : Math.ceil(wanting * 0.6));
/**
 * REGISTRATION_PORT_BASE: server A listens there, server B on the next port, the bare route on the
 * one after; unset, the kernel picks free ports.
 */
const PORT_BASE = process.env.REGISTRATION_PORT_BASE
  ? envCount('REGISTRATION_PORT_BASE', 0, 1024)
  : undefined;
const portAt = (offset: number) => (PORT_BASE === undefined ? undefined : PORT_BASE + offset);
/** Every DOUBLE_SUBMIT_EVERY-th family checks out from two tabs at once, one per server. */
const DOUBLE_SUBMIT_EVERY = 10;
const CARD = '4242 4242 4242 4242';

const STEPS = [
  'catalogue (bare route, same bytes)',
  'catalogue',
  'add to cart',
  'order',
  'pay (4242 confirm)',
  'read order',
] as const;
type Step = (typeof STEPS)[number];

type Outcome = {
  latencies: Record<Step, number[]>;
  failedSteps: Record<Step, number>;
  paid: number;
  soldOutAtCart: number;
  soldOutAtOrder: number;
  /** Two tabs of one family answered different orders for one cart. */
  twoOrdersForOneCart: number;
  errors: string[];
};

// biome-ignore lint/suspicious/noExplicitAny: the bench reads a few known fields of each answer
type Json = any;

/** One timed request; throws, naming the step, on any status not in `ok`. */
async function timed(
  out: Outcome,
  step: Step,
  url: string,
  init: { method?: string; token?: string; body?: unknown; headers?: Record<string, string> },
  ok: number[] = [200, 201],
): Promise<{ status: number; json: Json }> {
  const started = performance.now();
  let status = 0;
  let text = '';
  try {
    const res = await fetch(url, {
      method: init.method ?? 'GET',
      headers: {
        'accept-encoding': 'identity',
        ...(init.token ? { authorization: `Bearer ${init.token}` } : {}),
        ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    });
    status = res.status;
    text = await res.text();
  } catch (error) {
    out.failedSteps[step]++;
    throw new Error(`${step}: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (!ok.includes(status)) {
    out.failedSteps[step]++;
    throw new Error(`${step} answered ${status}: ${text.slice(0, 300)}`);
  }
  out.latencies[step].push(performance.now() - started);
  return { status, json: text && text[0] !== '<' ? JSON.parse(text) : null };
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** A programme of SCHEDULES schedules (capacities by capacityOf), made through the admin API. */
async function makeSchedules(url: string): Promise<{ planId: string; scheduleIds: string[] }> {
  const admin = await signIn(url, demoAccount('admin@atelier.test'));
  const teacher = await signIn(url, demoAccount('teacher@atelier.test'));
  const call = async (method: string, path: string, token: string, body?: unknown) => {
    const res = await fetch(`${url}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    if (!res.ok) throw new Error(`${method} ${path} answered ${res.status}: ${await res.text()}`);
    return (await res.json()) as Json;
  };
  const teacherId = (await call('GET', '/api/v1/users/me', teacher)).data.id as string;
  const plan = await call('POST', CLASSES_API.plans, admin, {
    plan: { name: 'Registration day term', base_price: 0, unit_price: 24000, unit_type: 'term' },
  });
  const group = await call('POST', CLASSES_API.klassGroups, admin, {
    klass_group: {
      name: 'Registration Day Programme',
      description: 'Made by the registration-day bench: the term every family wants at once.',
      audience: 'adults',
      format: 'in_person',
      location: '214 Bergen Street, Brooklyn, NY 11217',
      min_age: 18,
      max_age: 99,
      published: true,
    },
  });
  const start = new Date(Date.now() + 7 * 86_400_000);
  const end = new Date(start.getTime() + 8 * 7 * 86_400_000);
  const scheduleIds: string[] = [];
  for (let s = 0; s < SCHEDULES; s++) {
    const schedule = await call('POST', CLASSES_API.klassGroupSchedules(group.data.id), admin, {
      klass_group_schedule: {
        name: `Run ${s + 1}`,
        teacher_id: teacherId,
        capacity: capacityOf(s),
        time_zone: 'America/New_York',
        start_date: isoDate(start),
        end_date: isoDate(end),
        slots: [{ weekday: (s % 7) + 1, start_time: '10:00', end_time: '12:00' }],
        exception_dates: [],
        plan_ids: [plan.data.id],
      },
    });
    scheduleIds.push(schedule.data.id as string);
  }
  return { planId: plan.data.id as string, scheduleIds };
}

/**
 * One family's registration: the catalogue (and, just before it, the bare route with the same
 * bytes), one schedule into the cart, the order with an Idempotency-Key, the fake's 4242 confirm
 * (which answers once the signed webhook was applied) and the order read back as paid. Each step
 * goes to the next server in turn, as a load balancer without sticky sessions would send it. Every
 * DOUBLE_SUBMIT_EVERY-th family checks out from two tabs at once (one per server, each tab its own
 * key) and pays in both: the server must answer one order and take the money once.
 */
async function registerFamily(
  out: Outcome,
  servers: [RunningServer, RunningServer],
  bareUrl: string,
  family: Family,
  index: number,
  planId: string,
  scheduleId: string,
): Promise<void> {
  const on = (step: number) => servers[(index + step) % 2].url;
  const token = family.token;
  await timed(out, 'catalogue (bare route, same bytes)', `${bareUrl}${CLASSES_API.catalogue}`, {});
  await timed(out, 'catalogue', `${on(0)}${CLASSES_API.catalogue}`, {});
  const item = await timed(
    out,
    'add to cart',
    `${on(1)}${CART_API.items}`,
    {
      method: 'POST',
      token,
      body: {
        cart_item: {
          klass_group_schedule_id: scheduleId,
          plan_id: planId,
          attendee_profile_ids: [String(family.attendeeProfileId)],
        },
      },
    },
    [200, 201, 422],
  );
  // A schedule already full is refused at the cart, with a field message on the schedule.
  if (item.status === 422) {
    if (!JSON.stringify(item.json).includes('klass_group_schedule_id')) {
      throw new Error(`the cart refused an item: ${JSON.stringify(item.json)}`);
    }
    out.soldOutAtCart++;
    return;
  }
  const tabs = index % DOUBLE_SUBMIT_EVERY === 0 ? [2, 3] : [2];
  const orders = await Promise.all(
    tabs.map((step) =>
      timed(
        out,
        'order',
        `${on(step)}${ORDERS_API.orders}`,
        {
          method: 'POST',
          token,
          headers: { [IDEMPOTENCY_KEY_HEADER]: `registration-day-${family.userId}-tab-${step}` },
        },
        [201, 409],
      ),
    ),
  );
  const placed = orders.filter((o) => o.status === 201);
  if (placed.length === 0) {
    out.soldOutAtOrder++;
    return;
  }
  if (new Set(placed.map((o) => o.json.data.id)).size > 1) out.twoOrdersForOneCart++;
  // Each tab pays what it was shown, at once: the second confirm must not charge again.
  await Promise.all(
    placed.map(async (order, tab) => {
      const payment = order.json.data.attributes.payment as { client_secret: string } | null;
      if (!payment) throw new Error(`order ${order.json.data.id} has no payment`);
      const intentId = payment.client_secret.split('_secret_')[0] ?? '';
      const confirm = await timed(
        out,
        'pay (4242 confirm)',
        `${on(4 + tab)}${ORDERS_API.fakePaymentConfirm(intentId)}`,
        {
          method: 'POST',
          token,
          body: { client_secret: payment.client_secret, card_number: CARD },
        },
      );
      if (confirm.json.status !== 'succeeded') {
        throw new Error(`4242 answered ${JSON.stringify(confirm.json)}`);
      }
    }),
  );
  const orderId = placed[0]?.json.data.id as string;
  const read = await timed(out, 'read order', `${on(6)}${ORDERS_API.order(orderId)}`, { token });
  if (read.json.data.attributes.status !== 'paid') {
    throw new Error(`order ${orderId} is ${read.json.data.attributes.status} after 4242`);
  }
  out.paid++;
}

/** Seats per schedule and the families' orders with their payments, read after the servers stopped. */
async function readChecks(url: string, scheduleIds: string[], families: Family[]) {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const seats = await client.query(
      `select s.id, s.capacity,
         coalesce((select sum(oi.number_of_attendees) from order_items oi
                   join orders o on o.id = oi.order_id
                   where oi.schedule_id = s.id and o.status = 'paid'), 0)::int as paid,
         (select count(*) from enrollments e
          where e.schedule_id = s.id and e.status = 'active')::int as enrolled
       from klass_group_schedules s where s.id = any($1::int[])`,
      [scheduleIds.map(Number)],
    );
    const orders = await client.query(
      `select o.user_id, o.id, o.status,
         (select count(*) from payments p
          where p.order_id = o.id and p.status = 'succeeded')::int as succeeded,
         (select count(*) from ledger_entries l
          where l.order_id = o.id and l.kind = 'payment')::int as ledger
       from orders o where o.user_id = any($1::int[])`,
      [families.map((f) => f.userId)],
    );
    const schedules: ScheduleSeats[] = seats.rows.map((r) => ({
      scheduleId: Number(r.id),
      capacity: Number(r.capacity),
      paid: Number(r.paid),
      enrolled: Number(r.enrolled),
    }));
    const familyOrders: FamilyOrder[] = orders.rows.map((r) => ({
      userId: Number(r.user_id),
      orderId: Number(r.id),
      status: String(r.status),
      succeededPayments: Number(r.succeeded),
      ledgerPayments: Number(r.ledger),
    }));
    return { schedules, familyOrders };
  } finally {
    await client.end();
  }
}

/** The server's seed command (migrations, demo accounts), then the bench's families. */
function runScript(script: string, env: NodeJS.ProcessEnv, dataDir: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: REPO_ROOT,
      env: {
        ...env,
        REGISTRATION_FAMILIES: String(FAMILIES),
        REGISTRATION_FAMILIES_FILE: join(dataDir, FAMILIES_FILE),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} exited ${code}`)),
    );
  });
}

const stats = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return { p50: percentile(sorted, 0.5), p99: percentile(sorted, 0.99) };
};

export const registrationDayBench: Bench = {
  name: 'registration-day',
  title: `Registration day: ${FAMILIES} families arriving within ${RAMP_S} s browse, add to the cart, order and pay, spread over two server processes on one PostgreSQL and one Redis, beside a bare route serving the catalogue's bytes`,
  async run() {
    const adminUrl =
      process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres';
    const redisUrl =
      process.env.BENCH_REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';
    const suffix = randomBytes(5).toString('hex');
    const databaseName = `atelier_bench_registration_${suffix}`;
    const redisPrefix = `bench-registration-${suffix}:`;
    const setup = new pg.Client({ connectionString: adminUrl });
    await setup.connect();
    try {
      await setup.query(`create database ${databaseName}`);
    } finally {
      await setup.end();
    }
    const url = new URL(adminUrl);
    url.pathname = `/${databaseName}`;
    const databaseUrl = url.toString();
    const env = {
      DATABASE_URL: databaseUrl,
      REDIS_URL: redisUrl,
      // Other runs share this Redis: their keys and channels must not reach ours.
      REDIS_PREFIX: redisPrefix,
      // Both servers check the tokens the seed signed, and the fake's webhooks, with one secret.
      JWT_SECRET: randomBytes(32).toString('base64url'),
      IMAGE_WORKERS: '0',
    };
    const servers: RunningServer[] = [];
    let bare: BareServer | undefined;
    let familiesFile = '';
    try {
      servers.push(
        await startServer({
          env,
          prepare: async ({ env: serverEnv, dataDir }) => {
            familiesFile = join(dataDir, FAMILIES_FILE);
            await runScript('apps/server/src/seed/seed-cli.ts', serverEnv, dataDir);
            await runScript('bench/src/registration-day-seed.ts', serverEnv, dataDir);
          },
          keepData: false,
          port: portAt(0),
        }),
      );
      servers.push(await startServer({ env: { ...env, SEED_DEMO: '0' }, port: portAt(1) }));
      const pair = servers as [RunningServer, RunningServer];
      const families = JSON.parse(readFileSync(familiesFile, 'utf8')) as Family[];
      const { planId, scheduleIds } = await makeSchedules(pair[0].url);

      const catalogueUrl = `${pair[0].url}${CLASSES_API.catalogue}`;
      const response = await captureResponse(catalogueUrl, {
        headers: { 'accept-encoding': 'identity' },
      });
      if (response.statusCode !== 200)
        throw new Error(`the catalogue answered ${response.statusCode}`);
      bare = await bareFastifyServer(response, portAt(2));
      // Both servers and the bare route warm (JIT, catalogue cache) before the doors open.
      for (let i = 0; i < 20; i++) {
        for (const base of [pair[0].url, pair[1].url, bare.url]) {
          await (await fetch(`${base}${CLASSES_API.catalogue}`)).arrayBuffer();
        }
      }

      const out: Outcome = {
        latencies: Object.fromEntries(STEPS.map((s) => [s, []])) as unknown as Outcome['latencies'],
        failedSteps: Object.fromEntries(STEPS.map((s) => [s, 0])) as Outcome['failedSteps'],
        paid: 0,
        soldOutAtCart: 0,
        soldOutAtOrder: 0,
        twoOrdersForOneCart: 0,
        errors: [],
      };
      const cpuBefore = pair.map((s) => processCpuSeconds(s.pid));
      const ownBefore = ownCpuSeconds();
      const started = performance.now();
      const bareUrl = bare.url;
      await Promise.all(
        families.map(async (family, i) => {
          const arrival = (i / families.length) * RAMP_S * 1000;
          await new Promise((r) => setTimeout(r, arrival));
          const scheduleId = scheduleIds[i % SCHEDULES] as string;
          await registerFamily(out, pair, bareUrl, family, i, planId, scheduleId).catch(
            (error: unknown) =>
              out.errors.push(error instanceof Error ? error.message : String(error)),
          );
        }),
      );
      const elapsedS = (performance.now() - started) / 1000;
      const serverCpuS = pair.reduce(
        (n, s, i) => n + processCpuSeconds(s.pid) - (cpuBefore[i] ?? 0),
        0,
      );
      const loaderCpuShare = (ownCpuSeconds() - ownBefore) / elapsedS;

      await bare.stop();
      bare = undefined;
      await Promise.all(servers.map((s) => s.stop()));
      const { schedules, familyOrders } = await readChecks(databaseUrl, scheduleIds, families);
      const oversold = seatsOversold(schedules);
      const twice = paidTwice(familyOrders);
      const requests = STEPS.reduce((n, s) => n + out.latencies[s].length, 0);
      const bareStats = stats(out.latencies['catalogue (bare route, same bytes)']);
      const catalogueStats = stats(out.latencies.catalogue);
      const targets: TargetResult[] = [
        target('seats oversold', oversold, 0, '<=', formatInt),
        target(
          'paid twice (families with two paid orders, orders with two succeeded payments or two ledger payments)',
          paidTwiceTotal(twice),
          0,
          '<=',
          formatInt,
        ),
        target(
          'families that failed with an unexpected answer',
          out.errors.length,
          0,
          '<=',
          formatInt,
        ),
      ];
      const capacity = schedules.reduce((n, s) => n + s.capacity, 0);
      return {
        tables: [
          {
            table: {
              columns: [
                'families',
                'paid',
                'sold out (cart / order)',
                'errors',
                'elapsed',
                'paid checkouts/s',
                'requests/s',
                'server CPU/paid checkout',
                'load gen CPU',
              ],
              rows: [
                [
                  families.length,
                  out.paid,
                  `${out.soldOutAtCart} / ${out.soldOutAtOrder}`,
                  out.errors.length,
                  `${elapsedS.toFixed(1)} s`,
                  (out.paid / elapsedS).toFixed(1),
                  (requests / elapsedS).toFixed(0),
                  formatMs((serverCpuS * 1000) / Math.max(1, out.paid)),
                  `${(loaderCpuShare * 100).toFixed(0)}%`,
                ],
              ],
            },
          },
          {
            title: 'Each step, as the families saw it',
            table: {
              columns: ['step', 'answered', 'failed', 'p50', 'p99'],
              rows: STEPS.map((step) => {
                const s = stats(out.latencies[step]);
                return [
                  step,
                  out.latencies[step].length,
                  out.failedSteps[step],
                  formatMs(s.p50),
                  formatMs(s.p99),
                ];
              }),
            },
          },
          {
            title: 'Catalogue ÷ bare route (same bytes, same run, same families)',
            table: {
              columns: ['measure', 'ratio'],
              rows: [
                ['p50', formatRatio(catalogueStats.p50 / bareStats.p50)],
                ['p99', formatRatio(catalogueStats.p99 / bareStats.p99)],
              ],
            },
          },
          {
            title: 'Money and seats, read from the database after both servers stopped',
            table: {
              columns: ['check', 'count'],
              rows: [
                ['seats oversold', oversold],
                ['families with two paid orders', twice.familiesPaidTwice],
                ['orders with two succeeded payments', twice.ordersChargedTwice],
                ['orders with two ledger payments', twice.ordersLedgeredTwice],
                ['two tabs answered two orders for one cart', out.twoOrdersForOneCart],
              ],
            },
          },
        ],
        targets,
        notes: [
          `${SCHEDULES} schedules, ${capacity} seats for ${families.length} families: family i wants schedule i mod ${SCHEDULES}; odd schedules have seats for 60% of those who want them, so they sell out under the rush`,
          `families arrive evenly over ${RAMP_S} s (REGISTRATION_RAMP_S), ${FAMILIES} of them (REGISTRATION_FAMILIES); every ${DOUBLE_SUBMIT_EVERY}th checks out from two tabs at once, one on each server with its own Idempotency-Key, and pays in both`,
          'each step of a family goes to the other server than the step before; two server processes (LOG_LEVEL=info to a file) on a fresh PostgreSQL database and a fresh Redis key prefix, both dropped after',
          'families are seeded straight into the database with session tokens signed by the servers’ secret: sign-in (argon2) is the argon2 bench’s subject, not this one’s',
          'the baseline is a bare Fastify route replaying the catalogue response (status, headers, bytes), requested by each family just before the real catalogue: latency ratios, not absolute figures, compare across machines',
          ...out.errors.slice(0, 5).map((e) => `error: ${e}`),
        ],
      };
    } finally {
      await runEvery([
        async () => bare?.stop(),
        () => Promise.all(servers.map((s) => s.stop())),
        () => dropDatabase(adminUrl, databaseName),
        () => clearRedisPrefix(redisUrl, redisPrefix),
      ]);
    }
  },
};
