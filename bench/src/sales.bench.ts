import { spawn } from 'node:child_process';
import { SALES_API } from '@atelier/contract';
import { demoAccount, signIn } from './harness/api';
import { bareFastifyServer, captureResponse } from './harness/bare-server';
import { compareThroughput } from './harness/load';
import { REPO_ROOT } from './harness/paths';
import { type Bench, formatInt, formatMs, formatRatio, target } from './harness/report';
import { startServer } from './harness/server';
import { loadSettings } from './harness/settings';

/** Paid orders the bench's data set holds (SALES_ORDERS overrides, for a quick look). */
export const SALES_ORDERS = Number(process.env.SALES_ORDERS ?? '100000');
/**
 * A year of the sales overview by ISO week, over every order, answers within this at p99: an admin
 * report may take a moment, not more (about 1.6 s measured on PGlite on the shared 2-core machine).
 */
export const SALES_P99_MAX_MS = 2000;
/**
 * Clients at once: a few admins, not a crowd. Each request sums the whole year, and PGlite runs
 * one query at a time, so ten clients would measure mostly the queue (SALES_CONNECTIONS overrides).
 */
const CONNECTIONS = Number(process.env.SALES_CONNECTIONS ?? '2');

/**
 * The year the bench's orders are paid in, and the one it asks for: a past year, so the demo's
 * own orders (paid days before the seed runs) are not counted beside them.
 */
const SALES_YEAR = 2024;
const QUERY = `from=${SALES_YEAR}-01-01&to=${SALES_YEAR}-12-31&interval=week`;

function runScript(script: string, env: NodeJS.ProcessEnv): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', script], {
      cwd: REPO_ROOT,
      env: { ...env, SALES_ORDERS: String(SALES_ORDERS), SALES_YEAR: String(SALES_YEAR) },
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${script} exited ${code}`)),
    );
  });
}

/**
 * The sales overview (docs/product.md#sales-overview) over 100,000 paid orders, a tenth of them
 * refunded: its p99 beside a bare Fastify route returning the same bytes, on PGlite. Its query
 * count is fixed whatever the data (the server suite's sales.queries.test.ts asserts that).
 */
export const salesBench: Bench = {
  name: 'sales',
  title: `GET ${SALES_API.overview} (a year by week over ${formatInt(SALES_ORDERS)} orders) vs a bare route returning the same bytes`,
  async run() {
    const settings = { ...loadSettings(), connections: CONNECTIONS };
    const seedStarted = Date.now();
    const server = await startServer({
      prepare: async ({ env }) => {
        await runScript('apps/server/src/seed/seed-cli.ts', env);
        await runScript('bench/src/sales-seed.ts', env);
      },
    });
    const seedS = (Date.now() - seedStarted) / 1000;
    try {
      const token = await signIn(server.url, demoAccount('admin@atelier.test'));
      const headers = { authorization: `Bearer ${token}` };
      const url = `${server.url}${SALES_API.overview}?${QUERY}`;
      const response = await captureResponse(url, { headers });
      if (response.statusCode !== 200) {
        throw new Error(`${SALES_API.overview} answered ${response.statusCode}, expected 200`);
      }
      const body = JSON.parse(Buffer.from(response.bodyBase64, 'base64').toString('utf8'));
      const orders: number = body.data.attributes.totals.orders;
      if (orders !== SALES_ORDERS) {
        throw new Error(`the overview counted ${orders} orders, expected ${SALES_ORDERS}`);
      }
      const bare = await bareFastifyServer(response);
      try {
        const at = new URL(url);
        const bareUrl = `${bare.url}${at.pathname}${at.search}`;
        const cmp = await compareThroughput(
          { label: 'bare Fastify route, same bytes', url: bareUrl, headers, pid: bare.pid },
          { label: `GET ${SALES_API.overview}`, url, headers, pid: server.pid },
          settings,
        );
        const row = (s: typeof cmp.baseline) => [
          s.label,
          formatInt(s.rps),
          formatMs(s.p50Ms),
          formatMs(s.p99Ms),
          formatInt(s.requests),
          `${formatInt(s.serverCpuUsPerRequest)} µs`,
        ];
        return {
          tables: [
            {
              table: {
                columns: ['route', 'req/s', 'p50', 'p99', 'requests', 'server CPU/req'],
                rows: [row(cmp.baseline), row(cmp.subject)],
              },
            },
          ],
          targets: [
            target(
              `${SALES_API.overview} p99 over ${formatInt(SALES_ORDERS)} orders`,
              cmp.subject.p99Ms,
              SALES_P99_MAX_MS,
              '<=',
              formatMs,
            ),
          ],
          notes: [
            `${settings.connections} connections, ${settings.rounds} alternating rounds of ${settings.durationS} s per side after ${settings.warmupS} s warm-up; server on PGlite`,
            `data: ${formatInt(SALES_ORDERS)} paid orders over ${SALES_YEAR} (one item each), a refund on every tenth (succeeded, pending or failed in turn), bulk-inserted with generate_series; seed and start ${seedS.toFixed(1)} s`,
            `body ${Buffer.from(response.bodyBase64, 'base64').length} bytes; p99 ${formatRatio(cmp.p99Ratio)} the bare route's, throughput ${formatRatio(cmp.throughputRatio)}`,
          ],
        };
      } finally {
        await bare.stop();
      }
    } finally {
      await server.stop();
    }
  },
};
