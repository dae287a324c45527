import autocannon from 'autocannon';
import { ownCpuSeconds, processCpuSeconds } from './cpu';

export type LoadTarget = {
  /** Shown in tables, e.g. 'bare Fastify route'. */
  label: string;
  url: string;
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  headers?: Record<string, string>;
  body?: string;
  /** The serving process, when known: its CPU time per request is then reported too. */
  pid?: number;
};

export type LoadOptions = {
  connections?: number;
  /** Seconds per run. */
  durationS?: number;
  /** Requests in flight per connection; 1 means no HTTP pipelining, like a browser. */
  pipelining?: number;
};

/** One load run: counts and every response's latency. */
export type LoadRun = {
  requests: number;
  durationS: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  /** Milliseconds, one per 2xx response. */
  latenciesMs: number[];
  /** CPU seconds the server process used during the run (NaN without a pid). */
  serverCpuS: number;
  /** CPU seconds the load generator used: near durationS means it, not the server, was the limit. */
  clientCpuS: number;
};

/** Several runs against one target, merged. */
export type LoadSummary = {
  label: string;
  requests: number;
  durationS: number;
  /** Requests per second over all runs. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  non2xx: number;
  errors: number;
  runs: number;
  /** Server CPU microseconds per request (NaN without a pid). */
  serverCpuUsPerRequest: number;
  /** Share of one core the load generator used; near 100% the client was the bottleneck. */
  clientCpuShare: number;
};

/** Runs autocannon once against `target` and records each response's latency. */
export async function runAutocannon(
  target: LoadTarget,
  options: LoadOptions = {},
): Promise<LoadRun> {
  const latenciesMs: number[] = [];
  const serverCpuBefore = target.pid ? processCpuSeconds(target.pid) : Number.NaN;
  const clientCpuBefore = ownCpuSeconds();
  const started = process.hrtime.bigint();
  const result = await new Promise<autocannon.Result>((resolveRun, reject) => {
    const instance = autocannon(
      {
        url: target.url,
        method: target.method ?? 'GET',
        headers: target.headers,
        body: target.body,
        connections: options.connections ?? 10,
        pipelining: options.pipelining ?? 1,
        duration: options.durationS ?? 3,
      },
      (error, done) => (error ? reject(error) : resolveRun(done)),
    );
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latenciesMs.push(responseTime);
    });
  });
  const durationS = Number(process.hrtime.bigint() - started) / 1e9;
  const serverCpuAfter = target.pid ? processCpuSeconds(target.pid) : Number.NaN;
  return {
    serverCpuS: serverCpuAfter - serverCpuBefore,
    clientCpuS: ownCpuSeconds() - clientCpuBefore,
    requests: result.requests.total,
    durationS,
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    latenciesMs,
  };
}

/** The value below which `p` (0–1) of the sorted values fall (nearest-rank). */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1));
  return sorted[rank] as number;
}

export function summarize(label: string, runs: LoadRun[]): LoadSummary {
  const requests = runs.reduce((n, r) => n + r.requests, 0);
  const durationS = runs.reduce((n, r) => n + r.durationS, 0);
  const latencies = Float64Array.from(runs.flatMap((r) => r.latenciesMs)).sort();
  return {
    label,
    requests,
    durationS,
    rps: requests / durationS,
    p50Ms: percentile(latencies, 0.5),
    p99Ms: percentile(latencies, 0.99),
    non2xx: runs.reduce((n, r) => n + r.non2xx, 0),
    errors: runs.reduce((n, r) => n + r.errors + r.timeouts, 0),
    runs: runs.length,
    serverCpuUsPerRequest: (runs.reduce((n, r) => n + r.serverCpuS, 0) * 1e6) / requests,
    clientCpuShare: runs.reduce((n, r) => n + r.clientCpuS, 0) / durationS,
  };
}

export type Comparison = {
  baseline: LoadSummary;
  subject: LoadSummary;
  /** subject.rps / baseline.rps */
  throughputRatio: number;
  /** subject.p99 / baseline.p99 */
  p99Ratio: number;
  /** baseline / subject server CPU per request: the throughput ratio on an otherwise idle machine. */
  cpuCostRatio: number;
};

export type CompareOptions = LoadOptions & {
  /** Measured runs per target; the order alternates each round (ABBA) to cancel drift. */
  rounds?: number;
  /** Seconds of unmeasured load per target first, so both are JIT-warm. */
  warmupS?: number;
};

/**
 * Runs `first` and `second` once per round, swapping which goes first every other round, so
 * machine noise (other processes, CPU frequency, GC) and drift land on both sides alike.
 */
export async function alternateRounds(
  rounds: number,
  first: () => Promise<void>,
  second: () => Promise<void>,
): Promise<void> {
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? [first, second] : [second, first];
    for (const side of order) await side();
  }
}

/**
 * Measures `subject` against `baseline` in one process run, alternating between them so machine
 * noise (other processes, CPU frequency, GC) lands on both sides alike. Throws when either side
 * answered anything but 2xx: a ratio of error pages would be meaningless.
 */
export async function compareThroughput(
  baseline: LoadTarget,
  subject: LoadTarget,
  options: CompareOptions = {},
): Promise<Comparison> {
  const rounds = options.rounds ?? 3;
  const warmupS = options.warmupS ?? 1;
  if (warmupS > 0) {
    await runAutocannon(baseline, { ...options, durationS: warmupS });
    await runAutocannon(subject, { ...options, durationS: warmupS });
  }
  const runs = { baseline: [] as LoadRun[], subject: [] as LoadRun[] };
  await alternateRounds(
    rounds,
    async () => {
      runs.baseline.push(await runAutocannon(baseline, options));
    },
    async () => {
      runs.subject.push(await runAutocannon(subject, options));
    },
  );
  const result = {
    baseline: summarize(baseline.label, runs.baseline),
    subject: summarize(subject.label, runs.subject),
  };
  for (const s of [result.baseline, result.subject]) {
    if (s.non2xx > 0 || s.errors > 0) {
      throw new Error(
        `${s.label}: ${s.non2xx} non-2xx responses and ${s.errors} errors under load`,
      );
    }
  }
  return {
    ...result,
    throughputRatio: result.subject.rps / result.baseline.rps,
    p99Ratio: result.subject.p99Ms / result.baseline.p99Ms,
    cpuCostRatio: result.baseline.serverCpuUsPerRequest / result.subject.serverCpuUsPerRequest,
  };
}
