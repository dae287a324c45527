import { ACCOUNTS_API, API } from '@atelier/contract';
import autocannon from 'autocannon';
import {
  ARGON2_PARAMS,
  hashPassword,
  MAX_CONCURRENT_PASSWORD_HASHES,
  PASSWORD_THREAD_NICE,
  verifyPassword,
} from '../../apps/server/src/modules/users/passwords';
import { demoAccount, signIn } from './harness/api';
import { alternateRounds, percentile } from './harness/load';
import { type Bench, formatInt, formatMs, formatRatio, target } from './harness/report';
import { startServer } from './harness/server';
import { loadSettings } from './harness/settings';

/** Decision 008: one sign-in's password check costs 50–150 ms of CPU on this machine. */
export const VERIFY_CPU_MS_RANGE = [50, 150] as const;
/** Decision 008: during a 20-client sign-in storm, /me's p99 stays within 3× its idle p99. */
export const MAX_STORM_P99_RATIO = 3;
export const STORM_CLIENTS = 20;
/** A steady trickle of /me requests: measures latency, without being load itself. */
const ME_RATE_PER_S = 100;
const ME_CONNECTIONS = 2;

/** CPU time (all threads of this process: argon2 runs on libuv's pool) of one verification. */
async function verifyCpuMs(samples: number): Promise<{ cpuMs: number; wallMs: number }> {
  const password = 'a bench password that is long';
  const hash = await hashPassword(password);
  for (let i = 0; i < 3; i++) await verifyPassword(hash, password);
  const cpu0 = process.cpuUsage();
  const wall0 = performance.now();
  for (let i = 0; i < samples; i++) {
    if (!(await verifyPassword(hash, password))) throw new Error('verification failed');
  }
  const cpu = process.cpuUsage(cpu0);
  return {
    cpuMs: (cpu.user + cpu.system) / 1000 / samples,
    wallMs: (performance.now() - wall0) / samples,
  };
}

const STORM_PASSWORD = 'storm password for the bench';

/**
 * Registers and confirms `count` accounts through the real API, reading each confirmation link
 * from /dev/mail: a storm is many people signing in, and one account's own sign-in limit would
 * (rightly) refuse twenty of its sign-ins at once.
 */
async function stormAccounts(baseUrl: string, count: number): Promise<string[]> {
  const emails = Array.from({ length: count }, (_, i) => `storm-${i}@bench.test`);
  for (const email of emails) {
    const res = await fetch(`${baseUrl}${ACCOUNTS_API.register}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        user: {
          name: 'Storm Client',
          email,
          password: STORM_PASSWORD,
          timezone: 'UTC',
          terms_accepted: true,
        },
      }),
    });
    if (res.status !== 202) throw new Error(`registering ${email} answered ${res.status}`);
  }
  for (const email of emails) {
    let token: string | undefined;
    for (let tries = 0; !token && tries < 100; tries++) {
      const res = await fetch(`${baseUrl}/dev/mail/latest.json?to=${encodeURIComponent(email)}`);
      if (res.ok) {
        const { data } = (await res.json()) as { data: { links: string[] } };
        token = data.links
          .find((l) => l.includes('/register/'))
          ?.split('/')
          .at(-1);
      } else await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!token) throw new Error(`no confirmation mail for ${email}`);
    const res = await fetch(`${baseUrl}${ACCOUNTS_API.userToken(token)}`, { method: 'PUT' });
    if (res.status !== 200) throw new Error(`confirming ${email} answered ${res.status}`);
  }
  return emails;
}

type Run = {
  latenciesMs: number[];
  requests: number;
  non2xx: number;
  errors: number;
  /** Responses by status other than 2xx, to say what went wrong. */
  statuses: Record<number, number>;
};

function load(options: autocannon.Options): { done: Promise<Run>; stop(): void } {
  const latenciesMs: number[] = [];
  const statuses: Record<number, number> = {};
  let instance: autocannon.Instance | undefined;
  const done = new Promise<Run>((resolve, reject) => {
    instance = autocannon(options, (error, result) =>
      error
        ? reject(error)
        : resolve({
            latenciesMs,
            requests: result.requests.total,
            non2xx: result.non2xx,
            errors: result.errors + result.timeouts,
            statuses,
          }),
    );
    instance.on('response', (_client, status, _bytes, ms) => {
      if (status >= 200 && status < 300) latenciesMs.push(ms);
      else statuses[status] = (statuses[status] ?? 0) + 1;
    });
  });
  return { done, stop: () => instance?.stop() };
}

export const argon2Bench: Bench = {
  name: 'argon2',
  title: 'argon2id cost of one sign-in, and GET /api/v1/users/me p99 during a sign-in storm',
  async run() {
    const settings = loadSettings();
    const cost = await verifyCpuMs(20);

    const server = await startServer();
    try {
      const account = demoAccount('student@atelier.test');
      const token = await signIn(server.url, account);
      const me: autocannon.Options = {
        url: `${server.url}${API.me}`,
        headers: { authorization: `Bearer ${token}` },
        connections: ME_CONNECTIONS,
        overallRate: ME_RATE_PER_S,
        duration: settings.durationS,
      };
      const emails = await stormAccounts(server.url, STORM_CLIENTS);
      let nextClient = 0;
      const storm: autocannon.Options = {
        url: `${server.url}${API.signIn}`,
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        // Each connection is one person signing in again and again with their own account.
        setupClient: (client) => {
          const email = emails[nextClient++ % emails.length];
          client.setBody(JSON.stringify({ auth: { email, password: STORM_PASSWORD } }));
        },
        connections: STORM_CLIENTS,
        // Longer than any run: stopped by hand once the /me run beside it ends.
        duration: settings.durationS * 10,
      };

      // Warm both paths, then alternate idle and storm rounds so drift lands on both alike.
      await load({ ...me, duration: settings.warmupS }).done;
      const idle: Run[] = [];
      const during: Run[] = [];
      const signIns: Run[] = [];
      await alternateRounds(
        settings.rounds,
        async () => {
          idle.push(await load(me).done);
        },
        async () => {
          const stormRun = load(storm);
          // Let the storm fill the password queue before measuring.
          await new Promise((resolve) => setTimeout(resolve, 500));
          during.push(await load(me).done);
          stormRun.stop();
          signIns.push(await stormRun.done);
          // The server still works through the sign-ins the stop cut off; one more sign-in
          // queues behind them (first come, first served), so once it answers the queue is
          // empty and the next round starts clean, within the per-network sign-in limit.
          await signIn(server.url, account);
        },
      );

      const merged = (runs: Run[]) => {
        const latencies = Float64Array.from(runs.flatMap((r) => r.latenciesMs)).sort();
        return {
          p50: percentile(latencies, 0.5),
          p99: percentile(latencies, 0.99),
          requests: runs.reduce((n, r) => n + r.requests, 0),
          bad: runs.reduce((n, r) => n + r.non2xx + r.errors, 0),
          statuses: JSON.stringify(runs.map((r) => r.statuses)),
        };
      };
      const idleStats = merged(idle);
      const stormStats = merged(during);
      const signInStats = merged(signIns);
      if (idleStats.bad > 0 || stormStats.bad > 0 || signInStats.bad > 0) {
        throw new Error(
          `errors under load: /me idle ${idleStats.bad}, /me storm ${stormStats.bad}, sign-in ${signInStats.bad} (${signInStats.statuses})`,
        );
      }
      const stormSeconds = settings.durationS * settings.rounds + 0.5 * settings.rounds;
      const ratio = stormStats.p99 / idleStats.p99;
      return {
        tables: [
          {
            title: 'One argon2id verification (this process)',
            table: {
              columns: ['parameters', 'CPU per verify', 'wall per verify'],
              rows: [
                [
                  `m=${ARGON2_PARAMS.memoryCost} KiB, t=${ARGON2_PARAMS.timeCost}, p=${ARGON2_PARAMS.parallelism}`,
                  formatMs(cost.cpuMs),
                  formatMs(cost.wallMs),
                ],
              ],
            },
          },
          {
            title: `GET ${API.me} at ${ME_RATE_PER_S} req/s, alone and during ${STORM_CLIENTS} clients signing in`,
            table: {
              columns: ['situation', 'p50', 'p99', 'requests'],
              rows: [
                [
                  'idle',
                  formatMs(idleStats.p50),
                  formatMs(idleStats.p99),
                  formatInt(idleStats.requests),
                ],
                [
                  'sign-in storm',
                  formatMs(stormStats.p50),
                  formatMs(stormStats.p99),
                  formatInt(stormStats.requests),
                ],
                [
                  `POST ${API.signIn} (storm)`,
                  formatMs(signInStats.p50),
                  formatMs(signInStats.p99),
                  formatInt(signInStats.requests),
                ],
              ],
            },
          },
        ],
        targets: [
          target(
            'argon2id CPU per verify ≥ 50 ms',
            cost.cpuMs,
            VERIFY_CPU_MS_RANGE[0],
            '>=',
            formatMs,
          ),
          target(
            'argon2id CPU per verify ≤ 150 ms',
            cost.cpuMs,
            VERIFY_CPU_MS_RANGE[1],
            '<=',
            formatMs,
          ),
          target(`${API.me} p99 storm / idle`, ratio, MAX_STORM_P99_RATIO, '<=', formatRatio),
        ],
        notes: [
          `password hashing: ${MAX_CONCURRENT_PASSWORD_HASHES} worker thread(s) at nice ${PASSWORD_THREAD_NICE}; ${settings.rounds} alternating rounds of ${settings.durationS} s`,
          `sign-ins completed during the storm: ~${(signInStats.requests / stormSeconds).toFixed(1)}/s`,
          'CPU time counts every thread of the bench process; wall time also shows how busy the machine is',
        ],
      };
    } finally {
      await server.stop();
    }
  },
};
