import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CART_API, CLASSES_API, IDEMPOTENCY_KEY_HEADER, ORDERS_API } from '@atelier/contract';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { openDatabase } from '../../apps/server/src/db/client';
import { demoAccount, signIn } from './harness/api';
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

/** A buyer account checkout-seed.ts made (its own process, before the server starts). */
type CheckoutBuyer = { email: string; password: string; attendeeProfileId: number };
const BUYERS_FILE = 'checkout-buyers.json';

/** Buyers checking out at once. */
export const CHECKOUT_BUYERS = 20;
/** Seats per schedule: fewer than the buyers, so every schedule is fought over and sells out. */
export const SEATS_PER_SCHEDULE = 10;
const SCHEDULES = Number(process.env.CHECKOUT_SCHEDULES ?? '12');
const CARD = '4242 4242 4242 4242';

type Database = 'PGlite' | 'PostgreSQL';

type RunResult = {
  database: Database;
  elapsedS: number;
  paid: number;
  /** Checkouts answered 409 sold out. */
  soldOut: number;
  /** Adds to the cart refused because the schedule was already full. */
  refusedAtCart: number;
  /** POST /orders → fake confirm (which delivers the signed webhook) of each paid checkout. */
  checkoutMs: number[];
  /** POST /orders answered 409 sold out. */
  refusedMs: number[];
  oversold: number;
  unsold: number;
  enrolled: number;
  serverCpuS: number;
  loaderCpuShare: number;
};

/** A JSON call as a buyer or the admin; throws on any status not in `ok`. */
async function call(
  server: RunningServer,
  token: string,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
  ok: number[] = [200, 201],
  // biome-ignore lint/suspicious/noExplicitAny: the bench reads a few known fields of each answer
): Promise<{ status: number; json: any }> {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!ok.includes(res.status))
    throw new Error(`${method} ${path} answered ${res.status}: ${text}`);
  return { status: res.status, json: text ? JSON.parse(text) : null };
}

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/** One programme with SCHEDULES schedules of SEATS_PER_SCHEDULE seats, made through the admin API. */
async function makeSchedules(
  server: RunningServer,
): Promise<{ planId: string; scheduleIds: string[] }> {
  const admin = await signIn(server.url, demoAccount('admin@atelier.test'));
  const teacher = await signIn(server.url, demoAccount('teacher@atelier.test'));
  const teacherId = (await call(server, teacher, 'GET', '/api/v1/users/me')).json.data.id as string;
  const plan = await call(server, admin, 'POST', CLASSES_API.plans, {
    plan: { name: 'Checkout bench term', base_price: 0, unit_price: 24000, unit_type: 'term' },
  });
  const planId = plan.json.data.id as string;
  const group = await call(server, admin, 'POST', CLASSES_API.klassGroups, {
    klass_group: {
      name: 'Checkout Bench Programme',
      description: 'Made by the checkout bench: every run of it is fought over by its buyers.',
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
    const schedule = await call(
      server,
      admin,
      'POST',
      CLASSES_API.klassGroupSchedules(group.json.data.id),
      {
        klass_group_schedule: {
          name: `Run ${s + 1}`,
          teacher_id: teacherId,
          capacity: SEATS_PER_SCHEDULE,
          time_zone: 'America/New_York',
          start_date: isoDate(start),
          end_date: isoDate(end),
          slots: [{ weekday: (s % 7) + 1, start_time: '10:00', end_time: '12:00' }],
          exception_dates: [],
          plan_ids: [planId],
        },
      },
    );
    scheduleIds.push(schedule.json.data.id as string);
  }
  return { planId, scheduleIds };
}

/**
 * One buyer walks the schedules in the same order as every other buyer: adds the schedule to the
 * cart, checks out, and pays with the fake's 4242 card (the confirm call returns once the signed
 * webhook has been applied); a sold-out checkout removes the item and moves on.
 */
async function buyerWalk(
  server: RunningServer,
  token: string,
  buyer: CheckoutBuyer,
  planId: string,
  scheduleIds: string[],
  out: Pick<RunResult, 'checkoutMs' | 'refusedMs' | 'paid' | 'soldOut' | 'refusedAtCart'>,
) {
  for (const scheduleId of scheduleIds) {
    const item = await call(
      server,
      token,
      'POST',
      CART_API.items,
      {
        cart_item: {
          klass_group_schedule_id: scheduleId,
          plan_id: planId,
          attendee_profile_ids: [String(buyer.attendeeProfileId)],
        },
      },
      {},
      [200, 201, 422],
    );
    // A schedule already full is refused at the cart (a field message on the schedule).
    if (item.status === 422) {
      if (!JSON.stringify(item.json).includes('klass_group_schedule_id')) {
        throw new Error(`the cart refused an item: ${JSON.stringify(item.json)}`);
      }
      out.refusedAtCart++;
      continue;
    }
    const started = performance.now();
    const order = await call(
      server,
      token,
      'POST',
      ORDERS_API.orders,
      undefined,
      { [IDEMPOTENCY_KEY_HEADER]: `bench-${buyer.attendeeProfileId}-${scheduleId}` },
      [201, 409],
    );
    if (order.status === 409) {
      out.refusedMs.push(performance.now() - started);
      out.soldOut++;
      await call(server, token, 'DELETE', CART_API.item(item.json.data.id), undefined, {}, [204]);
      continue;
    }
    const payment = order.json.data.attributes.payment as { client_secret: string } | null;
    if (!payment) throw new Error(`order ${order.json.data.id} has no payment`);
    const intentId = payment.client_secret.split('_secret_')[0] ?? '';
    const confirm = await call(server, token, 'POST', ORDERS_API.fakePaymentConfirm(intentId), {
      client_secret: payment.client_secret,
      card_number: CARD,
    });
    out.checkoutMs.push(performance.now() - started);
    if (confirm.json.status !== 'succeeded')
      throw new Error(`4242 answered ${JSON.stringify(confirm.json)}`);
    // The webhook reached the order before confirm answered: it is paid now, not eventually.
    const paid = await call(server, token, 'GET', ORDERS_API.order(order.json.data.id));
    if (paid.json.data.attributes.status !== 'paid') {
      throw new Error(
        `order ${order.json.data.id} is ${paid.json.data.attributes.status} after 4242`,
      );
    }
    out.paid++;
  }
}

/** Seats each schedule sold (paid orders) and enrolled, against its capacity, read from the database. */
async function seatCounts(
  target: { kind: 'pglite'; dir: string } | { kind: 'postgres'; url: string },
  ids: string[],
) {
  const database = await openDatabase(target);
  try {
    const result = await database.db.execute(sql`
      select s.id, s.capacity,
        coalesce((select sum(oi.number_of_attendees) from order_items oi join orders o on o.id = oi.order_id
                  where oi.schedule_id = s.id and o.status = 'paid'), 0)::int as paid_seats,
        (select count(*) from enrollments e where e.schedule_id = s.id and e.status = 'active')::int as enrolled
      from klass_group_schedules s
      where s.id in (${sql.join(
        ids.map((id) => sql`${Number(id)}`),
        sql`, `,
      )})`);
    const rows = (
      result as unknown as { rows: { capacity: number; paid_seats: number; enrolled: number }[] }
    ).rows;
    let oversold = 0;
    let unsold = 0;
    let enrolled = 0;
    for (const r of rows) {
      const taken = Math.max(Number(r.paid_seats), Number(r.enrolled));
      oversold += Math.max(0, taken - Number(r.capacity));
      unsold += Math.max(0, Number(r.capacity) - Number(r.paid_seats));
      enrolled += Number(r.enrolled);
    }
    return { oversold, unsold, enrolled };
  } finally {
    await database.close();
  }
}

/** The server's seed command (migrations, demo accounts), then the bench's buyers. */
async function runSeed(env: NodeJS.ProcessEnv): Promise<void> {
  await runScript('apps/server/src/seed/seed-cli.ts', env);
  await runScript('bench/src/checkout-seed.ts', env);
}

function runScript(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: REPO_ROOT,
      env: {
        ...env,
        CHECKOUT_BUYERS: String(CHECKOUT_BUYERS),
        CHECKOUT_BUYERS_FILE: join(String(env.DATA_DIR), BUYERS_FILE),
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`checkout seed exited ${code}`)),
    );
  });
}

async function runOn(database: Database, adminUrl: string): Promise<RunResult> {
  let pgUrl: string | null = null;
  const dbName = `atelier_bench_checkout_${randomBytes(4).toString('hex')}`;
  if (database === 'PostgreSQL') {
    const admin = new pg.Client({ connectionString: adminUrl });
    await admin.connect();
    await admin.query(`create database ${dbName}`);
    await admin.end();
    const url = new URL(adminUrl);
    url.pathname = `/${dbName}`;
    pgUrl = url.toString();
  }
  const server = await startServer({
    env: pgUrl ? { DATABASE_URL: pgUrl } : {},
    keepData: true,
    prepare: ({ env }) => runSeed(env),
  });
  try {
    const buyers = JSON.parse(
      readFileSync(join(server.dataDir, BUYERS_FILE), 'utf8'),
    ) as CheckoutBuyer[];
    const tokens: string[] = [];
    for (const buyer of buyers) tokens.push(await signIn(server.url, buyer));
    const { planId, scheduleIds } = await makeSchedules(server);

    const out = {
      checkoutMs: [] as number[],
      refusedMs: [] as number[],
      paid: 0,
      soldOut: 0,
      refusedAtCart: 0,
    };
    const cpuBefore = processCpuSeconds(server.pid);
    const ownBefore = ownCpuSeconds();
    const started = performance.now();
    await Promise.all(
      buyers.map((buyer, i) => buyerWalk(server, tokens[i] ?? '', buyer, planId, scheduleIds, out)),
    );
    const elapsedS = (performance.now() - started) / 1000;
    const serverCpuS = processCpuSeconds(server.pid) - cpuBefore;
    const loaderCpuShare = (ownCpuSeconds() - ownBefore) / elapsedS;
    await server.stop();
    const seats = await seatCounts(
      pgUrl
        ? { kind: 'postgres', url: pgUrl }
        : { kind: 'pglite', dir: join(server.dataDir, 'db') },
      scheduleIds,
    );
    return { database, elapsedS, ...out, ...seats, serverCpuS, loaderCpuShare };
  } finally {
    await server.stop();
    rmSync(server.dataDir, { recursive: true, force: true });
    if (pgUrl) {
      const admin = new pg.Client({ connectionString: adminUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${dbName} with (force)`);
      await admin.end();
    }
  }
}

export const checkoutBench: Bench = {
  name: 'checkout',
  title: `Checkout (order, fake 4242 confirm, signed webhook) by ${CHECKOUT_BUYERS} concurrent buyers over ${SCHEDULES} schedules of ${SEATS_PER_SCHEDULE} seats, on PGlite and on PostgreSQL`,
  async run() {
    const adminUrl =
      process.env.BENCH_DATABASE_URL ??
      process.env.DATABASE_URL ??
      'postgres://postgres@127.0.0.1:5432/postgres';
    const results: RunResult[] = [];
    for (const database of ['PGlite', 'PostgreSQL'] as const)
      results.push(await runOn(database, adminUrl));

    const row = (r: RunResult) => {
      const sorted = [...r.checkoutMs].sort((a, b) => a - b);
      return {
        throughput: r.paid / r.elapsedS,
        p50: percentile(sorted, 0.5),
        p99: percentile(sorted, 0.99),
      };
    };
    const [lite, postgres] = results as [RunResult, RunResult];
    const liteRow = row(lite);
    const pgRow = row(postgres);
    const targets: TargetResult[] = results.flatMap((r) => [
      target(`${r.database}: seats oversold`, r.oversold, 0, '<=', formatInt),
      target(
        `${r.database}: seats left unsold while buyers were refused`,
        r.unsold,
        0,
        '<=',
        formatInt,
      ),
    ]);
    return {
      tables: [
        {
          table: {
            columns: [
              'database',
              'paid checkouts/s',
              'p50',
              'p99',
              'paid',
              'sold out (checkout / cart)',
              'oversold',
              'server CPU/checkout',
              'load gen CPU',
            ],
            rows: results.map((r) => {
              const x = r === lite ? liteRow : pgRow;
              return [
                r.database,
                x.throughput.toFixed(1),
                formatMs(x.p50),
                formatMs(x.p99),
                r.paid,
                `${r.soldOut} / ${r.refusedAtCart}`,
                r.oversold,
                formatMs((r.serverCpuS * 1000) / Math.max(1, r.paid)),
                `${(r.loaderCpuShare * 100).toFixed(0)}%`,
              ];
            }),
          },
        },
        {
          title: 'PGlite ÷ PostgreSQL',
          table: {
            columns: ['measure', 'ratio'],
            rows: [
              ['throughput (paid checkouts/s)', formatRatio(liteRow.throughput / pgRow.throughput)],
              ['p99 checkout latency', formatRatio(liteRow.p99 / pgRow.p99)],
            ],
          },
        },
      ],
      targets,
      notes: [
        `a checkout is POST ${ORDERS_API.orders} then the fake's confirm, which answers after the signed webhook was applied; each paid order is read back as paid`,
        `latencies are of paid checkouts; ${SCHEDULES * CHECKOUT_BUYERS} attempts per database, of which at most ${SCHEDULES * SEATS_PER_SCHEDULE} can be paid`,
        'oversold: per schedule, paid seats or active enrollments beyond its capacity, read from the database after the server stopped',
        'both servers run in their own process with LOG_LEVEL=info to a file; PostgreSQL is a fresh database on BENCH_DATABASE_URL / DATABASE_URL (default postgres://postgres@127.0.0.1:5432/postgres)',
      ],
    };
  },
};
